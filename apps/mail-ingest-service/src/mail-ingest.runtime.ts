import {
  Inject,
  Injectable,
  type BeforeApplicationShutdown,
  type OnApplicationBootstrap,
} from '@nestjs/common';
import { LOGGER, type Logger } from '@snaptrack/nest-logging';
import { SmtpListener } from './smtp/smtp-listener.js';
import { RawMailSweeper } from './retention/raw-mail-sweeper.js';
import { MailRetrySweeper } from './processing/mail-retry-sweeper.js';

/**
 * What runs beside the message consumer: the SMTP listener, the raw-mail and retry sweepers. They stop
 * in `beforeApplicationShutdown`, which Nest runs for every provider before any
 * `onApplicationShutdown`: so the listener has closed (no new mail, sessions in DATA finished)
 * before the consumer drains and `OutboxBus` publishes what is left and closes the bus.
 */
@Injectable()
export class MailIngestRuntime implements OnApplicationBootstrap, BeforeApplicationShutdown {
  constructor(
    @Inject(SmtpListener) private readonly smtp: SmtpListener,
    @Inject(RawMailSweeper) private readonly sweeper: RawMailSweeper,
    @Inject(MailRetrySweeper) private readonly retries: MailRetrySweeper,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    this.sweeper.start();
    this.retries.start();
    const port = await this.smtp.listen();
    this.logger.info({ port }, `SMTP listening on port ${port}`);
  }

  async beforeApplicationShutdown(): Promise<void> {
    await this.smtp.close();
    await this.sweeper.stop();
    await this.retries.stop();
  }
}

import {
  Inject,
  Injectable,
  type BeforeApplicationShutdown,
  type OnApplicationBootstrap,
} from '@nestjs/common';
import { LOGGER, type Logger } from '@snaptrack/nest-logging';
import { SmtpListener } from './smtp/smtp-listener.js';

/**
 * The SMTP listener beside the message consumer. It closes in `beforeApplicationShutdown`,
 * which Nest runs for every provider before any `onApplicationShutdown`: so the listener has
 * closed (no new mail, sessions in DATA finished) before the consumer drains and `OutboxBus`
 * publishes what is left and closes the bus. The sweepers are the kit's periodic jobs.
 */
@Injectable()
export class MailIngestRuntime implements OnApplicationBootstrap, BeforeApplicationShutdown {
  constructor(
    @Inject(SmtpListener) private readonly smtp: SmtpListener,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    const port = await this.smtp.listen();
    this.logger.info({ port }, `SMTP listening on port ${port}`);
  }

  async beforeApplicationShutdown(): Promise<void> {
    await this.smtp.close();
  }
}

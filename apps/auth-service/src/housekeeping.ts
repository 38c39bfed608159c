import {
  Inject,
  Injectable,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
} from '@nestjs/common';
import { LOGGER, type Logger } from '@snaptrack/nest-logging';
import { ActionCodes } from './codes/action-codes.js';
import { RateLimiter } from './rate-limit/rate-limiter.js';
import { EndedSessions } from './session/ended-sessions.js';

const HOUR = 3_600_000;

/**
 * Hourly: ended rate-limit windows, long-expired one-time codes and signed-out sessions whose
 * token has expired go, so no table grows.
 */
@Injectable()
export class Housekeeping implements OnApplicationBootstrap, OnApplicationShutdown {
  private timer?: NodeJS.Timeout;

  constructor(
    @Inject(RateLimiter) private readonly limiter: RateLimiter,
    @Inject(ActionCodes) private readonly codes: ActionCodes,
    @Inject(EndedSessions) private readonly endedSessions: EndedSessions,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => void this.sweep(), HOUR);
    this.timer.unref();
  }

  onApplicationShutdown(): void {
    clearInterval(this.timer);
  }

  async sweep(): Promise<void> {
    try {
      const windows = await this.limiter.sweep();
      const codes = await this.codes.sweep();
      const sessions = await this.endedSessions.sweep();
      this.logger.info(
        { windows, codes, sessions },
        'swept rate-limit windows, expired codes and ended sessions',
      );
    } catch (error) {
      this.logger.warn({ err: error }, 'sweep failed; next try in an hour');
    }
  }
}

import {
  Inject,
  Injectable,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
} from '@nestjs/common';
import { LOGGER, type Logger } from '@snaptrack/nest-logging';
import { ActionCodes } from './codes/action-codes.js';
import { RateLimiter } from './rate-limit/rate-limiter.js';

const HOUR = 3_600_000;

/** Hourly: ended rate-limit windows and long-expired one-time codes go, so neither table grows. */
@Injectable()
export class Housekeeping implements OnApplicationBootstrap, OnApplicationShutdown {
  private timer?: NodeJS.Timeout;

  constructor(
    @Inject(RateLimiter) private readonly limiter: RateLimiter,
    @Inject(ActionCodes) private readonly codes: ActionCodes,
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
      this.logger.info({ windows, codes }, 'swept rate-limit windows and expired codes');
    } catch (error) {
      this.logger.warn({ err: error }, 'sweep failed; next try in an hour');
    }
  }
}

import { Inject, Injectable } from '@nestjs/common';
import { LOGGER, type Logger } from '@snaptrack/nest-logging';
import type { PeriodicJob } from '@snaptrack/nest-rmq';
import { ActionCodes } from './codes/action-codes.js';
import { RateLimiter } from './rate-limit/rate-limiter.js';
import { EndedSessions } from './session/ended-sessions.js';

const HOUR = 3_600_000;

/**
 * Hourly: ended rate-limit windows, long-expired one-time codes and signed-out sessions whose
 * token has expired go, so no table grows.
 */
@Injectable()
export class Housekeeping implements PeriodicJob {
  readonly name = 'housekeeping sweep';
  readonly everyMs = HOUR;

  constructor(
    @Inject(RateLimiter) private readonly limiter: RateLimiter,
    @Inject(ActionCodes) private readonly codes: ActionCodes,
    @Inject(EndedSessions) private readonly endedSessions: EndedSessions,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async run(): Promise<void> {
    const windows = await this.limiter.sweep();
    const codes = await this.codes.sweep();
    const sessions = await this.endedSessions.sweep();
    this.logger.info(
      { windows, codes, sessions },
      'swept rate-limit windows, expired codes and ended sessions',
    );
  }
}

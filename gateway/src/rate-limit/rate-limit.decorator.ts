import { SetMetadata } from '@nestjs/common';
import type { EdgeLimitId } from './edge-limits.js';

export const RATE_LIMITS = 'snaptrack:rate-limits';

/** The edge limits a route is counted against, checked in order (see EdgeLimits). */
export const RateLimit = (...limits: EdgeLimitId[]) => SetMetadata(RATE_LIMITS, limits);

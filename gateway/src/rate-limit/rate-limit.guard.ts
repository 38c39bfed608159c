import { Inject, Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Response } from 'express';
import { type GatewayConfig } from '../config/env.js';
import { ApiError } from '../common/api-error.js';
import type { GatewayRequest } from '../common/authenticated-request.js';
import { clientAddress, networkKey } from '../common/client-network.js';
import { EdgeLimits, refusalMessage, type EdgeLimitId, type LimitKey } from './edge-limits.js';
import { EdgeLimiter } from './edge-limiter.js';
import { RATE_LIMITS } from './rate-limit.decorator.js';
import { countRefusal } from '../metrics/rate-limit-metrics.js';
import { GATEWAY_CONFIG } from '../tokens.js';

/**
 * Global, after the AuthGuard (so per-user limits know the user): counts the request against
 * each limit its route names and answers 429 RATE_LIMITED with Retry-After when one is spent.
 * Runs before interceptors and pipes, so a refused upload is never read.
 */
@Injectable()
export class RateLimitGuard implements CanActivate {
  private readonly exempt: ReadonlySet<string>;

  constructor(
    @Inject(Reflector) private readonly reflector: Reflector,
    @Inject(EdgeLimiter) private readonly limiter: EdgeLimiter,
    @Inject(GATEWAY_CONFIG) config: GatewayConfig,
  ) {
    this.exempt = new Set(config.RATE_LIMIT_EXEMPT_IPS);
  }

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const limits = this.reflector.getAllAndOverride<EdgeLimitId[] | undefined>(RATE_LIMITS, [
      context.getHandler(),
      context.getClass(),
    ]);
    if (!limits?.length) return true;
    const http = context.switchToHttp();
    const request = http.getRequest<GatewayRequest>();
    for (const id of limits) {
      const key = this.keyOf(EdgeLimits[id].key, request);
      if (key === undefined) continue;
      const refusal = await this.limiter.consume(id, key);
      if (refusal) {
        countRefusal(id);
        const seconds = refusal.retryAfterSeconds;
        http.getResponse<Response>().setHeader('Retry-After', String(seconds));
        throw new ApiError('RATE_LIMITED', refusalMessage(EdgeLimits[id].wording, seconds), {
          retry_after_seconds: seconds,
        });
      }
    }
    return true;
  }

  /** undefined: this limit does not apply to the request (no address in it, exempt client). */
  private keyOf(kind: LimitKey, request: GatewayRequest): string | undefined {
    if (kind === 'user' && request.user) return request.user.id;
    if (kind === 'account') return accountOf(request.body);
    const ip = clientAddress(request);
    return ip === undefined || this.exempt.has(ip) ? undefined : networkKey(ip);
  }
}

/** The address in the body, normalised as the services do (trimmed, lowercase). */
function accountOf(body: unknown): string | undefined {
  const email = (body as { email?: unknown } | undefined)?.email;
  if (typeof email !== 'string') return undefined;
  const normalized = email.trim().toLowerCase();
  return normalized ? normalized.slice(0, 320) : undefined;
}

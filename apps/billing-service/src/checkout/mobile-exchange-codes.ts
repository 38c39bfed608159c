import { createHash, randomBytes } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { AuthPatterns, type MessageContext, type SessionResponse } from '@snaptrack/contracts';
import { BusError, OutboxBus } from '@snaptrack/nest-rmq';
import { BILLING_SCHEMA } from '../config/env.js';
import { updateReturning } from '../common/sql.js';

export const EXCHANGE_CODE_TTL_MS = 10 * 60_000;
const EXCHANGE_EXPIRED = 'This sign-in code has expired. Please sign in.';

function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

/**
 * The mobile return's one-time code in place of a token in the deep link (a URL leaks through
 * logs and history). Only for a checkout that created its account; only its hash is stored.
 */
@Injectable()
export class MobileExchangeCodes {
  constructor(
    @Inject(DataSource) private readonly dataSource: DataSource,
    @Inject(OutboxBus) private readonly bus: OutboxBus,
  ) {}

  /** Once per checkout: null when it was handed out before or the account pre-existed. */
  async issue(checkoutId: string): Promise<string | null> {
    const code = randomBytes(32).toString('base64url');
    const claimed = await updateReturning<{ id: string }>(
      this.dataSource.manager,
      `UPDATE "${BILLING_SCHEMA}"."checkouts" SET "mobile_token_issued_at" = now(),
         "exchange_code_hash" = $2, "exchange_code_expires_at" = now() + $3 * interval '1 millisecond'
       WHERE "id" = $1 AND "mobile_token_issued_at" IS NULL AND "account_created" = true
       RETURNING "id"`,
      [checkoutId, sha256(code), EXCHANGE_CODE_TTL_MS],
    );
    return claimed.length > 0 ? code : null;
  }

  /** `POST /api/subscription/mobile-exchange`: the code for a session, once, within 10 minutes. */
  async exchange(code: string, ctx: MessageContext): Promise<SessionResponse> {
    const used = await updateReturning<{ user_id: string }>(
      this.dataSource.manager,
      `UPDATE "${BILLING_SCHEMA}"."checkouts" SET "exchange_code_used_at" = now()
       WHERE "exchange_code_hash" = $1 AND "exchange_code_used_at" IS NULL
         AND "exchange_code_expires_at" > now() AND "account_created" = true
       RETURNING "user_id"`,
      [sha256(code)],
    );
    const userId = used[0]?.user_id;
    if (!userId) throw new BusError('NOT_FOUND', EXCHANGE_EXPIRED);
    return this.bus.client.send(
      AuthPatterns.issueSession,
      { userId },
      { requestId: ctx.requestId },
    );
  }
}

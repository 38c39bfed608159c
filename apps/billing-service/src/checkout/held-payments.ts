import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import {
  AuthPatterns,
  isLiveSubscription,
  type ClaimCheckoutsResponse,
  type MessageContext,
} from '@snaptrack/contracts';
import { BusError, OutboxBus } from '@snaptrack/nest-rmq';
import { LOGGER, type Logger } from '@snaptrack/nest-logging';
import { BILLING_SCHEMA } from '../config/env.js';
import { updateReturning } from '../common/sql.js';
import { SubscriptionsService } from '../subscriptions/subscriptions.service.js';
import { CHECKOUT_COLUMNS, type CheckoutRow } from './checkout-row.js';
import { CheckoutService } from './checkout.service.js';

/**
 * Payments made for an address that already had an account. A checkout proves nothing about
 * who owns the address, so such a payment attaches to nobody until the account's owner signs
 * in with a proven address and asks for it.
 */
@Injectable()
export class HeldPayments {
  constructor(
    @Inject(DataSource) private readonly dataSource: DataSource,
    @Inject(CheckoutService) private readonly checkouts: CheckoutService,
    @Inject(SubscriptionsService) private readonly subscriptions: SubscriptionsService,
    @Inject(OutboxBus) private readonly bus: OutboxBus,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  /**
   * `POST /api/subscription/claim`: the signed-in owner of a proven address takes the newest
   * payment made for it while it already had an account. An account with a live subscription
   * keeps it (the held payment stays for support to refund).
   */
  async claim(userId: string, ctx: MessageContext): Promise<ClaimCheckoutsResponse> {
    const address = await this.bus.client.send(
      AuthPatterns.accountAddress,
      { userId },
      { requestId: ctx.requestId, userId },
    );
    if (!address.proven) {
      throw new BusError(
        'CONFLICT',
        `Please confirm ${address.email} first: open the link we emailed to it, then try again.`,
      );
    }
    const current = await this.subscriptions.stateOf(userId);
    const rows: CheckoutRow[] = await this.dataSource.query(
      `SELECT ${CHECKOUT_COLUMNS} FROM "${BILLING_SCHEMA}"."checkouts"
       WHERE "email" = $1 AND "state" = 'paid' AND "account_created" = false AND "claimed_at" IS NULL
       ORDER BY "paid_at" DESC LIMIT 1`,
      [address.email],
    );
    const row = rows[0];
    if (!row || isLiveSubscription(current.status))
      return { success: true, data: { claimed: 0, subscription: current } };
    const subscription = await this.checkouts.paidSubscription(row);
    const claimed = await this.dataSource.transaction(async (manager) => {
      const marked = await updateReturning<{ id: string }>(
        manager,
        `UPDATE "${BILLING_SCHEMA}"."checkouts" SET "user_id" = $2, "claimed_at" = now()
         WHERE "id" = $1 AND "claimed_at" IS NULL RETURNING "id"`,
        [row.id, userId],
      );
      if (marked.length === 0) return false;
      await this.subscriptions.save(
        manager,
        { userId, email: row.email, provider: row.provider },
        subscription,
        ctx,
      );
      return true;
    });
    if (claimed) {
      this.subscriptions.published();
      this.logger.info({ checkoutId: row.id, userId }, 'checkout claimed by its address owner');
    }
    return {
      success: true,
      data: { claimed: claimed ? 1 : 0, subscription: await this.subscriptions.stateOf(userId) },
    };
  }
}

import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import {
  BillingPlan,
  type LocalCheckoutView,
  type LocalPortalView,
  type MessageContext,
  type RedirectResponse,
} from '@snaptrack/contracts';
import { BusError } from '@snaptrack/nest-rmq';
import { LOGGER, type Logger } from '@snaptrack/nest-logging';
import { BILLING_SCHEMA, type BillingConfig } from '../config/env.js';
import { updateReturning } from '../common/sql.js';
import { CheckoutService } from '../checkout/checkout.service.js';
import { resultUrls, successUrlFor, type CheckoutRow } from '../checkout/checkout-row.js';
import { SubscriptionsService } from '../subscriptions/subscriptions.service.js';
import { BILLING_CONFIG } from '../tokens.js';

const INVALID_CHECKOUT = 'This checkout link is invalid.';
const INVALID_PORTAL = 'This billing link has expired. Please open Manage Billing again.';

/** What the `local` provider's own checkout and portal pages show and do. */
@Injectable()
export class LocalBillingService {
  constructor(
    @Inject(DataSource) private readonly dataSource: DataSource,
    @Inject(BILLING_CONFIG) private readonly config: BillingConfig,
    @Inject(CheckoutService) private readonly checkouts: CheckoutService,
    @Inject(SubscriptionsService) private readonly subscriptions: SubscriptionsService,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async checkoutView(sessionId: string): Promise<LocalCheckoutView> {
    const row = await this.localCheckout(sessionId);
    return { email: row.email, state: row.state, amount: '$4.99', plan: BillingPlan.name };
  }

  /** Pay or Cancel on the built-in checkout page; answers where the browser goes next. */
  async checkoutAct(
    sessionId: string,
    action: 'pay' | 'cancel',
    ctx: MessageContext,
  ): Promise<RedirectResponse> {
    const row = await this.localCheckout(sessionId);
    const urls = resultUrls(this.config.APP_URL, row.platform);
    if (action === 'cancel') {
      await this.dataSource.query(
        `UPDATE "${BILLING_SCHEMA}"."checkouts" SET "state" = 'cancelled' WHERE "id" = $1 AND "state" = 'open'`,
        [row.id],
      );
      // Cancelling after paying changes nothing: the payment stands.
      return {
        redirect_url: row.state === 'paid' ? successUrlFor(this.config.APP_URL, row) : urls.cancel,
      };
    }
    if (row.state === 'cancelled') {
      throw new BusError('CONFLICT', 'This checkout was cancelled. Please start again.');
    }
    await this.dataSource.query(
      `UPDATE "${BILLING_SCHEMA}"."checkouts" SET "state" = 'paid', "paid_at" = now()
       WHERE "id" = $1 AND "state" = 'open'`,
      [row.id],
    );
    try {
      await this.checkouts.fulfil({ ...row, state: 'paid' }, ctx);
    } catch (error) {
      // The payment is recorded; the success page's verification (or the sweeper) finishes it.
      this.logger.warn({ err: error, checkoutId: row.id }, 'fulfilment deferred');
    }
    return { redirect_url: successUrlFor(this.config.APP_URL, row) };
  }

  async portalView(portalId: string): Promise<LocalPortalView> {
    const portal = await this.portal(portalId);
    const row = await this.subscriptions.find(portal.user_id);
    if (!row) throw new BusError('NO_SUBSCRIPTION', INVALID_PORTAL);
    return {
      email: row.email,
      subscription: await this.subscriptions.stateOf(portal.user_id),
      return_url: portal.return_url,
    };
  }

  /** Cancel at the end of the paid period, or take that back; then return to the app. */
  async portalAct(
    portalId: string,
    action: 'cancel' | 'resume' | 'return',
    ctx: MessageContext,
  ): Promise<RedirectResponse> {
    const portal = await this.portal(portalId);
    if (action !== 'return') {
      const changed = await this.dataSource.transaction(async (manager) => {
        const rows = await updateReturning<{ user_id: string }>(
          manager,
          action === 'cancel'
            ? `UPDATE "${BILLING_SCHEMA}"."subscriptions" SET "cancel_at" = "current_period_end", "updated_at" = now()
               WHERE "user_id" = $1 AND "provider" = 'local' AND "status" IN ('active', 'past_due') RETURNING "user_id"`
            : `UPDATE "${BILLING_SCHEMA}"."subscriptions" SET "cancel_at" = NULL, "updated_at" = now()
               WHERE "user_id" = $1 AND "provider" = 'local' AND "status" IN ('active', 'past_due') RETURNING "user_id"`,
          [portal.user_id],
        );
        if (rows.length > 0) await this.subscriptions.changed(manager, portal.user_id, ctx);
        return rows.length > 0;
      });
      if (changed) this.subscriptions.published();
    }
    return { redirect_url: portal.return_url };
  }

  private async localCheckout(sessionId: string): Promise<CheckoutRow> {
    const row = await this.checkouts.byProviderSession(sessionId);
    if (!row || row.provider !== 'local') throw new BusError('NOT_FOUND', INVALID_CHECKOUT);
    return row;
  }

  private async portal(portalId: string) {
    const rows: { user_id: string; return_url: string }[] = await this.dataSource.query(
      `SELECT "user_id", "return_url" FROM "${BILLING_SCHEMA}"."portal_sessions"
       WHERE "id" = $1 AND "expires_at" > now()`,
      [portalId],
    );
    const portal = rows[0];
    if (!portal) throw new BusError('NOT_FOUND', INVALID_PORTAL);
    return portal;
  }
}

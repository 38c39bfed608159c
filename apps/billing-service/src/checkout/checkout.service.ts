import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import {
  AuthPatterns,
  type CreateCheckoutRequest,
  type CreateCheckoutResponse,
  type MessageContext,
  type VerifyPaymentResponse,
} from '@snaptrack/contracts';
import { BusError, OutboxBus } from '@snaptrack/nest-rmq';
import { LOGGER, type Logger } from '@snaptrack/nest-logging';
import { BILLING_SCHEMA, type BillingConfig } from '../config/env.js';
import { updateReturning } from '../common/sql.js';
import { type BillingProviders, type PaidCheckout } from '../providers/billing-provider.js';
import { SubscriptionsService } from '../subscriptions/subscriptions.service.js';
import { CHECKOUT_COLUMNS, resultUrls, type CheckoutRow } from './checkout-row.js';
import { isAllowedReturnUrl, parseOrigins } from './return-url.js';
import { MobileExchangeCodes } from './mobile-exchange-codes.js';
import { BILLING_CONFIG, BILLING_PROVIDERS } from '../tokens.js';

const VERIFY_FAILED = 'Payment verification failed';

/**
 * Paid signup: start a checkout, and turn a paid one into an account with a subscription and
 * a mailed setup link, exactly once however often the provider's event or the success page's
 * verification arrives.
 */
@Injectable()
export class CheckoutService {
  constructor(
    @Inject(DataSource) private readonly dataSource: DataSource,
    @Inject(BILLING_CONFIG) private readonly config: BillingConfig,
    @Inject(BILLING_PROVIDERS) private readonly providers: BillingProviders,
    @Inject(SubscriptionsService) private readonly subscriptions: SubscriptionsService,
    @Inject(MobileExchangeCodes) private readonly exchangeCodes: MobileExchangeCodes,
    @Inject(OutboxBus) private readonly bus: OutboxBus,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async create(request: CreateCheckoutRequest): Promise<CreateCheckoutResponse> {
    const provider = this.providers.active;
    if (!provider) {
      throw new BusError(
        'BILLING_DISABLED',
        'Billing is turned off here: every account is already subscribed.',
      );
    }
    const email = request.email.trim().toLowerCase();
    if (request.return_url && !isAllowedReturnUrl(request.return_url, this.returnRules())) {
      throw new BusError('VALIDATION_FAILED', 'Invalid return URL.', { fields: ['return_url'] });
    }
    // Every address gets the same answer, a checkout: refusing one that pays would tell anyone
    // who is a customer. A payment for an address that has an account waits for its owner
    // (`fulfil`, HeldPayments); one whose subscription is live keeps it.
    const id = randomUUID();
    const urls = resultUrls(this.config.APP_URL, request.platform);
    await this.dataSource.query(
      `INSERT INTO "${BILLING_SCHEMA}"."checkouts" ("id", "provider", "email", "platform", "return_url")
       VALUES ($1, $2, $3, $4, $5)`,
      [id, provider.name, email, request.platform, request.return_url ?? null],
    );
    let started;
    try {
      started = await provider.createCheckout({
        checkoutId: id,
        email,
        successUrl: urls.success,
        cancelUrl: urls.cancel,
      });
    } catch (error) {
      this.logger.error({ err: error, checkoutId: id }, 'checkout could not be created');
      throw new BusError('CHECKOUT_FAILED', 'Failed to create checkout session');
    }
    await this.dataSource.query(
      `UPDATE "${BILLING_SCHEMA}"."checkouts" SET "provider_session_id" = $2 WHERE "id" = $1`,
      [id, started.providerSessionId],
    );
    return {
      success: true,
      data: { checkout_url: started.url, session_id: started.providerSessionId },
    };
  }

  /**
   * The success page's call: confirms payment with the provider and finishes the signup. It
   * never answers with a token: a mobile checkout that created its account gets a one-time
   * exchange code; one for an address that already had an account gets "sign in to finish".
   */
  async verify(sessionId: string, ctx: MessageContext): Promise<VerifyPaymentResponse> {
    let row = await this.byProviderSession(sessionId);
    if (!row) throw new BusError('NOT_FOUND', VERIFY_FAILED);
    if (row.state !== 'paid') {
      const paid = await this.providers.byName(row.provider).paidCheckout(sessionId);
      if (!paid) throw new BusError('PAYMENT_NOT_COMPLETED', VERIFY_FAILED);
      await this.markPaid(row.id, paid);
      row = { ...row, state: 'paid' };
    }
    const fulfilment = row.fulfilled_at
      ? { accountCreated: row.account_created === true }
      : await this.fulfil(row, ctx);
    const mobile = row.platform === 'mobile';
    return {
      success: true,
      data: {
        user: { email: row.email },
        platform: row.platform,
        deep_link_return_url: mobile
          ? (row.return_url ?? `${this.config.MOBILE_DEEP_LINK_SCHEME}://signup/success`)
          : row.return_url,
        auth_token: null,
        exchange_code:
          mobile && fulfilment.accountCreated ? await this.exchangeCodes.issue(row.id) : null,
        sign_in_required: !fulfilment.accountCreated,
      },
    };
  }

  async markPaid(checkoutId: string, paid: PaidCheckout): Promise<void> {
    await this.dataSource.query(
      `UPDATE "${BILLING_SCHEMA}"."checkouts" SET "state" = 'paid', "paid_at" = COALESCE("paid_at", now()),
         "customer_id" = $2, "subscription_id" = $3
       WHERE "id" = $1 AND "state" <> 'paid'`,
      [checkoutId, paid.customerId, paid.subscription.id],
    );
  }

  /**
   * Account, subscription and setup link for a paid checkout. Safe to run any number of times,
   * also concurrently: auth-service creates the account and mails the link once per
   * idempotency key (the checkout), and the checkout row is marked fulfilled once. When the
   * address already had an account, nothing is attached: the payment waits for that account's
   * owner to sign in and claim it (`claim`).
   */
  async fulfil(
    row: CheckoutRow,
    ctx: Pick<MessageContext, 'requestId'>,
  ): Promise<{ accountCreated: boolean }> {
    const provider = this.providers.byName(row.provider);
    const subscription = await this.paidSubscription(row);
    const issued = await this.bus.client.send(
      AuthPatterns.passwordSetupIssue,
      { email: row.email, idempotencyKey: `checkout:${row.id}` },
      { requestId: ctx.requestId },
    );
    const accountCreated = !issued.preExisting;
    const first = await this.dataSource.transaction(async (manager) => {
      const marked = await updateReturning<{ id: string }>(
        manager,
        `UPDATE "${BILLING_SCHEMA}"."checkouts" SET "user_id" = $2, "account_created" = $3,
           "fulfilled_at" = now()
         WHERE "id" = $1 AND "fulfilled_at" IS NULL RETURNING "id"`,
        [row.id, accountCreated ? issued.userId : null, accountCreated],
      );
      if (marked.length === 0 || !accountCreated) return marked.length > 0;
      await this.subscriptions.save(
        manager,
        { userId: issued.userId, email: row.email, provider: provider.name },
        subscription,
        ctx,
      );
      return true;
    });
    if (first) {
      if (accountCreated) this.subscriptions.published();
      this.logger.info(
        { checkoutId: row.id, userId: issued.userId, accountCreated },
        accountCreated
          ? 'checkout fulfilled'
          : 'checkout paid for an existing account: awaiting claim',
      );
    }
    return { accountCreated };
  }

  /** The provider's latest state of the checkout's subscription, not the one at payment time. */
  async paidSubscription(row: CheckoutRow) {
    const provider = this.providers.byName(row.provider);
    const paid = row.provider_session_id
      ? await provider.paidCheckout(row.provider_session_id)
      : null;
    if (!paid) throw new BusError('PAYMENT_NOT_COMPLETED', VERIFY_FAILED);
    return (await provider.subscription(paid.subscription.id)) ?? paid.subscription;
  }

  /** Paid checkouts whose fulfilment failed (auth was down): finished by the sweeper. */
  async unfulfilled(limit = 20): Promise<CheckoutRow[]> {
    return this.dataSource.query(
      `SELECT ${CHECKOUT_COLUMNS} FROM "${BILLING_SCHEMA}"."checkouts"
       WHERE "state" = 'paid' AND "fulfilled_at" IS NULL AND "paid_at" < now() - interval '10 seconds'
       ORDER BY "paid_at" LIMIT $1`,
      [limit],
    );
  }

  async byProviderSession(sessionId: string): Promise<CheckoutRow | undefined> {
    const rows: CheckoutRow[] = await this.dataSource.query(
      `SELECT ${CHECKOUT_COLUMNS} FROM "${BILLING_SCHEMA}"."checkouts" WHERE "provider_session_id" = $1`,
      [sessionId],
    );
    return rows[0];
  }

  async byId(checkoutId: string): Promise<CheckoutRow | undefined> {
    const rows: CheckoutRow[] = await this.dataSource.query(
      `SELECT ${CHECKOUT_COLUMNS} FROM "${BILLING_SCHEMA}"."checkouts" WHERE "id" = $1`,
      [checkoutId],
    );
    return rows[0];
  }

  returnRules() {
    return {
      appUrl: this.config.APP_URL,
      extraOrigins: parseOrigins(this.config.RETURN_URL_ORIGINS),
      deepLinkScheme: this.config.MOBILE_DEEP_LINK_SCHEME,
    };
  }
}

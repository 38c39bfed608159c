import { Inject, Injectable } from '@nestjs/common';
import { BusError } from '@snaptrack/nest-rmq';
import { LOGGER, type Logger } from '@snaptrack/nest-logging';
import { type BillingConfig } from '../config/env.js';
import { type BillingProviders } from '../providers/billing-provider.js';
import { isAllowedWebUrl, parseOrigins } from '../checkout/return-url.js';
import { SubscriptionsService } from './subscriptions.service.js';
import { BILLING_CONFIG, BILLING_PROVIDERS } from '../tokens.js';

const PORTAL_FAILED = 'Unable to access billing portal. Please try again.';

/** 'Manage Billing': a billing-portal link of the provider that holds the subscription. */
@Injectable()
export class PortalService {
  constructor(
    @Inject(BILLING_CONFIG) private readonly config: BillingConfig,
    @Inject(BILLING_PROVIDERS) private readonly providers: BillingProviders,
    @Inject(SubscriptionsService) private readonly subscriptions: SubscriptionsService,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async open(userId: string, returnUrl?: string): Promise<string> {
    const rules = {
      appUrl: this.config.APP_URL,
      extraOrigins: parseOrigins(this.config.RETURN_URL_ORIGINS),
      deepLinkScheme: this.config.MOBILE_DEEP_LINK_SCHEME,
    };
    if (returnUrl && !isAllowedWebUrl(returnUrl, rules)) {
      throw new BusError('VALIDATION_FAILED', 'Invalid return URL.', { fields: ['return_url'] });
    }
    const row = await this.subscriptions.find(userId);
    if (!row) throw new BusError('NO_SUBSCRIPTION', PORTAL_FAILED);
    try {
      return await this.providers.byName(row.provider).createPortal({
        customerId: row.customer_id,
        userId,
        returnUrl: returnUrl ?? `${this.config.APP_URL}/subscription`,
      });
    } catch (error) {
      this.logger.error({ err: error, userId }, 'billing portal could not be opened');
      throw new BusError('SERVICE_UNAVAILABLE', PORTAL_FAILED);
    }
  }
}

import type { CheckoutPlatform } from '@snaptrack/contracts';

/** A row of billing.checkouts. */
export interface CheckoutRow {
  id: string;
  provider: 'local' | 'stripe';
  provider_session_id: string | null;
  email: string;
  platform: CheckoutPlatform;
  return_url: string | null;
  state: 'open' | 'paid' | 'cancelled';
  user_id: string | null;
  fulfilled_at: Date | null;
  /** Set at fulfilment: true when this checkout created the account, false when it existed. */
  account_created: boolean | null;
  claimed_at: Date | null;
}

export const CHECKOUT_COLUMNS = `"id", "provider", "provider_session_id", "email", "platform",
  "return_url", "state", "user_id", "fulfilled_at", "account_created", "claimed_at"`;

/** The SPA's result routes: /signup/success or /signup/mobile-success, and the cancelled ones. */
export function resultUrls(appUrl: string, platform: CheckoutPlatform) {
  const mobile = platform === 'mobile';
  return {
    success: `${appUrl}/signup/${mobile ? 'mobile-success' : 'success'}?session_id={CHECKOUT_SESSION_ID}`,
    cancel: `${appUrl}/signup/${mobile ? 'mobile-cancelled' : 'cancelled'}`,
  };
}

export function successUrlFor(appUrl: string, row: CheckoutRow): string {
  return resultUrls(appUrl, row.platform).success.replace(
    '{CHECKOUT_SESSION_ID}',
    encodeURIComponent(row.provider_session_id ?? ''),
  );
}

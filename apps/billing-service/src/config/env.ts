import { z } from 'zod';
import { envBoolean, loadConfigOrExit, serviceEnv } from '@snaptrack/nest-config';

/** An optional variable: unset and empty both mean "not configured". */
const optional = z.preprocess(
  (value) => (value === '' ? undefined : value),
  z.string().min(1).optional(),
);

export const billingEnv = serviceEnv
  .extend({
    /**
     * `stripe` (Checkout, Billing Portal, webhooks), `local` (built-in checkout page, no network)
     * or `off` (every account counts as subscribed). Default: stripe when a key is set, else
     * local outside production; production must choose (local is refused there, see below).
     */
    BILLING: z.enum(['local', 'stripe', 'off']).optional(),
    /**
     * `local` takes "payments" with one click and no money: in production it is refused at
     * boot unless this is `true` (a demo that gives subscriptions away on purpose).
     */
    ALLOW_LOCAL_BILLING_IN_PRODUCTION: envBoolean.default(false),
    /** Public address of the web app: success, cancel and portal return pages live here. */
    APP_URL: z
      .url()
      .default('http://localhost:8080')
      .transform((value) => value.replace(/\/+$/, '')),
    /** The mobile app's deep-link scheme, allowed as a checkout return_url (`snaptrack://…`). */
    MOBILE_DEEP_LINK_SCHEME: z
      .string()
      .regex(/^[a-z][a-z0-9+.-]*$/)
      .default('snaptrack'),
    /** Further web origins allowed as return_url (comma-separated), e.g. the marketing host. */
    RETURN_URL_ORIGINS: z.string().default(''),
    STRIPE_SECRET_KEY: optional,
    /** The Price of the $4.99 monthly plan (`price_…`). */
    STRIPE_PRICE_ID: optional,
    /** Tests point the real client at a loopback server: `http://127.0.0.1:12111`. */
    STRIPE_API_BASE: z.preprocess(
      (value) => (value === '' ? undefined : value),
      z.url({ protocol: /^https?$/ }).optional(),
    ),
    /** How often local subscriptions renew or end, and unfinished checkouts are completed. */
    /** A past_due subscription keeps its access this many days after payment first failed. */
    BILLING_PAST_DUE_GRACE_DAYS: z.coerce.number().min(0).max(90).default(7),
    BILLING_SWEEP_INTERVAL_MS: z.coerce.number().int().min(100).max(3_600_000).default(30_000),
  })
  .transform((env) => ({
    ...env,
    BILLING: env.BILLING ?? (env.STRIPE_SECRET_KEY ? ('stripe' as const) : ('local' as const)),
  }))
  .superRefine((env, context) => {
    if (!localBillingRefused(env)) return;
    context.addIssue({ code: 'custom', path: ['BILLING'], message: LOCAL_IN_PRODUCTION });
  })
  .superRefine((env, context) => {
    if (env.BILLING !== 'stripe') return;
    for (const key of ['STRIPE_SECRET_KEY', 'STRIPE_PRICE_ID'] as const) {
      if (!env[key]) {
        context.addIssue({ code: 'custom', path: [key], message: 'required when BILLING=stripe' });
      }
    }
  });

export type BillingConfig = z.infer<typeof billingEnv>;

const LOCAL_IN_PRODUCTION =
  'local billing (anyone can "pay" without money) is refused with NODE_ENV=production: set BILLING=off (self-hosting, every account subscribed) or BILLING=stripe with STRIPE_SECRET_KEY and STRIPE_PRICE_ID, or ALLOW_LOCAL_BILLING_IN_PRODUCTION=true for a demo that gives subscriptions away';

/** Production with local billing and no explicit demo allowance. */
export function localBillingRefused(env: {
  NODE_ENV: string;
  BILLING: string;
  ALLOW_LOCAL_BILLING_IN_PRODUCTION: boolean;
}): boolean {
  return (
    env.NODE_ENV === 'production' &&
    env.BILLING === 'local' &&
    !env.ALLOW_LOCAL_BILLING_IN_PRODUCTION
  );
}

export const BILLING_SCHEMA = 'billing';

export function loadBillingConfig(): BillingConfig {
  return loadConfigOrExit('billing-service', billingEnv);
}

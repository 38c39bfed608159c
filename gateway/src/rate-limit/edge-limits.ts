import { z } from 'zod';

/** What a limit counts by: the client address, the address in the body, or the signed-in user. */
export type LimitKey = 'ip' | 'account' | 'user';

/** Which text a refusal carries: the product's wording where it has one, else a generic one. */
export type LimitWording = 'sign-in' | 'reset' | 'generic';

interface EdgeLimitSpec {
  key: LimitKey;
  env: string;
  /** `<points>/<seconds>`: this many requests per window of this many seconds. */
  fallback: string;
  wording: LimitWording;
}

/**
 * Every edge limit, one per (route group, key). The defaults are far above what a person does
 * by hand; they stop scripts. A route names the limits it is counted against with @RateLimit.
 */
export const EdgeLimits = {
  login_ip: { key: 'ip', env: 'RATE_LIMIT_LOGIN_PER_IP', fallback: '100/900', wording: 'sign-in' },
  login_account: {
    key: 'account',
    env: 'RATE_LIMIT_LOGIN_PER_ACCOUNT',
    fallback: '30/900',
    wording: 'sign-in',
  },
  // At most auth-service's own per-IP reset limit (20 an hour), so the edge answers first.
  reset_ip: { key: 'ip', env: 'RATE_LIMIT_RESET_PER_IP', fallback: '20/3600', wording: 'reset' },
  reset_account: {
    key: 'account',
    env: 'RATE_LIMIT_RESET_PER_ACCOUNT',
    fallback: '5/3600',
    wording: 'reset',
  },
  reset_link_ip: {
    key: 'ip',
    env: 'RATE_LIMIT_RESET_LINK_PER_IP',
    fallback: '30/900',
    wording: 'generic',
  },
  setup_password_ip: {
    key: 'ip',
    env: 'RATE_LIMIT_SETUP_PASSWORD_PER_IP',
    fallback: '20/900',
    wording: 'generic',
  },
  checkout_ip: {
    key: 'ip',
    env: 'RATE_LIMIT_CHECKOUT_PER_IP',
    fallback: '20/3600',
    wording: 'generic',
  },
  checkout_account: {
    key: 'account',
    env: 'RATE_LIMIT_CHECKOUT_PER_ACCOUNT',
    fallback: '10/3600',
    wording: 'generic',
  },
  verify_payment_ip: {
    key: 'ip',
    env: 'RATE_LIMIT_VERIFY_PAYMENT_PER_IP',
    fallback: '60/900',
    wording: 'generic',
  },
  feedback_ip: {
    key: 'ip',
    env: 'RATE_LIMIT_FEEDBACK_PER_IP',
    fallback: '20/3600',
    wording: 'generic',
  },
  help_vote_ip: {
    key: 'ip',
    env: 'RATE_LIMIT_HELP_VOTE_PER_IP',
    fallback: '60/3600',
    wording: 'generic',
  },
  social_sign_in_ip: {
    key: 'ip',
    env: 'RATE_LIMIT_SOCIAL_SIGN_IN_PER_IP',
    fallback: '60/900',
    wording: 'generic',
  },
  // The provider's redirect back: one per sign-in a person starts; anything more is a script.
  oidc_callback_ip: {
    key: 'ip',
    env: 'RATE_LIMIT_OIDC_CALLBACK_PER_IP',
    fallback: '30/900',
    wording: 'generic',
  },
  email_verify_ip: {
    key: 'ip',
    env: 'RATE_LIMIT_EMAIL_VERIFY_PER_IP',
    fallback: '30/900',
    wording: 'generic',
  },
  parse_user: {
    key: 'user',
    env: 'RATE_LIMIT_PARSE_PER_USER',
    fallback: '120/3600',
    wording: 'generic',
  },
  // Each re-extraction is an OCR job (and a model call where one is configured).
  reprocess_user: {
    key: 'user',
    env: 'RATE_LIMIT_REPROCESS_PER_USER',
    fallback: '60/3600',
    wording: 'generic',
  },
  pdf_export_user: {
    key: 'user',
    env: 'RATE_LIMIT_PDF_EXPORT_PER_USER',
    fallback: '30/3600',
    wording: 'generic',
  },
  email_add_user: {
    key: 'user',
    env: 'RATE_LIMIT_EMAIL_ADD_PER_USER',
    fallback: '10/3600',
    wording: 'generic',
  },
  verification_mail_user: {
    key: 'user',
    env: 'RATE_LIMIT_VERIFICATION_MAIL_PER_USER',
    fallback: '10/3600',
    wording: 'generic',
  },
} as const satisfies Record<string, EdgeLimitSpec>;

export type EdgeLimitId = keyof typeof EdgeLimits;
type EdgeLimitEnvName = (typeof EdgeLimits)[EdgeLimitId]['env'];

export interface LimitSetting {
  points: number;
  seconds: number;
}

function limitSetting(fallback: string) {
  return z
    .string()
    .regex(/^\d{1,7}\/\d{1,7}$/, 'must be <requests>/<seconds>, e.g. 100/900')
    .default(fallback)
    .transform((value): LimitSetting => {
      const [points, seconds] = value.split('/').map(Number);
      return { points: points ?? 0, seconds: seconds ?? 0 };
    })
    .refine((limit) => limit.points >= 1 && limit.seconds >= 1, 'both numbers must be 1 or more');
}

/** The zod shape of every limit's variable, for the gateway's config. */
export const edgeLimitEnv = Object.fromEntries(
  Object.values(EdgeLimits).map((limit) => [limit.env, limitSetting(limit.fallback)]),
) as Record<EdgeLimitEnvName, ReturnType<typeof limitSetting>>;

/** The configured setting of one limit. */
export function settingOf(
  config: Record<EdgeLimitEnvName, LimitSetting>,
  id: EdgeLimitId,
): LimitSetting {
  return config[EdgeLimits[id].env];
}

/**
 * The refusal text: the product's where it has one (docs/security.md, Rate limits), otherwise a
 * clear generic one.
 */
export function refusalMessage(wording: LimitWording, retryAfterSeconds: number): string {
  switch (wording) {
    case 'reset':
      return 'Too many reset attempts. Please try again in an hour.';
    case 'sign-in':
      return `Too many sign-in attempts. Please try again in ${waitText(retryAfterSeconds)}.`;
    case 'generic':
      return `Too many requests. Please try again in ${waitText(retryAfterSeconds)}.`;
  }
}

function waitText(seconds: number): string {
  if (seconds < 120) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minutes`;
}

import type { ProductUser } from './product-user.js';

export interface SessionResponse {
  token: string;
  user: ProductUser;
}

export interface SuccessResponse {
  success: true;
}

export interface MessageResponse {
  success: true;
  message: string;
}

export interface PasswordResetVerifyResponse {
  success: true;
  email: string;
}

export type SignInMethod = 'password' | 'google' | 'apple';

export interface SignInMethodsResponse {
  methods: SignInMethod[];
}

export const OidcProviderIds = ['google', 'apple'] as const;

export type OidcProviderId = (typeof OidcProviderIds)[number];

export type OidcMode = 'signin' | 'link';

/** Which social buttons the SPA shows: only configured providers. */
export interface OidcProvidersResponse {
  google: boolean;
  apple: boolean;
}

export interface OidcStartResponse {
  url: string;
}

/**
 * Why a Google/Apple callback came back without a result (`/login?oidc_error=<reason>`): a
 * state that was never issued, used or expired gets no result code, and the gateway could
 * not reach auth-service. Each reason's text is what the login page shows.
 */
export const OidcErrorReasons = { expired: 'expired', unavailable: 'unavailable' } as const;

export type OidcErrorReason = keyof typeof OidcErrorReasons;

export const OidcErrorMessages: Record<OidcErrorReason, string> = {
  expired: 'This sign-in attempt has expired. Please try again.',
  unavailable: 'Sign-in is not available right now. Please try again shortly.',
};

export type OidcResultResponse =
  | { kind: 'signin'; provider: OidcProviderId; token: string; user: ProductUser }
  | { kind: 'link'; provider: OidcProviderId; methods: SignInMethod[] };

export type EmailType = 'primary' | 'contact' | 'additional';

/** The spec's user email record, with its id for the preference, delete and verify calls. */
export interface UserEmailRecord {
  id: string;
  email: string;
  email_type: EmailType;
  is_verified: boolean;
  opted_in_transactional: boolean;
  opted_in_marketing: boolean;
  created_at: string;
  verified_at: string | null;
}

export interface EmailListResponse {
  emails: UserEmailRecord[];
}

export interface EmailResponse {
  email: UserEmailRecord;
}

export interface UsernameCheckResponse {
  /** The normalised (lowercased, trimmed) username that was checked. */
  username: string;
  available: boolean;
  errors: string[];
  suggestions: string[];
  /** The receipt address the name would give (`{username}@{MAIL_DOMAIN}`), when available. */
  address: string | null;
}

export interface UsernameAssignResponse {
  username: string;
  snaptrack_email: string;
  email_username_changed_at: string;
}

export interface UsernameHistoryEntry {
  old_username: string | null;
  new_username: string;
  changed_at: string;
  changed_by: string;
}

export interface UsernameHistoryResponse {
  history: UsernameHistoryEntry[];
}

/** POST /api/auth/login. */
export interface LoginBody {
  email: string;
  password: string;
}

/** POST /api/auth/password-reset/confirm: the mailed code and the new password. */
export interface PasswordResetConfirmBody {
  oobCode: string;
  password: string;
}

/** POST /api/subscription/setup-password: the token of the mailed link and the first password. */
export interface PasswordSetupBody {
  token: string;
  password: string;
}

/** POST /api/user/emails. */
export interface AddEmailBody {
  email: string;
  opted_in_transactional?: boolean;
  opted_in_marketing?: boolean;
}

/** GET /api/user/profile: the user plus the receipt-address fields the screens read. */
export interface ProfileResponse {
  success: true;
  profile: ProductUser;
  email_username: string | null;
  personal_subdomain: string | null;
  subdomain: string | null;
  email_identifier: string | null;
  email_username_changed_at: string | null;
  snaptrack_emails: string[];
}

/** GET /api/auth/providers (public): which sign-in buttons the server can serve. */
export interface ProvidersResponse {
  success: true;
  providers: { password: true } & OidcProvidersResponse;
}

/** POST /api/subscription/setup-password: the first password is set, the user signed in. */
export interface PasswordSetupResponse {
  success: true;
  data: { auth_token: string; user: ProductUser };
}

/** The verification mail's link: the address's id and its one-time token. */
export interface EmailVerificationLink {
  id: string;
  token: string;
}

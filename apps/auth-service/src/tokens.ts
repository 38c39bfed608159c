/** The dependency-injection tokens of this service (the logger's is `LOGGER` from libs/nest/logging). */

/** The parsed config (AuthConfig). */
export const AUTH_CONFIG = Symbol('AUTH_CONFIG');

/** The time source of everything with a window or an expiry; tests hand in their own. */
export interface Clock {
  now(): Date;
}
export const CLOCK = Symbol('CLOCK');

/** The AuthMailer (outbound mail through SMTP or the outbox folder). */
export const AUTH_MAILER = Symbol('AUTH_MAILER');

/** The OidcClients of the configured Google and Apple sign-ins. */
export const OIDC_CLIENTS = Symbol('OIDC_CLIENTS');

import type { Provider } from '@nestjs/common';
import { createMailer } from '@snaptrack/mailer';
import { createLogger, type Logger } from '@snaptrack/nest-logging';
import { logsMailLinks, type AuthConfig } from './config/env.js';
import { AuthMailer } from './mail/auth-mailer.js';
import { OidcClients, providerSettings } from './oidc/oidc-clients.js';
import { TokenIssuer } from './session/token-issuer.js';
import { AUTH_MAILER, CLOCK, OIDC_CLIENTS, type Clock } from './tokens.js';

/** What auth-service builds from its config: the clock, mailer, OIDC clients and token issuer. */
export function configProviders(config: AuthConfig, logger: Logger): Provider[] {
  const mailer = createMailer({
    smtpUrl: config.SMTP_URL,
    from: config.MAIL_FROM ?? `SnapTrack <no-reply@${config.MAIL_DOMAIN}>`,
    outboxDir: config.MAIL_OUTBOX_DIR,
    logger,
    // The one logger that writes codes: links of a local run's outbox, never in production.
    linkLogger: logsMailLinks(config)
      ? createLogger('auth-service', config.LOG_LEVEL, undefined, { scrubSecrets: false })
      : undefined,
  });
  return [
    { provide: CLOCK, useValue: { now: () => new Date() } satisfies Clock },
    { provide: AUTH_MAILER, useValue: new AuthMailer(mailer, logger) },
    { provide: OIDC_CLIENTS, useValue: new OidcClients(providerSettings(config)) },
    { provide: TokenIssuer, useValue: new TokenIssuer(config.JWT_SECRET, config.JWT_TTL_SECONDS) },
  ];
}

import { z } from 'zod';
import {
  envPort,
  loadConfigOrExit,
  serviceEnv,
  storageEnv,
  orphanSweepEnv,
} from '@snaptrack/nest-config';

const optionalPath = z.preprocess(
  (value) => (value === '' ? undefined : value),
  z.string().min(1).optional(),
);

export const mailIngestEnv = serviceEnv
  .merge(storageEnv)
  .merge(orphanSweepEnv)
  .extend({
    MAIL_DOMAIN: z.string().min(3).default('snaptrack.localhost'),
    /** The inbound MX: 2525 locally, 25 in compose. */
    SMTP_PORT: envPort.default(2525),
    SMTP_HOST: z.string().default('0.0.0.0'),
    /** The name the server greets with. */
    SMTP_HOSTNAME: z.string().min(1).default('snaptrack.localhost'),
    /** STARTTLS certificate and key (PEM files). Without both, STARTTLS is not offered: the
     * smtp-server package's built-in key is never used. */
    SMTP_TLS_CERT_FILE: optionalPath,
    SMTP_TLS_KEY_FILE: optionalPath,
    MAIL_MAX_BYTES: z.coerce
      .number()
      .int()
      .min(1024)
      .default(25 * 1024 * 1024),
    SMTP_MAX_CLIENTS: z.coerce.number().int().min(1).default(100),
    /** Connections one client (IPv4 address, IPv6 /64) may hold open at once; more get 421. */
    SMTP_MAX_CLIENTS_PER_ADDRESS: z.coerce.number().int().min(1).default(10),
    SMTP_MAX_RECIPIENTS: z.coerce.number().int().min(1).default(10),
    SMTP_SOCKET_TIMEOUT_MS: z.coerce.number().int().min(1000).default(60_000),
    /** How long a receipt address lookup (found or not) is trusted. */
    RECIPIENT_CACHE_MS: z.coerce.number().int().min(0).default(30_000),
    /** How long billing's "entitled" answer for an address's account is trusted (never a "no"). */
    ENTITLEMENT_CACHE_MS: z.coerce.number().int().min(0).max(300_000).default(10_000),
    /** Quota: mails one receipt address takes per hour; beyond it RCPT answers 452 4.2.2. */
    MAILS_PER_HOUR: z.coerce.number().int().min(1).max(100_000).default(100),
    /** Parsing one message: wall-clock limit and heap limit of its worker thread. */
    PARSE_TIMEOUT_MS: z.coerce.number().int().min(100).default(20_000),
    PARSE_MAX_HEAP_MB: z.coerce.number().int().min(32).default(256),
    /** Messages parsed at once (one worker thread each). */
    PARSE_CONCURRENCY: z.coerce.number().int().min(1).max(16).default(2),
    /** Receipts an account takes per hour from senders not on its list (sender rules
     * `everyone`); a mail that would go past it is held in the mail log for release. */
    UNKNOWN_SENDER_RECEIPTS_PER_HOUR: z.coerce.number().int().min(0).max(10_000).default(10),
    /** Days a held mail waits for its owner's release before it is deleted. */
    HELD_MAIL_DAYS: z.coerce.number().int().min(1).max(365).default(14),
    /** A mail that failed for a passing fault is tried again after this, doubling each time… */
    MAIL_RETRY_BASE_SECONDS: z.coerce.number().int().min(1).default(30),
    /** …up to this; it is never given up (the sender was told 250). */
    MAIL_RETRY_MAX_SECONDS: z.coerce.number().int().min(1).default(600),
    /** A mail still `received` this long after its last hand-over is handed over again. */
    MAIL_STUCK_AFTER_SECONDS: z.coerce.number().int().min(1).default(300),
    /** How often the retry sweeper looks for mail to hand over again. */
    MAIL_RETRY_SWEEP_SECONDS: z.coerce.number().int().min(1).default(30),
    /** At most this many attachments of one message become receipts. */
    MAX_RECEIPTS_PER_MAIL: z.coerce.number().int().min(1).max(50).default(10),
  });

export type MailIngestConfig = z.infer<typeof mailIngestEnv>;

export const MAIL_SCHEMA = 'mail_ingest';

export function loadMailIngestConfig(): MailIngestConfig {
  return loadConfigOrExit('mail-ingest-service', mailIngestEnv);
}

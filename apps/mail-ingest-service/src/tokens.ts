/** The dependency-injection tokens of this service (the logger's is `LOGGER` from libs/nest/logging). */

/** The parsed config (MailIngestConfig). */
export const MAIL_INGEST_CONFIG = Symbol('MAIL_INGEST_CONFIG');

/**
 * Text-level redaction of secrets that hide inside strings (URLs with query strings, header
 * values, stack traces), applied to every log line just before it is written. Object fields are
 * redacted by name (REDACTED_PATHS); this catches what a field name cannot tell, for code written
 * later too.
 */
const REDACTED = '[redacted]';

/** Query strings and form bodies: every value, whatever its name (`?code=…&state=…`). */
const QUERY_VALUE = /([?&][A-Za-z0-9_.[\]-]{1,64}=)[^&#\s"'\\<>]+/g;
/** `name=value` pairs whose name says secret, anywhere (cookies, `Set-Cookie`, messages). */
const SECRET_PAIR =
  /\b((?:auth_token|access_token|refresh_token|id_token|token|oobCode|code|state|session_id|sessionId|oidc_result|password|secret|client_secret|sid|connect\.sid)=)[^&;#\s"'\\<>]+/gi;
/** `Authorization: Bearer …` and `Basic …` values written as text. */
const AUTH_SCHEME = /\b((?:Bearer|Basic)\s+)[A-Za-z0-9._~+/=-]{8,}/g;
/** A JWT wherever it appears (three base64url parts, the first a JSON header). */
const JWT = /\beyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]+/g;
/** Credentials in connection URLs: `postgres://user:password@host`. */
const URL_CREDENTIALS = /(\b[a-z][a-z0-9+.-]*:\/\/[^\s:/@"'\\]+:)[^\s@/"'\\]+@/gi;

export function scrubSecrets(text: string): string {
  return text
    .replace(JWT, REDACTED)
    .replace(AUTH_SCHEME, `$1${REDACTED}`)
    .replace(URL_CREDENTIALS, `$1${REDACTED}@`)
    .replace(QUERY_VALUE, `$1${REDACTED}`)
    .replace(SECRET_PAIR, `$1${REDACTED}`);
}

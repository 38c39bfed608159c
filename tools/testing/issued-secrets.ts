import { appendFileSync } from 'node:fs';

/**
 * Every secret the tests see the stack issue (tokens, codes, session ids, cookies) is written to
 * a ledger file of the run; after the run, secret-scan.mjs looks for each in every log file.
 * Values shorter than this are too common to be found by chance only, and no issued secret is.
 */
const MIN_LENGTH = 16;

/** Names of fields, query parameters and cookies whose values are secrets. */
const SECRET_NAME =
  /^(auth_token|token|access_token|refresh_token|id_token|setup_token|oobCode|code|state|oidc_result|session_id|sessionId|checkout_session_id|client_secret|secret)$/i;
const JWT = /eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]+/g;

export function recordIssuedSecret(kind: string, value: unknown): void {
  const file = process.env.SNAPTRACK_ISSUED_SECRETS_FILE;
  if (!file || typeof value !== 'string' || value.length < MIN_LENGTH) return;
  // Error codes (`"code": "SUBSCRIPTION_REQUIRED"`) are names, not secrets.
  if (/^[A-Z][A-Z0-9_]+$/.test(value)) return;
  appendFileSync(file, `${JSON.stringify({ kind, value })}\n`, { mode: 0o600 });
}

/** Secret-named fields of a JSON answer, at any depth, and any JWT in it. */
export function recordSecretsInBody(where: string, body: unknown, depth = 0): void {
  if (depth === 0 && typeof body === 'string') {
    for (const match of body.matchAll(JWT)) recordIssuedSecret(`${where}: jwt`, match[0]);
  }
  if (typeof body !== 'object' || body === null || depth > 8) return;
  for (const [key, value] of Object.entries(body)) {
    if (typeof value === 'string') {
      if (SECRET_NAME.test(key)) recordIssuedSecret(`${where}: ${key}`, value);
      for (const match of value.matchAll(JWT)) recordIssuedSecret(`${where}: jwt`, match[0]);
      if (/^https?:\/\//.test(value)) recordSecretsInUrl(`${where}: ${key}`, value);
    } else {
      recordSecretsInBody(where, value, depth + 1);
    }
  }
}

/** Secret-named query parameters of a URL (mailed links, redirects, callbacks). */
export function recordSecretsInUrl(where: string, url: string | URL): void {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return;
  }
  for (const [name, value] of parsed.searchParams) {
    if (SECRET_NAME.test(name)) recordIssuedSecret(`${where}: ${name}`, value);
  }
}

/** Cookie values a response sets. */
export function recordSecretsInCookies(where: string, headers: Headers): void {
  for (const header of headers.getSetCookie()) {
    const [pair = ''] = header.split(';');
    const [name = '', ...value] = pair.split('=');
    recordIssuedSecret(`${where}: cookie ${name.trim()}`, value.join('='));
  }
}

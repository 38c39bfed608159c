import { recordSecretsInBody, recordSecretsInCookies } from './issued-secrets.js';

/** What tests use to reach the stack the global setup started. */
export const stack = {
  get baseUrl(): string {
    return required('SNAPTRACK_BASE_URL');
  },
  get jwtSecret(): string {
    return required('SNAPTRACK_JWT_SECRET');
  },
  /** The gateway's Stripe webhook signing secret (a test value, set for the whole stack). */
  get stripeWebhookSecret(): string {
    return required('SNAPTRACK_STRIPE_WEBHOOK_SECRET');
  },
  /** How long the gateway waits for a service's answer before it says 503. */
  get rpcTimeoutMs(): number {
    return Number(required('SNAPTRACK_RPC_TIMEOUT_MS'));
  },
  /** The inbound SMTP server (mail-ingest). */
  get smtpPort(): number {
    return Number(required('SNAPTRACK_SMTP_PORT'));
  },
  /** The object storage folder (fs driver) every service of the stack shares. */
  get storageRoot(): string {
    return required('SNAPTRACK_STORAGE_DIR');
  },
  /** The certificate the SMTP server was configured with (PEM file). */
  get tlsCertFile(): string {
    return required('SNAPTRACK_TLS_CERT_FILE');
  },
  /** Where a process (`gateway`, `expenses` …) serves its Prometheus metrics. */
  metricsUrl(unit: string): string {
    const url = (JSON.parse(required('SNAPTRACK_METRICS_URLS')) as Record<string, string>)[unit];
    if (!url) throw new Error(`no metrics port for ${unit}`);
    return url;
  },
  async stop(unit: string): Promise<void> {
    await control(unit, 'stop');
  },
  /** Starts a stopped process; `env` overrides its environment until its next start. */
  async start(unit: string, env?: Record<string, string>): Promise<void> {
    await control(unit, 'start', env);
  },
  /** Stop, then start with `env` (no `env`: back to the stack's own environment). */
  async restart(unit: string, env?: Record<string, string>): Promise<void> {
    await control(unit, 'stop');
    await control(unit, 'start', env);
  },
};

async function control(
  unit: string,
  action: 'stop' | 'start',
  env?: Record<string, string>,
): Promise<void> {
  const response = await fetch(`${required('SNAPTRACK_CONTROL_URL')}/units/${unit}/${action}`, {
    method: 'POST',
    ...(env
      ? { headers: { 'content-type': 'application/json' }, body: JSON.stringify({ env }) }
      : {}),
  });
  if (response.status !== 204)
    throw new Error(`could not ${action} ${unit}: ${await response.text()}`);
}

function required(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set: run through the integration jest project`);
  return value;
}

export async function api(
  path: string,
  options: {
    method?: string;
    token?: string;
    body?: unknown;
    headers?: Record<string, string>;
  } = {},
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read arbitrary JSON
): Promise<{ status: number; body: any; headers: Headers }> {
  const response = await fetch(`${stack.baseUrl}${path}`, {
    method: options.method ?? (options.body === undefined ? 'GET' : 'POST'),
    headers: {
      ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      ...options.headers,
    },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const text = await response.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // not JSON: keep the text
  }
  // Everything the stack hands out goes to the run's ledger: no log may ever show it.
  recordSecretsInBody(path.split('?')[0] ?? path, body);
  recordSecretsInCookies(path.split('?')[0] ?? path, response.headers);
  return { status: response.status, body, headers: response.headers };
}

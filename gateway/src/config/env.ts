import { isIP } from 'node:net';
import { z } from 'zod';
import {
  envBoolean,
  envPort,
  jwtSecret,
  loadConfigOrExit,
  refuseWeakJwtSecretInProduction,
  storageEnv,
  tracingEnv,
} from '@snaptrack/nest-config';
import { ServiceNames, type ServiceName } from '@snaptrack/contracts';
import { edgeLimitEnv } from '../rate-limit/edge-limits.js';

const serviceList = z
  .string()
  .transform((value) =>
    value
      .split(',')
      .map((name) => name.trim())
      .filter(Boolean),
  )
  .pipe(z.array(z.enum(ServiceNames)));

/**
 * `loopback` or addresses and subnets, comma-separated. Express's other forms (`true`, a hop
 * count, `uniquelocal`, `linklocal`) would believe hosts nobody named, so they are refused.
 */
const trustedProxies = z
  .string()
  .transform((value) =>
    value
      .split(',')
      .map((entry) => entry.trim())
      .filter(Boolean),
  )
  .pipe(
    z
      .array(
        z.string().refine(isTrustedProxy, {
          message:
            'must list the proxies in front of the gateway by address or subnet (or loopback), e.g. 172.29.80.10; true, hop counts, uniquelocal and linklocal trust hosts nobody named',
        }),
      )
      .min(1),
  );

function isTrustedProxy(entry: string): boolean {
  if (entry === 'loopback') return true;
  const [address = '', bits, extra] = entry.split('/');
  if (extra !== undefined || isIP(address) === 0) return false;
  if (bits === undefined) return true;
  const max = isIP(address) === 4 ? 32 : 128;
  return /^\d{1,3}$/.test(bits) && Number(bits) <= max;
}

export const gatewayEnv = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    LOG_LEVEL: z
      .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
      .default('info'),
    PORT: envPort.default(8080),
    HOST: z.string().default('0.0.0.0'),
    /**
     * Prometheus metrics at /metrics on this port of its own (never the public PORT, which
     * nginx and the ingress forward); 0: no metrics (docs/operations.md, Metrics).
     */
    METRICS_PORT: envPort.default(0),
    RABBITMQ_URL: z.string().regex(/^amqps?:\/\//, 'must be an amqp:// URL'),
    RMQ_PREFIX: z
      .string()
      .regex(/^[a-z0-9][a-z0-9_-]{0,40}$/)
      .default('snaptrack'),
    RPC_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
    JWT_SECRET: jwtSecret,
    /** Serve local billing's checkout and portal pages in production (a demo only). */
    ALLOW_LOCAL_BILLING_IN_PRODUCTION: envBoolean.default(false),
    /** Services whose ping /api/health/ready waits for. */
    READY_SERVICES: serviceList.default(['auth'] as ServiceName[]),
    /** The built SPA; empty to serve the API only (nginx serves the SPA in compose). */
    WEB_DIST_DIR: z.string().default(''),
    /** Where /docs/legal/*.md are read from. */
    LEGAL_DOCS_DIR: z.string().default(''),
    /** How long a token's auth_version is trusted before asking auth-service again. */
    AUTH_VERSION_CACHE_MS: z.coerce.number().int().min(0).max(60_000).default(5_000),
    /** How long billing's "entitled" answer is trusted (a refusal is never cached); 0: ask each time. */
    ENTITLEMENT_CACHE_MS: z.coerce.number().int().min(0).max(60_000).default(5_000),
    JSON_BODY_LIMIT: z.string().default('100kb'),
    /**
     * The proxies whose X-Forwarded-For is believed, by address or subnet (and `loopback`): the
     * client address feeds every per-IP limit. Exactly the hops in front of the gateway (nginx's
     * address in compose), never a whole private range: any host there could name any client.
     */
    TRUST_PROXY: trustedProxies.default(['loopback']),
    /**
     * Linking Google or Apple needs a sign-in at most this old (a stolen session must not add a
     * sign-in method).
     */
    REAUTH_MAX_AGE_SECONDS: z.coerce.number().int().min(60).default(3_600),
    /** Signing secret of the Stripe webhook endpoint (`whsec_…`); unset: the route answers 404. */
    STRIPE_WEBHOOK_SECRET: z.preprocess(
      (value) => (value === '' ? undefined : value),
      z.string().min(1).optional(),
    ),
    /** Swagger UI and the OpenAPI document at /api/docs. Default: off in production, else on. */
    API_DOCS: envBoolean.optional(),
    /**
     * Where the edge rate-limit counters live (schema `gateway`, made at boot), shared by every
     * replica; unset: in this process's memory (`npm start`; a warning in production).
     */
    RATE_LIMIT_DATABASE_URL: z.preprocess(
      (value) => (value === '' ? undefined : value),
      z
        .string()
        .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
        .optional(),
    ),
    /** Client addresses no per-IP limit applies to (the test stack's loopback); default none. */
    RATE_LIMIT_EXEMPT_IPS: z
      .string()
      .default('')
      .transform((value) =>
        value
          .split(',')
          .map((ip) => ip.trim())
          .filter(Boolean),
      ),
  })
  .extend(edgeLimitEnv)
  .extend(storageEnv.shape)
  .extend(tracingEnv.shape)
  .superRefine(refuseWeakJwtSecretInProduction);

export type GatewayConfig = z.infer<typeof gatewayEnv>;

/** Whether /api/docs is served: explicit API_DOCS, else everywhere but production. */
export function servesApiDocs(config: GatewayConfig): boolean {
  return config.API_DOCS ?? config.NODE_ENV !== 'production';
}

/**
 * Whether local billing's pay-with-one-click pages are served: never in production, unless a
 * demo allows it explicitly (ALLOW_LOCAL_BILLING_IN_PRODUCTION).
 */
export function servesLocalBilling(config: GatewayConfig): boolean {
  return config.NODE_ENV !== 'production' || config.ALLOW_LOCAL_BILLING_IN_PRODUCTION;
}

export function loadGatewayConfig(): GatewayConfig {
  return loadConfigOrExit('gateway', gatewayEnv);
}

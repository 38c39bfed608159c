import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import Stripe from 'stripe';

/** A request the fake received, as Stripe would see it. */
export interface FakeStripeRequest {
  method: string;
  path: string;
  idempotencyKey: string | null;
  stripeVersion: string | null;
  authorization: string | null;
  /** The form body (stripe-node's bracket notation, e.g. `line_items[0][price]`). */
  form: Record<string, string>;
}

type Json = Record<string, unknown>;

const id = (prefix: string) => `${prefix}_test_${randomBytes(9).toString('hex')}`;
const now = () => Math.floor(Date.now() / 1000);

/**
 * Stripe, for the few endpoints billing calls: create and retrieve Checkout Sessions, retrieve
 * Subscriptions, create Billing Portal sessions. It keeps what it creates, honours idempotency
 * keys like Stripe (the same key answers the first result), and lets the test play the customer
 * (pay) and Stripe's clock (change a subscription). The real `stripe` client talks to it.
 */
export class FakeStripe {
  readonly requests: FakeStripeRequest[] = [];
  readonly sessions = new Map<string, Json>();
  readonly subscriptions = new Map<string, Json>();
  private readonly idempotent = new Map<string, Json>();
  private server?: Server;
  port = 0;

  async listen(): Promise<void> {
    this.server = createServer((req, res) => {
      void this.answer(req, res).catch((error: unknown) => {
        res.writeHead(500, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: { type: 'api_error', message: String(error) } }));
      });
    });
    await new Promise<void>((resolve) => this.server?.listen(0, '127.0.0.1', resolve));
    const address = this.server.address();
    this.port = typeof address === 'object' && address ? address.port : 0;
  }

  get baseUrl(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  async close(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise((resolve) => this.server?.close(resolve));
  }

  /** The customer pays: the session completes and starts an active monthly subscription. */
  pay(
    sessionId: string,
    periodEnd = now() + 30 * 86_400,
  ): { customer: string; subscription: Json } {
    const session = this.sessions.get(sessionId);
    if (!session) throw new Error(`no session ${sessionId}`);
    const customer = id('cus');
    const subscription: Json = {
      id: id('sub'),
      object: 'subscription',
      customer,
      status: 'active',
      cancel_at: null,
      cancel_at_period_end: false,
      canceled_at: null,
      created: now(),
      metadata: session.subscription_metadata ?? {},
      items: {
        object: 'list',
        data: [
          {
            id: id('si'),
            object: 'subscription_item',
            current_period_start: now(),
            current_period_end: periodEnd,
            price: { id: session.price_id, object: 'price' },
          },
        ],
      },
    };
    this.subscriptions.set(subscription.id as string, subscription);
    Object.assign(session, {
      status: 'complete',
      payment_status: 'paid',
      customer,
      subscription: subscription.id,
    });
    return { customer, subscription };
  }

  /** Stripe's side of a subscription changes (renewal, failed payment, cancellation). */
  updateSubscription(subscriptionId: string, patch: Json & { current_period_end?: number }) {
    const subscription = this.subscriptions.get(subscriptionId);
    if (!subscription) throw new Error(`no subscription ${subscriptionId}`);
    const { current_period_end: periodEnd, ...rest } = patch;
    Object.assign(subscription, rest);
    if (periodEnd !== undefined) {
      const items = (subscription.items as { data: Json[] }).data;
      for (const item of items) item.current_period_end = periodEnd;
    }
    return subscription;
  }

  requestsTo(method: string, path: string): FakeStripeRequest[] {
    return this.requests.filter((request) => request.method === method && request.path === path);
  }

  private async answer(req: IncomingMessage, res: ServerResponse): Promise<void> {
    let text = '';
    for await (const chunk of req) text += String(chunk);
    const url = new URL(req.url ?? '/', this.baseUrl);
    const form = Object.fromEntries(new URLSearchParams(text));
    const header = (name: string) => {
      const value = req.headers[name];
      return typeof value === 'string' ? value : null;
    };
    const request: FakeStripeRequest = {
      method: req.method ?? 'GET',
      path: url.pathname,
      idempotencyKey: header('idempotency-key'),
      stripeVersion: header('stripe-version'),
      authorization: header('authorization'),
      form,
    };
    this.requests.push(request);
    const send = (status: number, body: Json) => {
      res.writeHead(status, { 'content-type': 'application/json', 'request-id': id('req') });
      res.end(JSON.stringify(body));
    };
    if (request.method === 'POST' && request.idempotencyKey) {
      const first = this.idempotent.get(`${request.path} ${request.idempotencyKey}`);
      if (first) return send(200, first);
    }
    const remember = (body: Json) => {
      if (request.idempotencyKey) {
        this.idempotent.set(`${request.path} ${request.idempotencyKey}`, body);
      }
      send(200, body);
    };
    const missing = (what: string) =>
      send(404, {
        error: {
          type: 'invalid_request_error',
          code: 'resource_missing',
          message: `No such ${what}`,
        },
      });

    if (request.method === 'POST' && url.pathname === '/v1/checkout/sessions') {
      const session: Json = {
        id: id('cs'),
        object: 'checkout.session',
        mode: form.mode,
        status: 'open',
        payment_status: 'unpaid',
        client_reference_id: form.client_reference_id ?? null,
        customer_email: form.customer_email ?? null,
        success_url: form.success_url,
        cancel_url: form.cancel_url,
        customer: null,
        subscription: null,
        metadata: { checkout_id: form['metadata[checkout_id]'] },
        price_id: form['line_items[0][price]'],
        subscription_metadata: { checkout_id: form['subscription_data[metadata][checkout_id]'] },
      };
      session.url = `https://checkout.stripe.test/c/pay/${String(session.id)}`;
      this.sessions.set(session.id as string, session);
      return remember(session);
    }
    const sessionMatch = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(url.pathname);
    if (request.method === 'GET' && sessionMatch) {
      const session = this.sessions.get(decodeURIComponent(sessionMatch[1] ?? ''));
      if (!session) return missing('checkout.session');
      const expand = url.searchParams.getAll('expand[]');
      const subscription =
        expand.includes('subscription') && typeof session.subscription === 'string'
          ? this.subscriptions.get(session.subscription)
          : session.subscription;
      return send(200, { ...session, subscription });
    }
    const subscriptionMatch = /^\/v1\/subscriptions\/([^/]+)$/.exec(url.pathname);
    if (request.method === 'GET' && subscriptionMatch) {
      const subscription = this.subscriptions.get(decodeURIComponent(subscriptionMatch[1] ?? ''));
      return subscription ? send(200, subscription) : missing('subscription');
    }
    if (request.method === 'POST' && url.pathname === '/v1/billing_portal/sessions') {
      const portal = {
        id: id('bps'),
        object: 'billing_portal.session',
        customer: form.customer,
        return_url: form.return_url,
        url: `https://billing.stripe.test/p/session/${id('live')}`,
      };
      return remember(portal);
    }
    return send(404, {
      error: { type: 'invalid_request_error', message: `Unrecognized request URL` },
    });
  }
}

const helpers = new Stripe('sk_unused', { telemetry: false }).webhooks;

/** A Stripe event as the webhook endpoint receives it: body text and Stripe-Signature header. */
export function signedEvent(
  secret: string,
  type: string,
  object: Json,
  options: { eventId?: string; created?: number; signedAt?: number } = {},
) {
  const event = {
    id: options.eventId ?? id('evt'),
    object: 'event',
    api_version: '2026-10-28.endive',
    created: options.created ?? now(),
    type,
    livemode: false,
    pending_webhooks: 1,
    data: { object },
  };
  const payload = JSON.stringify(event);
  const header = helpers.generateTestHeaderString({
    payload,
    secret,
    timestamp: options.signedAt ?? now(),
  });
  return { event, payload, header };
}

/** Delivers a signed body to the gateway's webhook route, as Stripe would. */
export async function deliver(
  baseUrl: string,
  body: string,
  header: string | null,
): Promise<{ status: number; body: Json }> {
  const response = await fetch(`${baseUrl}/api/webhooks/stripe`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json; charset=utf-8',
      ...(header ? { 'stripe-signature': header } : {}),
    },
    body,
  });
  const text = await response.text();
  let parsed: Json = {};
  try {
    parsed = JSON.parse(text) as Json;
  } catch {
    parsed = { text };
  }
  return { status: response.status, body: parsed };
}

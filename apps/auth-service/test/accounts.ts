import { randomUUID } from 'node:crypto';
import { AuthPatterns } from '@snaptrack/contracts';
import { BusClient } from '@snaptrack/nest-rmq';
import { api, newEmail, waitForMail } from '@snaptrack/testing';

export { newEmail, sql } from '@snaptrack/testing';

/** A made-up client address, so that one test's rate-limit counters touch no other test. */
export function newIp(): string {
  const byte = () => Math.floor(Math.random() * 250) + 1;
  return `198.51.${byte()}.${byte()}`;
}

let bus: BusClient | undefined;

/** The bus as billing would use it. */
export function billingBus(): BusClient {
  bus ??= new BusClient({
    url: process.env.SNAPTRACK_RABBITMQ_URL ?? '',
    prefix: process.env.SNAPTRACK_RMQ_PREFIX ?? '',
    timeoutMs: 5_000,
  });
  return bus;
}

export async function closeBus(): Promise<void> {
  await bus?.close();
  bus = undefined;
}

/** Asks for a setup link as billing does and returns the link from the outbox. */
export async function setupLink(email: string, idempotencyKey?: string) {
  const issued = await billingBus().send(
    AuthPatterns.passwordSetupIssue,
    { email, idempotencyKey },
    { requestId: `test-${randomUUID()}` },
  );
  const mail = await waitForMail(email, 'setup-password');
  const link = new URL(mail.link ?? '');
  return { issued, link, token: link.searchParams.get('token') ?? '' };
}

/** A new account with a password, made through the real setup flow; returns its token. */
export async function newAccount(email = newEmail(), password = 'correct horse battery') {
  const { token: setupToken, issued } = await setupLink(email);
  const { status, body } = await api('/api/subscription/setup-password', {
    body: { token: setupToken, password },
  });
  if (status !== 200) throw new Error(`setup failed: ${JSON.stringify(body)}`);
  return { email, password, userId: issued.userId, token: body.data.auth_token as string };
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

export async function timed<T>(work: () => Promise<T>): Promise<{ ms: number; result: T }> {
  const started = performance.now();
  const result = await work();
  return { ms: performance.now() - started, result };
}

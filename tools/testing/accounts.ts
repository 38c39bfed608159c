import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { sendToService } from './bus.js';
import { waitForMail } from './outbox.js';
import { api } from './stack-client.js';
import { subscribeInBilling } from './subscriptions.js';

/** A fresh address for one test. */
export function newEmail(prefix = 'user'): string {
  return `${prefix}-${randomUUID().slice(0, 8)}@example.com`;
}

/** Direct SQL on the run's database, for what only another service would do (billing). */
export async function sql<T = Record<string, unknown>>(text: string, params: unknown[] = []) {
  const client = new pg.Client({ connectionString: process.env.SNAPTRACK_DATABASE_URL });
  await client.connect();
  try {
    return (await client.query(text, params)).rows as T[];
  } finally {
    await client.end();
  }
}

/** Gives the account the receipt address `<username>@…` and answers it (fails unless 200). */
export async function assignReceiptAddress(token: string, username: string): Promise<string> {
  const { status, body } = await api('/api/username/assign', { token, body: { username } });
  if (status !== 200) {
    throw new Error(`username ${username} not assigned: ${status} ${JSON.stringify(body)}`);
  }
  return body.snaptrack_email as string;
}

/** The setup link billing has mailed after a paid checkout (account created if needed). */
export async function paidSetupLink(email: string): Promise<{ userId: string; link: string }> {
  const issued = await sendToService<{ userId: string }>('auth', 'auth.password-setup.issue.v1', {
    email,
  });
  // The subscription billing would have recorded for this checkout (its event feeds auth).
  await subscribeInBilling({ userId: issued.userId, email });
  const mail = await waitForMail(email, 'setup-password');
  return { userId: issued.userId, link: mail.link ?? '' };
}

/** A subscribed account with a password, made through the real setup flow. */
export async function newSubscribedAccount(password = 'correct horse battery') {
  const email = newEmail('member');
  const { userId, link } = await paidSetupLink(email);
  const token = new URL(link).searchParams.get('token');
  const { status, body } = await api('/api/subscription/setup-password', {
    body: { token, password },
  });
  if (status !== 200) throw new Error(`setup failed: ${JSON.stringify(body)}`);
  return { email, password, userId, token: body.data.auth_token as string };
}

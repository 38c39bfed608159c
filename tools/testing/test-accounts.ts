import { randomUUID } from 'node:crypto';
import argon2 from 'argon2';
import pg from 'pg';
import { api } from './stack-client.js';
import { subscribeInBilling, type TestSubscription } from './subscriptions.js';

/** Runs `work` with a client on the test stack's database (fixtures and checks only). */
export async function withDatabase<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const url = process.env.SNAPTRACK_DATABASE_URL;
  if (!url)
    throw new Error('SNAPTRACK_DATABASE_URL is not set: run through the integration project');
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

export interface TestAccount {
  id: string;
  email: string;
  /** For signing in through the web app. */
  password: string;
  token: string;
}

/**
 * A subscribed account besides the demo one, written straight into auth's table (there is no
 * sign-up API yet), given a subscription in billing (the source of truth; `subscription: null`
 * for an account without one), then signed in through the API. No auth.user.created.v1 is
 * published: the account has no entities or tags until the test creates them.
 */
export async function createTestAccount(
  label: string,
  subscription: TestSubscription | null = {},
): Promise<TestAccount> {
  const id = randomUUID();
  const email = `${label}-${id.slice(0, 8)}@example.com`;
  const password = `pw-${id}`;
  const hash = await argon2.hash(password, { type: argon2.argon2id });
  await withDatabase((client) =>
    client.query(
      `INSERT INTO "auth"."users" ("id", "email", "password_hash", "full_name")
       VALUES ($1, $2, $3, $4)`,
      [id, email, hash, `Test ${label}`],
    ),
  );
  if (subscription) await subscribeInBilling({ userId: id, email }, subscription);
  const { status, body } = await api('/api/auth/login', { body: { email, password } });
  if (status !== 200) throw new Error(`could not sign in ${email}: ${JSON.stringify(body)}`);
  return { id, email, password, token: body.token as string };
}

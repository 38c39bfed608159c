import { expect } from '@jest/globals';
import {
  api,
  assignReceiptAddress,
  createTestAccount,
  eventually,
  newSubscribedAccount,
  type TestAccount,
  type TestSubscription,
} from '@snaptrack/testing';

export type Addressed = TestAccount & { address: string };

/** An entry of the account's mail log (`GET /api/email/log`). */
export interface LogEntry {
  id: string;
  from: string | null;
  subject: string | null;
  status: string;
  receipts_created: number;
  reason: string | null;
}

/** Gives the account its receipt address (`<label><id>@…`) and answers it. */
function assignAddress(token: string, label: string, id: string): Promise<string> {
  return assignReceiptAddress(token, `${label}${id.slice(0, 6)}`.toLowerCase());
}

/** A test account (subscribed unless `subscription` is null) with its receipt address. */
export async function accountWithAddress(
  label: string,
  subscription: TestSubscription | null = {},
): Promise<Addressed> {
  const account = await createTestAccount(label, subscription);
  return { ...account, address: await assignAddress(account.token, label, account.id) };
}

/** An account that paid through the checkout, with its receipt address. */
export async function subscribedWithAddress(label: string) {
  const account = await newSubscribedAccount();
  return { ...account, address: await assignAddress(account.token, label, account.userId) };
}

export async function mailLog(token: string): Promise<LogEntry[]> {
  const { status, body } = await api('/api/email/log?limit=100', { token });
  expect(status).toBe(200);
  return body.messages as LogEntry[];
}

/** The mail log once `count` entries exist and none is still `received` (parsing runs after the 250). */
export function settledLog(token: string, count = 1, timeoutMs?: number): Promise<LogEntry[]> {
  return eventually(
    () => mailLog(token),
    (entries) => entries.length >= count && entries.every((entry) => entry.status !== 'received'),
    { what: `${count} settled mail log entries`, timeoutMs, intervalMs: 200 },
  );
}

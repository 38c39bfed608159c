import type { DataSource } from 'typeorm';
import type { BusClient } from '@snaptrack/nest-rmq';
import { RecipientAdmission } from './recipient-admission.js';

/** Stands in for billing's answer and the mail table's count; counts the questions asked. */
function admission(options: { entitled: boolean; mailsInHour?: number; cacheMs?: number }) {
  let now = 0;
  const state = { entitled: options.entitled, asked: 0 };
  const bus = {
    send: () => {
      state.asked += 1;
      return Promise.resolve({ entitled: state.entitled, status: 'active', reason: 'active' });
    },
  } as unknown as BusClient;
  const dataSource = {
    query: () => Promise.resolve([{ count: options.mailsInHour ?? 0 }]),
  } as unknown as DataSource;
  const gate = new RecipientAdmission(
    bus,
    dataSource,
    { entitlementCacheMs: options.cacheMs ?? 1_000, mailsPerHour: 3 },
    () => now,
  );
  return { gate, state, advance: (ms: number) => (now += ms) };
}

describe('RecipientAdmission', () => {
  it('refuses an account without entitlement with 550 5.7.1, and never keeps that answer', async () => {
    const { gate, state } = admission({ entitled: false });
    const refusal = await gate.refusal('a@snaptrack.localhost', 'user-1');
    expect(refusal).toMatchObject({ responseCode: 550 });
    expect(refusal?.message).toContain('5.7.1');
    // Subscribed a moment later: the next mail is taken, no stale "no" in between.
    state.entitled = true;
    expect(await gate.refusal('a@snaptrack.localhost', 'user-1')).toBeNull();
    expect(state.asked).toBe(2);
  });

  it('keeps a "yes" for the cache time only', async () => {
    const { gate, state, advance } = admission({ entitled: true });
    await gate.refusal('a@snaptrack.localhost', 'user-1');
    await gate.refusal('a@snaptrack.localhost', 'user-1');
    expect(state.asked).toBe(1);
    advance(1_001);
    state.entitled = false;
    expect(await gate.refusal('a@snaptrack.localhost', 'user-1')).toMatchObject({
      responseCode: 550,
    });
  });

  it('answers 452 4.2.2 once the address has had its hour of mail', async () => {
    const { gate } = admission({ entitled: true, mailsInHour: 3 });
    const refusal = await gate.refusal('a@snaptrack.localhost', 'user-1');
    expect(refusal).toMatchObject({ responseCode: 452 });
    expect(refusal?.message).toMatch(/^4\.2\.2 /);
    expect(await admission({ entitled: true, mailsInHour: 2 }).gate.refusal('a@x', 'u')).toBeNull();
  });
});

import { afterAll, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { DEFAULT_TAGS } from '@snaptrack/contracts';
import { BusClient } from '@snaptrack/nest-rmq';
import {
  api,
  createTestAccount,
  eventually,
  renderReceipt,
  uploadReceipt,
  withDatabase,
} from '@snaptrack/testing';

const bus = new BusClient({
  url: process.env.SNAPTRACK_RABBITMQ_URL ?? 'amqp://guest:guest@127.0.0.1:5672',
  prefix: process.env.SNAPTRACK_RMQ_PREFIX ?? 'none',
  timeoutMs: 3_000,
});

afterAll(async () => {
  await bus.close();
});

interface Settings {
  entities: string[];
  tags: string[];
}

async function settingsOf(token: string): Promise<Settings> {
  return (await api('/api/user/settings', { token })).body.settings as Settings;
}

function userCreated(userId: string, email: string, messageId: string) {
  return bus.emit('expenses', 'auth.user.created.v1', {
    ctx: { requestId: 'test', messageId },
    data: { userId, email },
  });
}

describe('auth.user.created.v1', () => {
  it('gives a new account Personal and the default tags, once, however often it arrives', async () => {
    const account = await createTestAccount('created');
    const messageId = randomUUID();
    await userCreated(account.id, account.email, messageId);
    await userCreated(account.id, account.email, messageId);
    // A second event for the same account (another message id) must not duplicate anything.
    await userCreated(account.id, account.email, randomUUID());

    const handled = await eventually(
      () =>
        withDatabase(async (client) => {
          const result = await client.query(
            `SELECT count(*)::int AS "count" FROM "expenses"."inbox"
             WHERE "pattern" = $1 AND "message_id" = $2`,
            ['auth.user.created.v1', messageId],
          );
          return result.rows[0].count as number;
        }),
      (count) => count === 1,
    );
    expect(handled).toBe(1);
    const settings = await eventually(
      () => settingsOf(account.token),
      (value) => value.tags.length === DEFAULT_TAGS.length,
    );
    expect(settings.entities).toEqual(['Personal']);
    expect([...settings.tags].sort()).toEqual([...DEFAULT_TAGS].sort());
    const counts = await withDatabase(async (client) => {
      const result = await client.query(
        `SELECT (SELECT count(*) FROM "expenses"."entities" WHERE "user_id" = $1)::int AS "entities",
                (SELECT count(*) FROM "expenses"."tags" WHERE "user_id" = $1)::int AS "tags"`,
        [account.id],
      );
      return result.rows[0] as { entities: number; tags: number };
    });
    expect(counts).toEqual({ entities: 1, tags: 6 });
  });

  it('provisions an account whose first receipt for Personal comes before the event', async () => {
    // createTestAccount publishes no event: as if the receipt (say, a mail sent right after
    // sign-up) overtook auth.user.created.v1.
    const account = await createTestAccount('early');
    const image = await renderReceipt({
      vendor: 'EARLY BIRD CAFE',
      date: '2026-03-02',
      total: '7.40',
    });
    const upload = await uploadReceipt(account.token, image, { entity: 'Personal' });
    expect(upload.status).toBe(202);
    expect(upload.body.expense.entity).toBe('Personal');
    const settings = await settingsOf(account.token);
    expect(settings.entities).toEqual(['Personal']);
    expect([...settings.tags].sort()).toEqual([...DEFAULT_TAGS].sort());
    // The event, when it comes, changes nothing.
    const messageId = randomUUID();
    await userCreated(account.id, account.email, messageId);
    const counts = await eventually(
      () =>
        withDatabase(async (client) => {
          const result = await client.query(
            `SELECT (SELECT count(*) FROM "expenses"."inbox" WHERE "message_id" = $2)::int AS "handled",
                    (SELECT count(*) FROM "expenses"."entities" WHERE "user_id" = $1)::int AS "entities"`,
            [account.id, messageId],
          );
          return result.rows[0] as { handled: number; entities: number };
        }),
      (value) => value.handled === 1,
    );
    expect(counts).toEqual({ handled: 1, entities: 1 });
  });

  it('keeps consuming while a malformed event is retried and dead-lettered', async () => {
    const account = await createTestAccount('after-bad');
    await bus.emit('expenses', 'auth.user.created.v1', {
      ctx: { requestId: 'test', messageId: randomUUID() },
      data: { userId: 'not-a-uuid', email: 'x' },
    });
    await userCreated(account.id, account.email, randomUUID());
    const settings = await eventually(
      () => settingsOf(account.token),
      (value) => value.entities.length === 1,
    );
    expect(settings.entities).toEqual(['Personal']);
  });
});

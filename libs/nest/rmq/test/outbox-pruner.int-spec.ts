import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { DataSource } from 'typeorm';
import { createLogger } from '@snaptrack/nest-logging';
import { OutboxPruner, outboxInboxDdl } from '@snaptrack/nest-rmq';

// A scratch schema with the outbox and inbox every service's first migration creates.
const schema = `prune_${randomUUID().slice(0, 8)}`;
let dataSource: DataSource;

beforeAll(async () => {
  dataSource = new DataSource({ type: 'postgres', url: process.env.SNAPTRACK_DATABASE_URL });
  await dataSource.initialize();
  await dataSource.query(`CREATE SCHEMA "${schema}"`);
  for (const sql of outboxInboxDdl(schema).up) await dataSource.query(sql);
});

afterAll(async () => {
  await dataSource.query(`DROP SCHEMA "${schema}" CASCADE`);
  await dataSource.destroy();
});

async function outboxRow(createdHoursAgo: number, sentHoursAgo: number | null): Promise<string> {
  const id = randomUUID();
  await dataSource.query(
    `INSERT INTO "${schema}"."outbox" ("id", "pattern", "destination", "payload", "created_at", "sent_at")
     VALUES ($1, 'test.event.v1', 'expenses', '{}', now() - make_interval(hours => $2),
             CASE WHEN $3::int IS NULL THEN NULL ELSE now() - make_interval(hours => $3::int) END)`,
    [id, createdHoursAgo, sentHoursAgo],
  );
  return id;
}

async function inboxRow(handledHoursAgo: number): Promise<string> {
  const id = randomUUID();
  await dataSource.query(
    `INSERT INTO "${schema}"."inbox" ("message_id", "pattern", "handled_at")
     VALUES ($1, 'test.event.v1', now() - make_interval(hours => $2))`,
    [id, handledHoursAgo],
  );
  return id;
}

async function ids(table: 'outbox' | 'inbox'): Promise<string[]> {
  const column = table === 'outbox' ? '"id"' : '"message_id"';
  const rows = await dataSource.query<{ id: string }[]>(
    `SELECT ${column} AS "id" FROM "${schema}"."${table}"`,
  );
  return rows.map((row) => row.id).sort();
}

describe('OutboxPruner', () => {
  it('deletes published outbox rows and inbox ids past retention, in batches, and nothing else', async () => {
    const oldSent = await Promise.all(Array.from({ length: 1_203 }, () => outboxRow(200, 190)));
    const recentSent = await outboxRow(200, 2);
    const oldUnsent = await outboxRow(500, null);
    const oldHandled = await Promise.all(Array.from({ length: 5 }, () => inboxRow(800)));
    const recentHandled = await inboxRow(100);
    const pruner = new OutboxPruner(
      dataSource,
      schema,
      { outboxHours: 168, inboxHours: 720 },
      createLogger('outbox-pruner-test', 'silent'),
    );

    const pruned = await pruner.prune();

    expect(pruned).toEqual({ outbox: oldSent.length, inbox: oldHandled.length });
    expect(await ids('outbox')).toEqual([recentSent, oldUnsent].sort());
    expect(await ids('inbox')).toEqual([recentHandled]);
    expect(await pruner.prune()).toEqual({ outbox: 0, inbox: 0 });
  });
});

import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { DataSource } from 'typeorm';
import { createLogger } from '@snaptrack/nest-logging';
import { OutboxPruner, outboxInboxDdl } from '../src/index.js';
import { eventually, stack } from '@snaptrack/testing';

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

describe('every service prunes its own outbox and inbox (first pass at start)', () => {
  it.each([
    ['expenses', 'expenses'],
    ['mail-ingest', 'mail_ingest'],
  ])(
    '%s',
    async (unit, serviceSchema) => {
      const insert = async (sentHoursAgo: number, handledHoursAgo: number) => {
        const id = randomUUID();
        await dataSource.query(
          `INSERT INTO "${serviceSchema}"."outbox" ("id", "pattern", "destination", "payload", "created_at", "sent_at")
         VALUES ($1, 'test.event.v1', 'expenses', '{}', now() - make_interval(hours => $2), now() - make_interval(hours => $2))`,
          [id, sentHoursAgo],
        );
        await dataSource.query(
          `INSERT INTO "${serviceSchema}"."inbox" ("message_id", "pattern", "handled_at")
         VALUES ($1, 'test.event.v1', now() - make_interval(hours => $2))`,
          [id, handledHoursAgo],
        );
        return id;
      };
      const old = await insert(24 * 8, 24 * 31);
      const recent = await insert(24 * 6, 24 * 29);

      await stack.restart(unit);

      const left = async () => {
        const outbox = await dataSource.query<{ id: string }[]>(
          `SELECT "id" FROM "${serviceSchema}"."outbox" WHERE "id" = ANY($1::uuid[])`,
          [[old, recent]],
        );
        const inbox = await dataSource.query<{ id: string }[]>(
          `SELECT "message_id" AS "id" FROM "${serviceSchema}"."inbox" WHERE "message_id" = ANY($1)`,
          [[old, recent]],
        );
        return { outbox: outbox.map((row) => row.id), inbox: inbox.map((row) => row.id) };
      };
      const pruned = { outbox: [recent], inbox: [recent] };
      await eventually(left, (rows) => JSON.stringify(rows) === JSON.stringify(pruned), {
        what: 'the old rows to be pruned',
      });
      expect(await left()).toEqual(pruned);
    },
    120_000,
  );
});

import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import pg from 'pg';
import type { DataSource } from 'typeorm';
import { DatabaseModule } from '@snaptrack/nest-database';
import { api, createTestAccount, stack, type TestAccount } from '@snaptrack/testing';
import { createExpensesDataSource } from '../src/database/data-source.js';

// A query that runs away (here: one waiting on a lock nobody releases) is cancelled by Postgres
// at the pool's statement_timeout: the handler answers a clear 504 instead of holding its
// message, its connection and the caller until the gateway gives up.
let owner: TestAccount;

beforeAll(async () => {
  await stack.restart('expenses', { DATABASE_STATEMENT_TIMEOUT_MS: '1000' });
  owner = await createTestAccount('timeout');
});

afterAll(async () => {
  await stack.restart('expenses');
});

describe('statement_timeout', () => {
  it('cancels a runaway query with a clear, retryable error', async () => {
    const blocker = new pg.Client({ connectionString: process.env.SNAPTRACK_DATABASE_URL });
    await blocker.connect();
    try {
      await blocker.query('BEGIN');
      await blocker.query(
        'LOCK TABLE expenses.expenses, expenses.user_versions IN ACCESS EXCLUSIVE MODE',
      );
      const started = Date.now();
      const { status, body } = await api('/api/expenses', { token: owner.token });
      const took = Date.now() - started;
      expect(status).toBe(504);
      expect(body.error).toMatchObject({
        code: 'SERVICE_TIMEOUT',
        message: 'The service took too long to answer. Please try again.',
      });
      // Cancelled by Postgres after about a second, well before the gateway's own timeout.
      expect(took).toBeLessThan(stack.rpcTimeoutMs);
    } finally {
      await blocker.query('ROLLBACK');
      await blocker.end();
    }
    const after = await api('/api/expenses', { token: owner.token });
    expect(after.status).toBe(200);
  });

  it('binds the service pool, never the migrate step (it may rewrite big tables)', async () => {
    const url = process.env.SNAPTRACK_DATABASE_URL ?? '';
    const setting = async (dataSource: DataSource) => {
      await dataSource.initialize();
      try {
        const rows: { statement_timeout: string }[] =
          await dataSource.query('SHOW statement_timeout');
        return rows[0]?.statement_timeout;
      } finally {
        await dataSource.destroy();
      }
    };
    expect(await setting(createExpensesDataSource(url))).toBe('0');
    const module = DatabaseModule.forService({
      url,
      schema: 'expenses',
      entities: [],
      migrations: [],
      statementTimeoutMs: 15_000,
    });
    const provider = module.providers?.[0] as { useFactory: () => Promise<DataSource> };
    const pooled = await provider.useFactory();
    try {
      const rows: { statement_timeout: string }[] = await pooled.query('SHOW statement_timeout');
      expect(rows[0]?.statement_timeout).toBe('15s');
    } finally {
      await pooled.destroy();
    }
  });
});

import { beforeAll, describe, expect, it } from '@jest/globals';
import { DemoAccount } from '@snaptrack/contracts';
import { api, createTestAccount, withDatabase, type TestAccount } from '@snaptrack/testing';
import { todayIn } from './support/brute-force.js';
import { insertExpenses } from './support/expense-fixtures.js';

let demo: string;
let owner: TestAccount;
let stranger: TestAccount;

const names = (entities: { name: string }[]) => entities.map((entity) => entity.name);

beforeAll(async () => {
  const login = await api('/api/auth/login', {
    body: { email: DemoAccount.email, password: DemoAccount.password },
  });
  demo = login.body.token;
  owner = await createTestAccount('catalog');
  stranger = await createTestAccount('catalog-other');
});

describe('entities', () => {
  it('gives the demo account Personal, Acme Consulting and Side Studio', async () => {
    const { status, body } = await api('/api/entities', { token: demo });
    expect(status).toBe(200);
    expect(body.success).toBe(true);
    expect(names(body.entities)).toEqual(['Personal', 'Acme Consulting', 'Side Studio']);
    expect(body.entities[0]).toEqual({
      id: expect.any(String),
      name: 'Personal',
      description: null,
      expenseCount: expect.any(Number),
    });
  });

  it('adds entities with trimmed, case-insensitively unique names, Personal first', async () => {
    const created = await api('/api/entities', {
      token: owner.token,
      body: { name: '  Zeta   Labs ', description: 'Consulting side' },
    });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      success: true,
      entity: { id: expect.any(String), name: 'Zeta Labs', description: 'Consulting side' },
    });
    await api('/api/entities', { token: owner.token, body: { name: 'Personal' } });
    await api('/api/entities', { token: owner.token, body: { name: 'alpha co' } });
    const list = await api('/api/entities', { token: owner.token });
    expect(names(list.body.entities)).toEqual(['Personal', 'alpha co', 'Zeta Labs']);

    const duplicate = await api('/api/entities', {
      token: owner.token,
      body: { name: 'ZETA labs' },
    });
    expect(duplicate.status).toBe(409);
    expect(duplicate.body.error).toEqual({
      code: 'CONFLICT',
      message: "You already have an entity named 'ZETA labs'.",
      details: { fields: ['name'] },
    });
    // Another account may use the same name.
    const elsewhere = await api('/api/entities', {
      token: stranger.token,
      body: { name: 'Zeta Labs' },
    });
    expect(elsewhere.status).toBe(201);
  });

  it('refuses blank, reserved, overlong and unknown fields with a message', async () => {
    const cases: [object, string][] = [
      [{ name: '   ' }, 'Entity name is required.'],
      [{}, 'Entity name is required.'],
      [{ name: 42 }, 'Entity name is required.'],
      [{ name: 'x'.repeat(101) }, 'An entity name can be at most 100 characters.'],
      [
        { name: 'unassigned' },
        "'Unassigned' is reserved for expenses without an entity. Please choose another name.",
      ],
      [{ name: 'Ok', owner: 'me' }, 'property owner should not exist'],
    ];
    for (const [body, message] of cases) {
      const response = await api('/api/entities', { token: owner.token, body });
      expect([body, response.status, response.body.error.message]).toEqual([body, 400, message]);
    }
  });

  it('removes an entity (its expenses become Unassigned) but never Personal', async () => {
    const list = await api('/api/entities', { token: owner.token });
    const byName = new Map<string, string>(
      list.body.entities.map((e: { id: string; name: string }) => [e.name, e.id]),
    );
    const [expenseId] = await insertExpenses(owner.id, [
      { vendor: 'Lumber', cents: 1234, date: todayIn('UTC'), entity: 'alpha co', tags: [] },
    ]);
    const removed = await api(`/api/entities/${byName.get('alpha co')}`, {
      method: 'DELETE',
      token: owner.token,
    });
    expect(removed.status).toBe(200);
    expect(removed.body).toEqual({ success: true });
    const expenses = await api('/api/expenses', { token: owner.token });
    expect(
      expenses.body.expenses.find((e: { id: string }) => e.id === expenseId).entity,
    ).toBeNull();

    const personal = await api(`/api/entities/${byName.get('Personal')}`, {
      method: 'DELETE',
      token: owner.token,
    });
    expect(personal.status).toBe(409);
    expect(personal.body.error).toEqual({
      code: 'CONFLICT',
      message: 'The Personal entity cannot be removed.',
    });
    expect(names((await api('/api/entities', { token: owner.token })).body.entities)).toEqual([
      'Personal',
      'Zeta Labs',
    ]);
  });

  it("answers 404 for another account's entity and for a malformed id", async () => {
    const theirs = (await api('/api/entities', { token: owner.token })).body.entities[1];
    const { status, body } = await api(`/api/entities/${theirs.id}`, {
      method: 'DELETE',
      token: stranger.token,
    });
    expect(status).toBe(404);
    expect(body.error).toEqual({ code: 'NOT_FOUND', message: 'Entity not found.' });
    expect(names((await api('/api/entities', { token: owner.token })).body.entities)).toContain(
      theirs.name,
    );
    expect((await api('/api/entities/123', { method: 'DELETE', token: owner.token })).status).toBe(
      404,
    );
  });
});

describe('removing an entity that files expenses', () => {
  const entityIds = async (token: string) =>
    new Map<string, string>(
      (await api('/api/entities', { token })).body.entities.map(
        (e: { id: string; name: string }) => [e.name, e.id],
      ),
    );
  const entityOf = async (id: string): Promise<string | null> => {
    const { body } = await api('/api/expenses', { token: owner.token });
    const expenses = body.expenses as { id: string; entity: string | null }[];
    return expenses.find((e) => e.id === id)?.entity ?? null;
  };

  it('counts them, and moves them to another entity as it removes it', async () => {
    await api('/api/entities', { token: owner.token, body: { name: 'Old Shop' } });
    await api('/api/entities', { token: owner.token, body: { name: 'New Shop' } });
    const ids = await insertExpenses(owner.id, [
      { vendor: 'Nails', cents: 500, date: todayIn('UTC'), entity: 'Old Shop', tags: [] },
      { vendor: 'Glue', cents: 700, date: todayIn('UTC'), entity: 'Old Shop', tags: [] },
    ]);
    const listed = (await api('/api/entities', { token: owner.token })).body.entities;
    expect(listed.find((e: { name: string }) => e.name === 'Old Shop').expenseCount).toBe(2);
    expect(listed.find((e: { name: string }) => e.name === 'New Shop').expenseCount).toBe(0);

    const byName = await entityIds(owner.token);
    const removed = await api(
      `/api/entities/${byName.get('Old Shop')}?move_to=${byName.get('New Shop')}`,
      { method: 'DELETE', token: owner.token },
    );
    expect(removed.status).toBe(200);
    for (const id of ids) expect(await entityOf(id)).toBe('New Shop');
    expect((await entityIds(owner.token)).has('Old Shop')).toBe(false);
  });

  it("refuses a target that is not another of the user's entities, changing nothing", async () => {
    await api('/api/entities', { token: owner.token, body: { name: 'Kept Shop' } });
    const [expenseId] = await insertExpenses(owner.id, [
      { vendor: 'Paint', cents: 900, date: todayIn('UTC'), entity: 'Kept Shop', tags: [] },
    ]);
    const mine = await entityIds(owner.token);
    const theirs = await entityIds(stranger.token);
    const kept = mine.get('Kept Shop');
    for (const target of [kept, theirs.get('Zeta Labs'), 'not-an-id']) {
      const response = await api(`/api/entities/${kept}?move_to=${target}`, {
        method: 'DELETE',
        token: owner.token,
      });
      expect(response.status).toBe(400);
      expect(response.body.error.message).toBe('Move the expenses to another of your entities.');
    }
    expect(await entityOf(expenseId)).toBe('Kept Shop');

    // Another user's entity is not found, whatever the target.
    const stranger404 = await api(`/api/entities/${kept}?move_to=${theirs.get('Zeta Labs')}`, {
      method: 'DELETE',
      token: stranger.token,
    });
    expect(stranger404.status).toBe(404);
    expect((await entityIds(owner.token)).has('Kept Shop')).toBe(true);
  });

  it('moves nothing when the removal fails (one transaction)', async () => {
    await api('/api/entities', { token: owner.token, body: { name: 'Fragile Shop' } });
    const [expenseId] = await insertExpenses(owner.id, [
      { vendor: 'Tape', cents: 300, date: todayIn('UTC'), entity: 'Fragile Shop', tags: [] },
    ]);
    const byName = await entityIds(owner.token);
    // A fault after the move: the delete of this one entity fails in the database.
    await withDatabase((client) =>
      client.query(`
        CREATE FUNCTION "expenses"."test_refuse_fragile"() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          IF OLD."name" = 'Fragile Shop' THEN RAISE EXCEPTION 'injected fault'; END IF;
          RETURN OLD;
        END $$;
        CREATE TRIGGER "test_refuse_fragile" BEFORE DELETE ON "expenses"."entities"
          FOR EACH ROW EXECUTE FUNCTION "expenses"."test_refuse_fragile"();`),
    );
    try {
      const response = await api(
        `/api/entities/${byName.get('Fragile Shop')}?move_to=${byName.get('Personal')}`,
        { method: 'DELETE', token: owner.token },
      );
      expect(response.status).not.toBe(200);
    } finally {
      await withDatabase((client) =>
        client.query(`
          DROP TRIGGER "test_refuse_fragile" ON "expenses"."entities";
          DROP FUNCTION "expenses"."test_refuse_fragile"();`),
      );
    }
    expect(await entityOf(expenseId)).toBe('Fragile Shop');
  });
});

describe('tags', () => {
  beforeAll(async () => {
    await api('/api/user/settings', {
      token: owner.token,
      body: {
        entities: ['Personal', 'Zeta Labs'],
        tags: ['Travel', 'Meals', 'Office', 'Software', 'Gas', 'Groceries', 'Taxes'],
      },
    });
    const today = todayIn('UTC');
    const use = (tags: string[]) => ({
      vendor: 'Shop',
      cents: 100,
      date: today,
      entity: null,
      tags,
    });
    await insertExpenses(owner.id, [
      use(['Gas', 'Meals']),
      use(['Gas']),
      use(['gas', 'Office']),
      use(['Meals']),
      use(['Software']),
      use([]),
    ]);
  });

  it("lists the user's catalogue by name", async () => {
    const { status, body } = await api('/api/tags', { token: owner.token });
    expect(status).toBe(200);
    expect(body).toEqual({
      success: true,
      tags: ['Gas', 'Groceries', 'Meals', 'Office', 'Software', 'Taxes', 'Travel'],
      onExpenses: [
        { name: 'Gas', expenseCount: 3 },
        { name: 'Meals', expenseCount: 2 },
        { name: 'Office', expenseCount: 1 },
        { name: 'Software', expenseCount: 1 },
      ],
    });
    expect((await api('/api/tags', { token: stranger.token })).body.tags).toEqual([]);
  });

  it('gives the most used tags as the popular ones (limit 5)', async () => {
    const { body } = await api('/api/tags/search?limit=5', { token: owner.token });
    expect(body).toEqual({
      success: true,
      tags: ['Gas', 'Meals', 'Office', 'Software', 'Groceries'],
    });
    const two = await api('/api/tags/search?limit=2&q=', { token: owner.token });
    expect(two.body.tags).toEqual(['Gas', 'Meals']);
  });

  it('searches with prefixes first (limit 8)', async () => {
    const { body } = await api('/api/tags/search?q=a&limit=8', { token: owner.token });
    expect(body.tags).toEqual(['Gas', 'Meals', 'Software', 'Taxes', 'Travel']);
    const prefix = await api('/api/tags/search?q=T&limit=8', { token: owner.token });
    expect(prefix.body.tags).toEqual(['Taxes', 'Travel', 'Software']);
    const none = await api('/api/tags/search?q=%25&limit=8', { token: owner.token });
    expect(none.body.tags).toEqual([]);
  });

  it('refuses a bad limit', async () => {
    const { status, body } = await api('/api/tags/search?limit=0', { token: owner.token });
    expect(status).toBe(400);
    expect(body.error.message).toBe('limit must be a whole number from 1 to 50.');
    expect((await api('/api/tags/search?limit=lots', { token: owner.token })).status).toBe(400);
  });
});

describe('user settings', () => {
  it('assembles the receipt address from auth-service with the entity and tag lists', async () => {
    const { status, body } = await api('/api/user/settings', { token: demo });
    expect(status).toBe(200);
    expect(body.success).toBe(true);
    expect(body.settings.emailSettings).toEqual({
      subdomain: 'demo',
      emailAddress: 'demo@snaptrack.localhost',
    });
    expect(body.settings.entities).toEqual(['Personal', 'Acme Consulting', 'Side Studio']);
    expect(body.settings.tags).toEqual(
      expect.arrayContaining(['Travel', 'Meals', 'Office', 'Software', 'Gas', 'Groceries']),
    );
    const fresh = await api('/api/user/settings', { token: stranger.token });
    expect(fresh.body.settings).toEqual({
      emailSettings: { subdomain: null, emailAddress: null },
      entities: ['Zeta Labs'],
      tags: [],
    });
  });

  it('applies additions and removals, ignores blanks, and answers with the server truth', async () => {
    const { status, body } = await api('/api/user/settings', {
      token: stranger.token,
      body: {
        emailSettings: { subdomain: 'ignored', emailAddress: 'ignored@example.com' },
        entities: ['Personal', '  ', 'Harbor Books', 'harbor books'],
        tags: ['Receipts', ' ', 'receipts', 'Travel'],
      },
    });
    expect(status).toBe(200);
    expect(body.settings).toEqual({
      emailSettings: { subdomain: null, emailAddress: null },
      entities: ['Personal', 'Harbor Books'],
      tags: ['Receipts', 'Travel'],
    });
    const again = await api('/api/user/settings', { token: stranger.token });
    expect(again.body.settings).toEqual(body.settings);
  });

  it('refuses to drop Personal and then changes nothing at all', async () => {
    const before = (await api('/api/user/settings', { token: stranger.token })).body.settings;
    const { status, body } = await api('/api/user/settings', {
      token: stranger.token,
      body: { entities: ['Harbor Books', 'New One'], tags: [] },
    });
    expect(status).toBe(409);
    expect(body.error.message).toBe('The Personal entity cannot be removed.');
    const after = (await api('/api/user/settings', { token: stranger.token })).body.settings;
    expect(after).toEqual(before);
  });

  it('refuses a malformed body with a message', async () => {
    const missing = await api('/api/user/settings', { token: stranger.token, body: { tags: [] } });
    expect(missing.status).toBe(400);
    expect(missing.body.error.message).toBe('entities must be a list of names.');
    const wrong = await api('/api/user/settings', {
      token: stranger.token,
      body: { entities: ['Personal'], tags: [7] },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error.message).toBe('tags must be a list of tags.');
  });
});

describe('every expenses route', () => {
  it('needs a token', async () => {
    const id = '00000000-0000-4000-8000-000000000001';
    const routes: [string, string][] = [
      ['GET', '/api/expenses'],
      ['PATCH', `/api/expenses/${id}`],
      ['DELETE', `/api/expenses/${id}`],
      ['GET', '/api/expenses/summary'],
      ['GET', '/api/statistics'],
      ['GET', '/api/entities'],
      ['POST', '/api/entities'],
      ['DELETE', `/api/entities/${id}`],
      ['GET', '/api/tags'],
      ['GET', '/api/tags/search'],
      ['GET', '/api/user/settings'],
      ['POST', '/api/user/settings'],
    ];
    for (const [method, path] of routes) {
      const { status, body } = await api(path, { method });
      expect([method, path, status, body.error.code]).toEqual([
        method,
        path,
        401,
        'UNAUTHENTICATED',
      ]);
    }
  });
});

import { beforeAll, describe, expect, it } from '@jest/globals';
import type { Expense, KnownStore } from '@snaptrack/contracts';
import {
  api,
  createTestAccount,
  renderReceipt,
  uploadReceipt,
  waitForReceipt,
  type TestAccount,
} from '@snaptrack/testing';

// A store corrected once stays corrected (docs/ocr.md, "Stores SnapTrack knows"), end to end:
// a rendered receipt read by the real reader, corrected through PATCH /api/expenses/{id}, then
// the next receipt of the same store, its header spelt another way, comes out as the user
// wanted. Another account uploading the same store gets nothing and reaches nothing.

let owner: TestAccount;
let stranger: TestAccount;
let first: Buffer;
let next: Buffer;

/** The same bakery: its tax id and phone identify it, whatever its header says. */
const HEADER = ['Hauptstrasse 5, 10115 Berlin', 'USt-IdNr DE 123456789', 'Tel 030 12345678'];

beforeAll(async () => {
  owner = await createTestAccount('stores');
  stranger = await createTestAccount('stores-other');
  await api('/api/entities', { token: owner.token, body: { name: 'Work Trips' } });
  first = await renderReceipt({
    vendor: 'BACKHAUS SONNE',
    date: '2026-03-14',
    total: '9.99',
    header: HEADER,
  });
  next = await renderReceipt({
    vendor: 'BAECKEREI SONNE KG',
    date: '2026-03-20',
    total: '14.20',
    header: HEADER,
  });
});

async function read(account: TestAccount, image: Buffer): Promise<Expense> {
  const upload = await uploadReceipt(account.token, image, { entity: 'Personal' });
  expect(upload.status).toBe(202);
  return (await waitForReceipt(account.token, upload.body.expense.id)) as Expense;
}

describe('a store corrected once', () => {
  let corrected: Expense;
  let remembered: Expense;

  it('gives the next receipt of the store the vendor, currency, entity and tags', async () => {
    const firstRead = await read(owner, first);
    expect(firstRead.status).toBe('ready');
    const patch = await api(`/api/expenses/${firstRead.id}`, {
      method: 'PATCH',
      token: owner.token,
      body: {
        vendor: 'Backhaus Sonne',
        currency: 'CHF',
        entity: 'Work Trips',
        tags: ['Meals', 'Client'],
      },
    });
    expect(patch.status).toBe(200);
    corrected = patch.body.expense;

    remembered = await read(owner, next);
    expect(remembered).toMatchObject({
      status: 'ready',
      vendor: 'Backhaus Sonne',
      currency: 'CHF',
      amount: 14.2,
      entity: 'Work Trips',
      // The choice as remembered: a set of tags, in the catalogue's order.
      tags: ['Client', 'Meals'],
    });
    expect(remembered.field_evidence?.vendor).toMatchObject({ confidence: 1, remembered: true });
    const match = await api(`/api/expenses/${remembered.id}/store`, { token: owner.token });
    expect(match.status).toBe(200);
    expect(match.body).toMatchObject({
      store: { vendor: 'Backhaus Sonne' },
      remembered: expect.arrayContaining(['vendor', 'currency', 'entity', 'tags']),
      suggestion: null,
    });
  });

  it('is listed in Settings with what identifies it, and can be changed', async () => {
    const list = await api('/api/stores', { token: owner.token });
    expect(list.status).toBe(200);
    expect(list.body.stores).toHaveLength(1);
    const store: KnownStore = list.body.stores[0];
    expect(store).toMatchObject({
      vendor: 'Backhaus Sonne',
      currency: 'CHF',
      entity: 'Work Trips',
      tags: ['Client', 'Meals'],
      corrections: 1,
      receipts: 1,
    });
    expect(store.keys.map((key) => key.kind)).toEqual(expect.arrayContaining(['tax', 'phone']));

    const bad = await api(`/api/stores/${store.id}`, {
      method: 'PATCH',
      token: owner.token,
      body: { currency: 'XYZ' },
    });
    expect(bad.status).toBe(400);
    const unknownEntity = await api(`/api/stores/${store.id}`, {
      method: 'PATCH',
      token: owner.token,
      body: { entity: 'Nobody' },
    });
    expect(unknownEntity.status).toBe(400);
    const changed = await api(`/api/stores/${store.id}`, {
      method: 'PATCH',
      token: owner.token,
      body: { vendor: 'Sonne (Mitte)', tags: [] },
    });
    expect(changed.status).toBe(200);
    expect(changed.body.store).toMatchObject({ vendor: 'Sonne (Mitte)', tags: [] });
  });

  it('never crosses accounts', async () => {
    const theirs = await read(stranger, next);
    expect(theirs.status).toBe('ready');
    expect(theirs.vendor).not.toBe('Sonne (Mitte)');
    expect(theirs.vendor).not.toBe('Backhaus Sonne');
    expect(theirs).toMatchObject({ entity: 'Personal', tags: [] });
    expect(theirs.field_evidence?.vendor?.remembered).toBeUndefined();
    expect((await api('/api/stores', { token: stranger.token })).body.stores).toEqual([]);
    const theirMatch = await api(`/api/expenses/${theirs.id}/store`, { token: stranger.token });
    expect(theirMatch.body).toMatchObject({ store: null, remembered: [] });

    const [store] = (await api('/api/stores', { token: owner.token })).body.stores as KnownStore[];
    for (const [method, path, body] of [
      ['PATCH', `/api/stores/${store.id}`, { vendor: 'Stolen' }],
      ['DELETE', `/api/stores/${store.id}`, undefined],
      ['GET', `/api/expenses/${remembered.id}/store`, undefined],
      ['GET', `/api/expenses/${corrected.id}/store`, undefined],
      // Confirming teaches a store too (docs/ocr.md): never the owner's, through their receipt.
      ['POST', `/api/expenses/${remembered.id}/review`, undefined],
    ] as const) {
      const response = await api(path, { method, token: stranger.token, body });
      expect([method, path, response.status]).toEqual([method, path, 404]);
    }
    const still = (await api('/api/stores', { token: owner.token })).body.stores as KnownStore[];
    expect(still).toEqual([expect.objectContaining({ id: store.id, vendor: 'Sonne (Mitte)' })]);
    // The stranger's confirmation of their own receipt of the same shop teaches their own store.
    const confirmed = await api(`/api/expenses/${theirs.id}/review`, {
      method: 'POST',
      token: stranger.token,
    });
    expect(confirmed.status).toBe(200);
    const theirStores = (await api('/api/stores', { token: stranger.token })).body
      .stores as KnownStore[];
    expect(theirStores).toEqual([
      expect.objectContaining({ vendor: theirs.vendor, corrections: 0 }),
    ]);
    expect(theirStores[0].id).not.toBe(store.id);
    expect((await api('/api/stores', { token: owner.token })).body.stores).toEqual(still);
    const noId = await api('/api/stores/not-an-id', { method: 'DELETE', token: owner.token });
    expect(noId.status).toBe(404);
  });

  it('forgets a store: its next receipt reads as printed', async () => {
    const [store] = (await api('/api/stores', { token: owner.token })).body.stores as KnownStore[];
    const forget = await api(`/api/stores/${store.id}`, { method: 'DELETE', token: owner.token });
    expect(forget.status).toBe(200);
    expect((await api('/api/stores', { token: owner.token })).body.stores).toEqual([]);
    const again = await read(owner, next);
    expect(again.vendor).not.toBe('Sonne (Mitte)');
    expect(again).toMatchObject({ entity: 'Personal', tags: [] });
  });
});

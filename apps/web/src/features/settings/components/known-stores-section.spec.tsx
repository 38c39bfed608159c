/**
 * @jest-environment jsdom
 */
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { KnownStore } from '@snaptrack/contracts/core';
import { apiError, signInTestUser, stubApi, type RecordedRequest } from '@/testing/fake-api';
import { renderWithQuery } from '@/testing/render-with-query';
import { KnownStoresSection } from './known-stores-section';

// Stores SnapTrack knows against a fake gateway that keeps one store: the list, Change (the
// body really sent) and Forget after its confirmation.

let requests: RecordedRequest[];
let stores: KnownStore[];

const store = (): KnownStore => ({
  id: 'a1b2c3d4-0000-4000-8000-000000000001',
  vendor: 'Backhaus Sonne',
  currency: 'EUR',
  entity: 'Work',
  tags: ['Meals'],
  suggested_entity: null,
  suggested_tags: [],
  total_label: 'summeeur',
  keys: [
    { kind: 'tax', value: 'DE123456789' },
    { kind: 'head', value: 'backhaussonne' },
  ],
  corrections: 1,
  receipts: 3,
  updated_at: '2026-11-28T10:00:00.000Z',
});

beforeEach(() => {
  signInTestUser();
  stores = [store()];
  requests = stubApi(({ method, path, body }) => {
    if (path === '/api/stores' && method === 'GET') return { body: { success: true, stores } };
    const one = /^\/api\/stores\/([^/]+)$/.exec(path);
    if (!one) return undefined;
    const found = stores.find((item) => item.id === one[1]);
    if (!found) return apiError(404, 'NOT_FOUND', 'Store not found.');
    if (method === 'DELETE') {
      stores = stores.filter((item) => item !== found);
      return { body: { success: true } };
    }
    const changes = body as Partial<KnownStore>;
    if (changes.currency === 'XXX') return apiError(400, 'VALIDATION_FAILED', 'Bad currency.');
    Object.assign(found, changes);
    return { body: { success: true, store: found } };
  });
});
afterEach(cleanup);

const renderSection = () =>
  renderWithQuery(<KnownStoresSection entities={['Personal', 'Work']} open />);

describe('KnownStoresSection', () => {
  it('lists each store with what its receipts get and what identifies it', async () => {
    renderSection();
    const list = await screen.findByRole('list', { name: 'Stores SnapTrack knows' });
    const row = within(list).getByRole('listitem');
    expect(row.textContent).toContain('Backhaus Sonne');
    expect(row.textContent).toContain(
      'EUR · Work · Meals · total line learnt · known by tax id DE123456789',
    );
  });

  it('sends the changed store, blanks as forgotten fields', async () => {
    renderSection();
    fireEvent.click(await screen.findByRole('button', { name: 'Change store Backhaus Sonne' }));
    const form = screen.getByRole('form', { name: 'Change store' });
    fireEvent.change(within(form).getByLabelText('Vendor name'), {
      target: { value: '  Sonne Bakery ' },
    });
    fireEvent.change(within(form).getByLabelText('Entity'), { target: { value: '' } });
    fireEvent.change(within(form).getByLabelText('Tags'), { target: { value: 'Meals, Client,' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save store' }));
    await waitFor(() => expect(screen.queryByRole('form', { name: 'Change store' })).toBeNull());
    const patch = requests.find((request) => request.method === 'PATCH');
    expect(patch?.path).toBe(`/api/stores/${store().id}`);
    expect(patch?.body).toEqual({
      vendor: 'Sonne Bakery',
      currency: 'EUR',
      entity: null,
      tags: ['Meals', 'Client'],
    });
    await screen.findByText('Sonne Bakery');
  });

  it('forgets a store only after its confirmation', async () => {
    renderSection();
    fireEvent.click(await screen.findByRole('button', { name: 'Forget store Backhaus Sonne' }));
    expect(requests.some((request) => request.method === 'DELETE')).toBe(false);
    const confirm = screen.getByRole('group', { name: 'Forget Backhaus Sonne?' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Forget store' }));
    await screen.findByText(/None yet\./);
    expect(requests.filter((request) => request.method === 'DELETE')).toHaveLength(1);
  });
});

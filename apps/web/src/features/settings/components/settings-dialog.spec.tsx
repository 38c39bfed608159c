/**
 * @jest-environment jsdom
 */
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import {
  apiError,
  signInTestUser,
  stubApi,
  type FakeReply,
  type RecordedRequest,
} from '@/testing/fake-api';
import { renderWithQuery } from '@/testing/render-with-query';
import { SettingsDialog } from './settings-dialog';

// Settings dialog against a fake gateway that stores the lists it is sent: loading and load
// failure, blank and duplicate entries ignored, Personal kept, a refused save, and removals
// confirmed with the count of expenses they affect (an entity's expenses moved or Unassigned).

let requests: RecordedRequest[];
let stored: { entities: string[]; tags: string[] };
let loadReply: FakeReply | null;
let saveRefusal: FakeReply | null;
const entityIds: Record<string, string> = {
  Personal: '11111111-1111-4111-8111-111111111111',
  Acme: '22222222-2222-4222-8222-222222222222',
  Beta: '33333333-3333-4333-8333-333333333333',
};
const expenseCounts: Record<string, number> = { Acme: 3 };

const settings = () => ({
  emailSettings: { subdomain: null, emailAddress: 'jane@receipts.example' },
  ...stored,
});

beforeEach(() => {
  signInTestUser();
  stored = { entities: ['Personal', 'Acme'], tags: ['travel'] };
  loadReply = null;
  saveRefusal = null;
  requests = stubApi(({ method, path, body }) => {
    if (path === '/api/entities') {
      const entities = stored.entities.map((name) => ({
        id: entityIds[name],
        name,
        description: null,
        expenseCount: expenseCounts[name] ?? 0,
      }));
      return { body: { success: true, entities } };
    }
    if (path === '/api/tags') {
      return {
        body: {
          success: true,
          tags: stored.tags,
          onExpenses: [{ name: 'travel', expenseCount: 2 }],
        },
      };
    }
    if (method === 'DELETE' && path.startsWith('/api/entities/')) {
      const id = path.split('/').pop();
      stored = { ...stored, entities: stored.entities.filter((name) => entityIds[name] !== id) };
      return { body: { success: true } };
    }
    if (path !== '/api/user/settings') return undefined;
    if (method === 'GET') return loadReply ?? { body: { settings: settings() } };
    if (saveRefusal) return saveRefusal;
    stored = body as typeof stored;
    return { body: { settings: settings() } };
  });
});
afterEach(cleanup);

const renderDialog = () => renderWithQuery(<SettingsDialog open onClose={() => undefined} />);
const saves = () =>
  requests.filter((request) => request.method === 'POST').map((request) => request.body);
const removals = () =>
  requests
    .filter((request) => request.method === 'DELETE')
    .map((request) => `${request.path}?${request.query.toString()}`);
const entityNames = () =>
  within(screen.getByRole('list', { name: 'Entities' }))
    .getAllByRole('listitem')
    .map((item) => item.querySelector('span')?.textContent);

async function addEntity(name: string) {
  const input = await screen.findByLabelText('New entity name');
  fireEvent.change(input, { target: { value: name } });
  fireEvent.submit(input.closest('form')!);
}

describe('SettingsDialog', () => {
  it('shows the stored lists and the receipt address', async () => {
    renderDialog();
    expect(await screen.findByText('jane@receipts.example')).toBeTruthy();
    expect(entityNames()).toEqual(['Personal', 'Acme']);
    expect(screen.getByText('Always kept')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Remove entity Personal' })).toBeNull();
  });

  it('says so when the settings cannot be loaded', async () => {
    loadReply = apiError(500, 'INTERNAL', 'boom');
    renderDialog();
    expect((await screen.findByRole('alert')).textContent).toBe('Settings could not be loaded.');
  });

  it('adds an entity with the whole list and shows what the server stored', async () => {
    renderDialog();
    await addEntity('  Side Project ');
    await waitFor(() => expect(entityNames()).toEqual(['Personal', 'Acme', 'Side Project']));
    expect(saves()).toEqual([{ entities: ['Personal', 'Acme', 'Side Project'], tags: ['travel'] }]);
  });

  it('ignores blank entries and says why a name already in the list is refused', async () => {
    renderDialog();
    const add = within(
      await screen.findByRole('region', { name: 'Business Entities' }),
    ).getByRole<HTMLButtonElement>('button', { name: 'Add' });
    fireEvent.change(screen.getByLabelText('New entity name'), { target: { value: '   ' } });
    expect(add.disabled).toBe(true);
    await addEntity('acme');
    expect(saves()).toEqual([]);
    const refusal = screen.getByRole('alert');
    expect(refusal.textContent).toBe("You already have an entity named 'Acme'.");
    expect(screen.getByLabelText<HTMLInputElement>('New entity name').value).toBe('acme');
  });

  it('removes a tag and reports a refused save beside the stored lists', async () => {
    renderDialog();
    fireEvent.click(await screen.findByRole('button', { name: 'Remove tag travel' }));
    const confirm = screen.getByRole('group', { name: 'Remove tag travel?' });
    await waitFor(() =>
      expect(confirm.textContent).toContain(
        "2 expenses carry the tag 'travel'. They keep it, and it stays in the export filter.",
      ),
    );
    expect(saves()).toEqual([]);
    fireEvent.click(within(confirm).getByRole('button', { name: 'Remove tag' }));
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Remove tag travel' })).toBeNull(),
    );
    expect(saves()).toEqual([{ entities: ['Personal', 'Acme'], tags: [] }]);

    saveRefusal = apiError(400, 'VALIDATION_ERROR', 'Entity names must be unique');
    await addEntity('Other');
    expect((await screen.findByRole('alert')).textContent).toContain(
      'Failed to save settings: Entity names must be unique',
    );
    expect(entityNames()).toEqual(['Personal', 'Acme']);
  });

  it('confirms an entity removal with its expense count and moves them to another entity', async () => {
    stored = { entities: ['Personal', 'Acme', 'Beta'], tags: [] };
    renderDialog();
    fireEvent.click(await screen.findByRole('button', { name: 'Remove entity Acme' }));
    const confirm = screen.getByRole('group', { name: 'Remove entity Acme?' });
    await waitFor(() =>
      expect(confirm.textContent).toContain("3 expenses are filed under 'Acme'."),
    );
    expect(removals()).toEqual([]);
    expect(saves()).toEqual([]);
    const move = within(confirm).getByLabelText<HTMLSelectElement>('Move them to');
    expect([...move.options].map((option) => option.text)).toEqual([
      'Leave them Unassigned',
      'Personal',
      'Beta',
    ]);
    fireEvent.change(move, { target: { value: entityIds.Beta } });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Remove entity' }));
    await waitFor(() => expect(entityNames()).toEqual(['Personal', 'Beta']));
    expect(removals()).toEqual([`/api/entities/${entityIds.Acme}?move_to=${entityIds.Beta}`]);
    expect(saves()).toEqual([]);
  });

  it('keeps the entity when the removal is cancelled', async () => {
    renderDialog();
    fireEvent.click(await screen.findByRole('button', { name: 'Remove entity Acme' }));
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('group', { name: 'Remove entity Acme?' })).toBeNull();
    expect(entityNames()).toEqual(['Personal', 'Acme']);
    expect(removals()).toEqual([]);
  });
});

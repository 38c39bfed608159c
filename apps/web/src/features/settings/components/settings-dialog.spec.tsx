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
// failure, blank and duplicate entries ignored, Personal kept, and a refused save.

let requests: RecordedRequest[];
let stored: { entities: string[]; tags: string[] };
let loadReply: FakeReply | null;
let saveRefusal: FakeReply | null;

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
});

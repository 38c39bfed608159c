/**
 * @jest-environment jsdom
 */
import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import {
  apiError,
  signInTestUser,
  stubApi,
  type FakeReply,
  type RecordedRequest,
} from '@/testing/fake-api';
import { renderWithQuery } from '@/testing/render-with-query';
import { UsernameDialog } from './username-dialog';

// Username dialog: availability asked after typing stops, Assign only for an available name,
// the server's refusal, the 24-hour wait, and the history.

let requests: RecordedRequest[];
let assignReply: FakeReply;

beforeEach(() => {
  signInTestUser();
  assignReply = {
    body: {
      success: true,
      username: 'jane.doe',
      snaptrack_email: 'jane.doe@receipts.example',
      email_username_changed_at: new Date().toISOString(),
    },
  };
  requests = stubApi(({ method, path, body }) => {
    if (method === 'GET' && path === '/api/username/history') {
      return {
        body: {
          history: [
            {
              old_username: null,
              new_username: 'jane',
              changed_at: '2026-01-02T10:00:00.000Z',
              changed_by: 'user',
            },
          ],
        },
      };
    }
    if (method === 'POST' && path === '/api/username/check') {
      const { username } = body as { username: string };
      const available = username !== 'taken';
      return {
        body: {
          success: true,
          username,
          available,
          errors: available ? [] : ['This username is already taken'],
          suggestions: available ? [] : ['taken2'],
          address: available ? `${username}@receipts.example` : null,
        },
      };
    }
    if (method === 'POST' && path === '/api/username/assign') return assignReply;
    return undefined;
  });
});
afterEach(cleanup);

function renderDialog(props: { current?: string | null; changedAt?: string | null } = {}) {
  const onAssigned = jest.fn();
  renderWithQuery(
    <UsernameDialog
      open
      onClose={() => undefined}
      current={props.current ?? null}
      changedAt={props.changedAt ?? null}
      suggestion="jane.doe"
      onAssigned={onAssigned}
    />,
  );
  return onAssigned;
}
const assignButton = () => screen.getByRole<HTMLButtonElement>('button', { name: 'Assign' });
const typeName = (value: string) =>
  fireEvent.change(screen.getByLabelText('Username'), { target: { value } });
const sent = (path: string) => requests.filter((request) => request.path === path);

describe('UsernameDialog', () => {
  it('checks the suggestion, shows the address and assigns it', async () => {
    const onAssigned = renderDialog();
    expect(screen.getByRole('dialog', { name: 'Choose Username' })).toBeTruthy();
    expect(await screen.findByText(/Available/)).toBeTruthy();
    expect(screen.getByText('jane.doe@receipts.example')).toBeTruthy();
    expect(screen.getByRole('list').textContent).toContain('jane');

    fireEvent.click(assignButton());
    await waitFor(() => expect(onAssigned).toHaveBeenCalledTimes(1));
    expect(sent('/api/username/assign').map((request) => request.body)).toEqual([
      { username: 'jane.doe' },
    ]);
  });

  it('keeps Assign off for a taken name and offers suggestions', async () => {
    renderDialog();
    typeName('taken');
    expect(await screen.findByText('This username is already taken')).toBeTruthy();
    expect(assignButton().disabled).toBe(true);

    fireEvent.click(screen.getByRole('button', { name: 'taken2' }));
    await waitFor(() =>
      expect(sent('/api/username/check').at(-1)?.body).toEqual({ username: 'taken2' }),
    );
  });

  it("shows the server's refusal when assigning", async () => {
    assignReply = apiError(409, 'USERNAME_TAKEN', 'Someone took this username a moment ago');
    renderDialog();
    await screen.findByText(/Available/);
    fireEvent.click(assignButton());
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Someone took this username a moment ago',
    );
  });

  it('waits out the 24 hours after a change', () => {
    renderDialog({ current: 'jane', changedAt: new Date(Date.now() - 60 * 60_000).toISOString() });
    expect(screen.getByRole('dialog', { name: 'Change Username' })).toBeTruthy();
    expect(screen.getByText('You can change your username again in 23 hours.')).toBeTruthy();
    expect(screen.getByLabelText<HTMLInputElement>('Username').disabled).toBe(true);
    expect(assignButton().disabled).toBe(true);
  });
});

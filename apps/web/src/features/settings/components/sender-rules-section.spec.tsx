/**
 * @jest-environment jsdom
 */
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { SenderRuleMessages } from '@snaptrack/contracts/core';
import {
  apiError,
  signInTestUser,
  stubApi,
  type FakeReply,
  type RecordedRequest,
} from '@/testing/fake-api';
import { renderWithQuery } from '@/testing/render-with-query';
import { SenderRulesSection } from './sender-rules-section';

// Sender rules against a fake gateway that normalises and stores what it is sent, and a mail
// log with held emails that a release takes out of the held list.

let requests: RecordedRequest[];
let stored: { mode: string; senders: string[] };
let saveRefusal: FakeReply | null;
let log: { id: string; status: string; subject: string; reason: string | null }[];

const rules = () => ({ success: true, ...stored, unknown_receipts_per_hour: 10, held_days: 14 });

beforeEach(() => {
  signInTestUser();
  stored = { mode: 'everyone', senders: ['me@home.example'] };
  saveRefusal = null;
  log = [
    { id: 'mail-1', status: 'held', subject: 'Junk one', reason: SenderRuleMessages.heldFlood(10) },
    { id: 'mail-2', status: 'processed', subject: 'Lunch', reason: null },
  ];
  requests = stubApi(({ method, path, body }) => {
    if (path === '/api/email/senders') {
      if (method === 'GET') return { body: rules() };
      if (saveRefusal) return saveRefusal;
      const sent = body as { mode: string; senders: string[] };
      stored = {
        mode: sent.mode,
        senders: [...new Set(sent.senders.map((entry) => entry.toLowerCase()))],
      };
      return { body: rules() };
    }
    if (path === '/api/email/log') {
      const messages = log.map((entry) => ({
        ...entry,
        received_at: '2026-11-20T10:00:00.000Z',
        from: 'Junk <junk@spam.example>',
        receipts_created: 0,
      }));
      return { body: { success: true, messages } };
    }
    const released = /^\/api\/email\/log\/([^/]+)\/release$/.exec(path);
    if (released && method === 'POST') {
      const entry = log.find((item) => item.id === released[1] && item.status === 'held');
      if (!entry) return apiError(404, 'NOT_FOUND', SenderRuleMessages.heldNotFound);
      entry.status = 'received';
      return { body: { success: true, entry } };
    }
    return undefined;
  });
});
afterEach(cleanup);

const renderSection = () => renderWithQuery(<SenderRulesSection />);

describe('SenderRulesSection', () => {
  it('shows the stored rules and saves the list the way the server stores it', async () => {
    renderSection();
    const list = await screen.findByLabelText<HTMLTextAreaElement>(
      'Listed senders and domains, one a line',
    );
    expect(list.value).toBe('me@home.example');
    expect(screen.getByRole<HTMLInputElement>('radio', { name: /^Everyone/ }).checked).toBe(true);

    fireEvent.click(screen.getByRole('radio', { name: 'Only listed senders' }));
    fireEvent.change(list, { target: { value: 'me@home.example\n  Shop.Example \n\n' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save sender rules' }));

    await waitFor(() => expect(list.value).toBe('me@home.example\nshop.example'));
    const put = requests.find((request) => request.method === 'PUT');
    expect(put?.body).toEqual({ mode: 'listed', senders: ['me@home.example', 'Shop.Example'] });
  });

  it('says why a save was refused, in the server words', async () => {
    renderSection();
    await screen.findByLabelText('Listed senders and domains, one a line');
    saveRefusal = apiError(400, 'VALIDATION_ERROR', SenderRuleMessages.invalidSender);
    fireEvent.click(screen.getByRole('button', { name: 'Save sender rules' }));
    expect((await screen.findByRole('alert')).textContent).toContain(
      SenderRuleMessages.invalidSender,
    );
  });

  it('lists held emails only, and a released one leaves the list', async () => {
    renderSection();
    const held = await screen.findByRole('list', { name: 'Held emails' });
    const items = within(held).getAllByRole('listitem');
    expect(items).toHaveLength(1);
    expect(items[0]?.textContent).toContain('Junk one');
    expect(items[0]?.textContent).toContain(SenderRuleMessages.heldFlood(10));

    fireEvent.click(within(held).getByRole('button', { name: 'Release' }));
    await waitFor(() => expect(screen.queryByRole('list', { name: 'Held emails' })).toBeNull());
    expect(
      requests.some((request) => request.method === 'POST' && request.path.endsWith('/release')),
    ).toBe(true);
  });
});

/**
 * @jest-environment jsdom
 */
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import {
  apiError,
  signInTestUser,
  stubApi,
  type FakeReply,
  type RecordedRequest,
} from '@/testing/fake-api';
import { renderWithQuery } from '@/testing/render-with-query';
import { AddEmailDialog } from './add-email-dialog';

// Add-email dialog: the empty-address rule, the body it sends, the two refusals it words, and
// the success view.

let requests: RecordedRequest[];
let reply: FakeReply;

beforeEach(() => {
  signInTestUser();
  reply = { status: 201, body: { success: true, email: { email: 'work@example.com' } } };
  requests = stubApi(({ method, path }) =>
    method === 'POST' && path === '/api/user/emails' ? reply : { status: 200, body: {} },
  );
});
afterEach(cleanup);

function renderDialog() {
  renderWithQuery(<AddEmailDialog open onClose={() => undefined} onAdded={() => undefined} />);
}
const typeEmail = (value: string) =>
  fireEvent.change(screen.getByLabelText('Email address'), { target: { value } });
const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Add Email' }));
const added = () => requests.filter((request) => request.path === '/api/user/emails');

describe('AddEmailDialog', () => {
  it('asks for an address when the field is blank and sends nothing', () => {
    renderDialog();
    typeEmail('   ');
    submit();
    expect(screen.getByRole('alert').textContent).toBe('Please enter an email address');
    expect(added()).toHaveLength(0);
  });

  it('sends the lower-cased address with the marketing choice and shows the success view', async () => {
    renderDialog();
    typeEmail('  Work@Example.COM ');
    fireEvent.click(screen.getByLabelText('Send me product news and tips (optional)'));
    submit();

    expect(await screen.findByRole('dialog', { name: 'Email Added' })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toContain('work@example.com');
    expect(added().map((request) => request.body)).toEqual([
      { email: 'work@example.com', opted_in_transactional: true, opted_in_marketing: true },
    ]);
  });

  it('says when the address is already in use', async () => {
    reply = apiError(409, 'EMAIL_IN_USE', 'Email already in use');
    renderDialog();
    typeEmail('taken@example.com');
    submit();
    expect((await screen.findByRole('alert')).textContent).toBe('This email is already in use');
  });

  it('words any other failure as a retry', async () => {
    reply = apiError(500, 'INTERNAL', 'boom');
    renderDialog();
    typeEmail('new@example.com');
    submit();
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Failed to add email. Please try again.',
    );
  });
});

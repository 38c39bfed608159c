/**
 * @jest-environment jsdom
 */
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { ChangePasswordMessages } from '@snaptrack/contracts/core';
import { getToken } from '@/lib/session-store';
import {
  apiError,
  signInTestUser,
  stubApi,
  type FakeReply,
  type RecordedRequest,
} from '@/testing/fake-api';
import { renderWithQuery } from '@/testing/render-with-query';
import { ChangePasswordSection } from './change-password-section';

// Change password: the rules checked before sending, the body sent, the server's refusal shown,
// and the new token kept so this device stays signed in.

let requests: RecordedRequest[];
let reply: FakeReply;

beforeEach(() => {
  signInTestUser();
  reply = { status: 200, body: { token: 'fresh-token', user: { id: 'u1', email: 'a@b.c' } } };
  requests = stubApi(({ path }) =>
    path === '/api/auth/password' ? reply : { status: 200, body: {} },
  );
});
afterEach(cleanup);

function fill(current: string, next: string, confirmation: string) {
  fireEvent.change(screen.getByLabelText('Current password'), { target: { value: current } });
  fireEvent.change(screen.getByLabelText('New password'), { target: { value: next } });
  fireEvent.change(screen.getByLabelText('Confirm new password'), {
    target: { value: confirmation },
  });
  fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
}
const sent = () => requests.filter((request) => request.path === '/api/auth/password');

describe('ChangePasswordSection', () => {
  it.each([
    ['', 'a long new secret', 'a long new secret', ChangePasswordMessages.required],
    ['old secret', 'short', 'short', ChangePasswordMessages.tooShort],
    ['old secret', 'a long new secret', 'a long new secreT', ChangePasswordMessages.mismatch],
  ])('refuses %j / %j / %j before sending', (current, next, confirmation, message) => {
    renderWithQuery(<ChangePasswordSection />);
    fill(current, next, confirmation);
    expect(screen.getByRole('alert').textContent).toBe(message);
    expect(sent()).toHaveLength(0);
  });

  it('sends both passwords, keeps the new token and says the other devices are signed out', async () => {
    renderWithQuery(<ChangePasswordSection />);
    fill('old secret', 'a long new secret', 'a long new secret');
    expect((await screen.findByRole('status')).textContent).toBe(ChangePasswordMessages.changed);
    expect(sent().map((request) => request.body)).toEqual([
      { current_password: 'old secret', new_password: 'a long new secret' },
    ]);
    expect(getToken()).toBe('fresh-token');
  });

  it("shows the server's refusal of a wrong current password", async () => {
    reply = apiError(400, 'VALIDATION_FAILED', ChangePasswordMessages.wrongCurrent);
    renderWithQuery(<ChangePasswordSection />);
    fill('wrong one', 'a long new secret', 'a long new secret');
    expect((await screen.findByRole('alert')).textContent).toBe(
      ChangePasswordMessages.wrongCurrent,
    );
  });
});

/**
 * @jest-environment jsdom
 */
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { apiError, stubApi, type FakeReply, type RecordedRequest } from '@/testing/fake-api';
import { renderWithQuery } from '@/testing/render-with-query';
import { ForgotPasswordDialog } from './forgot-password-dialog';

// Forgot-password dialog: Send stays off while blank, a malformed address is refused before
// the server, the address goes lower-cased, and the server's answer or refusal shows.

let requests: RecordedRequest[];
let reply: FakeReply;

beforeEach(() => {
  reply = { status: 200, body: { message: '' } };
  requests = stubApi(({ method, path }) =>
    method === 'POST' && path === '/api/auth/password-reset' ? reply : undefined,
  );
});
afterEach(cleanup);

const renderDialog = () => renderWithQuery(<ForgotPasswordDialog open onClose={() => undefined} />);
const typeEmail = (value: string) =>
  fireEvent.change(screen.getByLabelText('Email address'), { target: { value } });
const sendButton = () => screen.getByRole<HTMLButtonElement>('button', { name: 'Send Reset Link' });

describe('ForgotPasswordDialog', () => {
  it('keeps Send off while the address is blank', () => {
    renderDialog();
    expect(sendButton().disabled).toBe(true);
    typeEmail('a');
    expect(sendButton().disabled).toBe(false);
  });

  it('refuses a malformed address and sends nothing', () => {
    renderDialog();
    typeEmail('not-an-address');
    fireEvent.click(sendButton());
    expect(screen.getByRole('alert').textContent).toBe('Please enter a valid email address');
    expect(requests).toHaveLength(0);
  });

  it('sends the lower-cased address and says to check the mailbox', async () => {
    renderDialog();
    typeEmail(' Reader@Example.com ');
    fireEvent.click(sendButton());

    expect(await screen.findByRole('dialog', { name: 'Check Your Email' })).toBeTruthy();
    expect(
      screen.getByText(
        'If an account exists with this email, you will receive a password reset link.',
      ),
    ).toBeTruthy();
    expect(requests.map((request) => request.body)).toEqual([{ email: 'reader@example.com' }]);
  });

  it("shows the server's rate limit in its own words", async () => {
    reply = apiError(429, 'RATE_LIMITED', 'Too many reset attempts. Please try again in an hour.');
    renderDialog();
    typeEmail('reader@example.com');
    fireEvent.click(sendButton());
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Too many reset attempts. Please try again in an hour.',
    );
  });
});

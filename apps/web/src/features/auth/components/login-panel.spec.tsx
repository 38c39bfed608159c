/**
 * @jest-environment jsdom
 */
import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { clearSession, getSession } from '@/lib/session-store';
import { signInTestUser, stubApi, type RecordedRequest } from '@/testing/fake-api';
import { renderWithQuery } from '@/testing/render-with-query';
import { LoginPanel } from './login-panel';

// Back from Google or Apple with a session for another account than the one signed in here:
// the panel asks before it replaces the session, and keeps it when told to.

const other = { id: 'user-2', email: 'someone-else@example.com' };
let requests: RecordedRequest[];

beforeEach(() => {
  signInTestUser();
  requests = stubApi(({ method, path }) => {
    if (method === 'GET' && path === '/api/auth/providers') {
      return { body: { success: true, providers: { google: true, apple: false } } };
    }
    if (method === 'POST' && path === '/api/auth/oidc/result') {
      return {
        body: {
          success: true,
          kind: 'signin',
          provider: 'google',
          token: 'other-token',
          user: other,
        },
      };
    }
    return undefined;
  });
});
afterEach(() => {
  cleanup();
  clearSession();
});

function renderPanel() {
  const onSignedIn = jest.fn();
  const onGoToDashboard = jest.fn();
  renderWithQuery(
    <LoginPanel
      socialResult="a-one-time-result-code"
      onSignedIn={onSignedIn}
      onGoToDashboard={onGoToDashboard}
    />,
  );
  return { onSignedIn, onGoToDashboard };
}

describe('LoginPanel, a social sign-in while another account is signed in', () => {
  it('asks before switching, and keeps the session when told to stay', async () => {
    const { onSignedIn, onGoToDashboard } = renderPanel();
    expect(await screen.findByRole('heading', { name: 'Switch accounts?' })).toBeTruthy();
    expect(getSession().token).toBe('component-test-token');
    expect(requests.filter((request) => request.path === '/api/auth/oidc/result')).toHaveLength(1);

    fireEvent.click(screen.getByRole('button', { name: 'Stay signed in as reader@example.com' }));
    expect(onGoToDashboard).toHaveBeenCalledTimes(1);
    expect(onSignedIn).not.toHaveBeenCalled();
    expect(getSession()).toMatchObject({ token: 'component-test-token', user: { id: 'user-1' } });
  });

  it('switches only when asked to', async () => {
    const { onSignedIn } = renderPanel();
    fireEvent.click(
      await screen.findByRole('button', { name: 'Switch to someone-else@example.com' }),
    );
    await waitFor(() => expect(onSignedIn).toHaveBeenCalledTimes(1));
    expect(getSession()).toMatchObject({ token: 'other-token', user: other });
  });
});

import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import {
  ApiError,
  NETWORK_ERROR_MESSAGE,
  NO_AUTH_USER_MESSAGE,
  apiRequest,
  buildUrl,
  isSubscriptionRequired,
  parseApiError,
  setUnauthorizedHandler,
} from './api-client';
import { clearSession, getSession, saveSession } from './session-store';

const user = {
  id: 'u1',
  email: 'demo@example.com',
  full_name: 'Demo User',
  avatar_url: null,
  created_at: '2025-01-01T00:00:00.000Z',
  updated_at: '2025-01-01T00:00:00.000Z',
  firebase_uid: 'u1',
  auth_version: 1,
  has_email: true,
  contact_email: null,
  snaptrack_email: 'demo@snaptrack.localhost',
  email_username: 'demo',
  email_username_changed_at: null,
  personal_subdomain: null,
  has_active_subscription: true,
};

function jsonResponse(status: number, body: unknown): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

describe('parseApiError', () => {
  it('reads code and message from the error envelope', () => {
    const error = parseApiError(401, {
      success: false,
      error: { code: 'INVALID_CREDENTIALS', message: 'Invalid email or password.' },
    });
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 401,
      code: 'INVALID_CREDENTIALS',
      message: 'Invalid email or password.',
    });
  });

  it('keeps details when the envelope has them', () => {
    const error = parseApiError(400, {
      success: false,
      error: { code: 'VALIDATION_FAILED', message: 'Bad input', details: { field: 'email' } },
    });
    expect(error.details).toEqual({ field: 'email' });
  });

  it('accepts a bare error string or message', () => {
    expect(parseApiError(500, { error: 'Authentication failed' }).message).toBe(
      'Authentication failed',
    );
    expect(parseApiError(502, { message: 'Bad gateway' }).message).toBe('Bad gateway');
  });

  it('falls back to "Request failed: {status}"', () => {
    expect(parseApiError(503, 'Service Unavailable')).toMatchObject({
      status: 503,
      code: 'HTTP_ERROR',
      message: 'Request failed: 503',
    });
    expect(parseApiError(401, undefined).code).toBe('UNAUTHENTICATED');
    expect(parseApiError(500, { success: false, error: {} }).message).toBe('Request failed: 500');
  });

  it("recognises the server's paywall (402 SUBSCRIPTION_REQUIRED), nothing else", () => {
    const paywall = parseApiError(402, {
      success: false,
      error: {
        code: 'SUBSCRIPTION_REQUIRED',
        message: 'An active subscription is required to add receipts.',
      },
    });
    expect(isSubscriptionRequired(paywall)).toBe(true);
    expect(paywall.message).toBe('An active subscription is required to add receipts.');
    expect(
      isSubscriptionRequired(parseApiError(402, { error: 'Payment verification failed' })),
    ).toBe(false);
    expect(isSubscriptionRequired(new Error('SUBSCRIPTION_REQUIRED'))).toBe(false);
  });
});

describe('buildUrl', () => {
  it('prefixes /api and repeats array values', () => {
    expect(
      buildUrl('/expenses', { page: 2, limit: 25, tags: ['Travel', 'Meals'], q: undefined }),
    ).toBe('/api/expenses?page=2&limit=25&tags=Travel&tags=Meals');
    expect(buildUrl('auth/login')).toBe('/api/auth/login');
  });
});

describe('apiRequest', () => {
  const fetchMock = jest.fn<typeof fetch>();
  const onUnauthorized = jest.fn();
  const realFetch = globalThis.fetch;

  beforeEach(() => {
    fetchMock.mockReset();
    onUnauthorized.mockReset();
    globalThis.fetch = fetchMock;
    setUnauthorizedHandler(onUnauthorized);
    clearSession();
  });

  afterEach(() => {
    globalThis.fetch = realFetch;
  });

  it('rejects a protected call without a token as "No authenticated user"', async () => {
    await expect(apiRequest('/user/profile')).rejects.toMatchObject({
      status: 401,
      message: NO_AUTH_USER_MESSAGE,
    });
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('sends the bearer token and JSON body', async () => {
    saveSession({ token: 'tok-1', user });
    fetchMock.mockResolvedValue(jsonResponse(200, { ok: true }));
    await expect(
      apiRequest('/entities', { method: 'POST', body: { name: 'Acme' } }),
    ).resolves.toEqual({
      ok: true,
    });
    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe('/api/entities');
    expect(init?.headers).toMatchObject({
      Authorization: 'Bearer tok-1',
      'Content-Type': 'application/json',
    });
    expect(init?.body).toBe(JSON.stringify({ name: 'Acme' }));
  });

  it('treats 202 Accepted as success', async () => {
    saveSession({ token: 'tok-1', user });
    fetchMock.mockResolvedValue(jsonResponse(202, { async: true, job_id: 'j1' }));
    await expect(apiRequest('/export/pdf', { method: 'POST' })).resolves.toEqual({
      async: true,
      job_id: 'j1',
    });
  });

  it('on 401 of an authenticated call clears the session and hands over to the handler', async () => {
    saveSession({ token: 'tok-1', user });
    fetchMock.mockResolvedValue(
      jsonResponse(401, {
        success: false,
        error: { code: 'TOKEN_REVOKED', message: 'Signed out.' },
      }),
    );
    await expect(apiRequest('/user/profile')).rejects.toMatchObject({
      status: 401,
      code: 'TOKEN_REVOKED',
    });
    expect(getSession()).toEqual({ token: null, user: null });
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it('keeps the session on a 401 of a public call (wrong password)', async () => {
    saveSession({ token: 'tok-1', user });
    fetchMock.mockResolvedValue(
      jsonResponse(401, {
        success: false,
        error: { code: 'INVALID_CREDENTIALS', message: 'Invalid email or password.' },
      }),
    );
    await expect(
      apiRequest('/auth/login', { method: 'POST', body: {}, auth: false }),
    ).rejects.toMatchObject({ code: 'INVALID_CREDENTIALS' });
    expect(getSession().token).toBe('tok-1');
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('turns a failed fetch into a network ApiError', async () => {
    fetchMock.mockRejectedValue(new TypeError('fetch failed'));
    await expect(apiRequest('/help/categories', { auth: false })).rejects.toMatchObject({
      status: 0,
      code: 'NETWORK_ERROR',
      message: NETWORK_ERROR_MESSAGE,
    });
  });

  it('resolves undefined for an empty 204', async () => {
    saveSession({ token: 'tok-1', user });
    fetchMock.mockResolvedValue(new Response(null, { status: 204 }));
    await expect(apiRequest('/auth/logout', { method: 'POST' })).resolves.toBeUndefined();
  });
});

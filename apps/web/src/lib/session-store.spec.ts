import { beforeEach, describe, expect, it, jest } from '@jest/globals';
import {
  clearSession,
  getSession,
  saveSession,
  subscribeSession,
  updateStoredUser,
} from './session-store';

const user = {
  id: 'u1',
  email: 'demo@example.com',
  full_name: null,
  avatar_url: null,
  created_at: '2025-01-01T00:00:00.000Z',
  updated_at: '2025-01-01T00:00:00.000Z',
  firebase_uid: 'u1',
  auth_version: 1,
  has_email: true,
  contact_email: null,
  snaptrack_email: null,
  email_username: null,
  email_username_changed_at: null,
  personal_subdomain: null,
  has_active_subscription: false,
};

describe('session store', () => {
  beforeEach(() => clearSession());

  it('saves token and user together and clears both on sign-out', () => {
    saveSession({ token: 't', user });
    expect(getSession()).toEqual({ token: 't', user });
    clearSession();
    expect(getSession()).toEqual({ token: null, user: null });
  });

  it('keeps a stable snapshot until something changes', () => {
    saveSession({ token: 't', user });
    expect(getSession()).toBe(getSession());
  });

  it('notifies subscribers, and only refreshes the user when it changed', () => {
    const listener = jest.fn();
    const unsubscribe = subscribeSession(listener);
    saveSession({ token: 't', user });
    updateStoredUser({ ...user });
    expect(listener).toHaveBeenCalledTimes(1);
    updateStoredUser({ ...user, has_active_subscription: true });
    expect(listener).toHaveBeenCalledTimes(2);
    expect(getSession().user?.has_active_subscription).toBe(true);
    unsubscribe();
  });

  it('does not store a user without a token', () => {
    updateStoredUser(user);
    expect(getSession().user).toBeNull();
  });
});

import { describe, expect, it } from '@jest/globals';
import {
  messageFromOidcError,
  messageFromState,
  messageTone,
  resetPasswordHandOff,
} from './login-page';

describe('messageTone', () => {
  it('is green only when the text contains "successfully"', () => {
    expect(messageTone('Password reset successfully. Please sign in.')).toBe('success');
    expect(messageTone('Please enter both email and password')).toBe('error');
    expect(messageTone('Successfully signed out')).toBe('error');
  });
});

describe('resetPasswordHandOff', () => {
  it('moves the whole query string to /reset-password', () => {
    expect(resetPasswordHandOff('?mode=resetPassword&oobCode=abc&app=true')).toBe(
      '/reset-password?mode=resetPassword&oobCode=abc&app=true',
    );
  });

  it('stays without both mode=resetPassword and an oobCode', () => {
    expect(resetPasswordHandOff('')).toBeNull();
    expect(resetPasswordHandOff('?mode=resetPassword')).toBeNull();
    expect(resetPasswordHandOff('?mode=verifyEmail&oobCode=abc')).toBeNull();
  });
});

describe('messageFromState', () => {
  it('reads a non-empty message from navigation state', () => {
    expect(messageFromState({ message: 'Password reset successfully.' })).toBe(
      'Password reset successfully.',
    );
    expect(messageFromState({ message: '  ' })).toBeNull();
    expect(messageFromState(null)).toBeNull();
    expect(messageFromState({ other: 1 })).toBeNull();
  });
});

describe('messageFromOidcError', () => {
  it('says why a Google/Apple callback came back without a result', () => {
    expect(messageFromOidcError('?oidc_error=expired&app=true')).toBe(
      'This sign-in attempt has expired. Please try again.',
    );
    expect(messageFromOidcError('?oidc_error=unavailable')).toBe(
      'Sign-in is not available right now. Please try again shortly.',
    );
  });

  it('ignores a missing or unknown reason', () => {
    expect(messageFromOidcError('')).toBeNull();
    expect(messageFromOidcError('?oidc_error=toString')).toBeNull();
    expect(messageFromOidcError('?oidc_error=<b>x</b>')).toBeNull();
  });
});

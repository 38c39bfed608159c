import { describe, expect, it } from '@jest/globals';
import {
  confirmError,
  isEmailLike,
  resetFormProblem,
  resetRequestError,
  verifyError,
} from './password-reset';

class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

describe('password reset texts', () => {
  it('checks the email with the text@text.text pattern', () => {
    expect(isEmailLike('jane@example.com')).toBe(true);
    expect(isEmailLike('jane@example')).toBe(false);
    expect(isEmailLike('jane example.com')).toBe(false);
  });

  it('maps server answers to the messages of the dialog and the page', () => {
    const limited = new ApiError(
      429,
      'RATE_LIMITED',
      'Too many reset attempts. Please try again in an hour.',
    );
    expect(resetRequestError(limited)).toBe(
      'Too many reset attempts. Please try again in an hour.',
    );
    expect(resetRequestError(new Error('boom'))).toBe(
      'An unexpected error occurred. Please try again.',
    );
    expect(resetRequestError(new ApiError(0, 'NETWORK_ERROR', 'x'))).toBe(
      'Network error. Please check your connection and try again.',
    );
    expect(verifyError(new ApiError(400, 'EXPIRED_ACTION_CODE', 'x'))).toBe(
      'This password reset link has expired. Please request a new one.',
    );
    expect(verifyError(new ApiError(400, 'USED_ACTION_CODE', 'x'))).toBe(
      'This password reset link is invalid or has already been used.',
    );
    expect(verifyError(new ApiError(503, 'SERVICE_UNAVAILABLE', 'x'))).toBe(
      'Unable to verify password reset link. Please request a new one.',
    );
    expect(confirmError(new ApiError(400, 'WEAK_PASSWORD', 'x'))).toBe(
      'Password is too weak. Please choose a stronger password.',
    );
    expect(confirmError(new ApiError(500, 'INTERNAL', 'x'))).toBe(
      'Failed to reset password. Please try again.',
    );
  });

  it('checks the form: all fields, matching, six characters', () => {
    expect(resetFormProblem('', 'x')).toBe('Please fill in all fields');
    expect(resetFormProblem('abcdef', 'abcdeg')).toBe('Passwords do not match');
    expect(resetFormProblem('abc', 'abc')).toBe('Password must be at least 6 characters long');
    expect(resetFormProblem('abcdef', 'abcdef')).toBeNull();
  });
});

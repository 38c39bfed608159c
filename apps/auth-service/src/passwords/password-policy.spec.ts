import { describe, expect, it } from '@jest/globals';
import { passwordProblem, RESET_MIN_LENGTH, SETUP_MIN_LENGTH } from './password-policy.js';

describe('passwordProblem', () => {
  it('applies the reset and setup minimums with their texts', () => {
    expect(passwordProblem('abc12', RESET_MIN_LENGTH)).toBe(
      'Password must be at least 6 characters long',
    );
    expect(passwordProblem('xk3-9q', RESET_MIN_LENGTH)).toBeNull();
    expect(passwordProblem('xk3-9qz', SETUP_MIN_LENGTH)).toBe(
      'Password must be at least 8 characters long',
    );
  });

  it('refuses common passwords, one repeated character and the email itself', () => {
    const weak = 'Password is too weak. Please choose a stronger password.';
    expect(passwordProblem('Password123', SETUP_MIN_LENGTH)).toBe(weak);
    expect(passwordProblem('aaaaaaaa', SETUP_MIN_LENGTH)).toBe(weak);
    expect(passwordProblem('jane.doe@example.com', 6, 'Jane.Doe@example.com')).toBe(weak);
    expect(passwordProblem('jane.doe', 6, 'jane.doe@example.com')).toBe(weak);
  });

  it('counts characters, not bytes, and takes long passphrases', () => {
    expect(passwordProblem('ñandú🦆', RESET_MIN_LENGTH)).toBeNull();
    expect(passwordProblem('x'.repeat(63) + 'y', SETUP_MIN_LENGTH)).toBeNull();
  });
});

import { describe, expect, it } from '@jest/globals';
import { emailStatus } from './email-status';

describe('emailStatus', () => {
  it('prefers the username address, then the legacy subdomain', () => {
    expect(emailStatus({ email_username: 'demo', personal_subdomain: 'acme' })).toBe('ready');
    expect(emailStatus({ email_username: null, personal_subdomain: 'acme' })).toBe('legacy');
    expect(emailStatus({ email_username: null, personal_subdomain: null })).toBe('setup');
    expect(emailStatus(undefined)).toBe('setup');
  });
});

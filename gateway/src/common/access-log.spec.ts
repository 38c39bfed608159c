import { describe, expect, it } from '@jest/globals';
import { loggablePath } from './access-log.js';

describe('loggablePath', () => {
  it('drops the query and masks local billing session ids', () => {
    expect(loggablePath('/api/auth/oidc/google/callback?code=abc&state=def')).toBe(
      '/api/auth/oidc/google/callback',
    );
    expect(loggablePath('/setup-password?token=secret-token')).toBe('/setup-password');
    expect(loggablePath('/api/billing/local/checkout/cs_local_123456/pay')).toBe(
      '/api/billing/local/checkout/[redacted]/pay',
    );
    expect(loggablePath('/api/billing/local/portal/bps_local_1?x=1')).toBe(
      '/api/billing/local/portal/[redacted]',
    );
    expect(loggablePath('/api/expenses')).toBe('/api/expenses');
  });
});

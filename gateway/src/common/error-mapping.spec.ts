import { describe, expect, it } from '@jest/globals';
import { ErrorCodes } from '@snaptrack/contracts';
import { httpErrorFor } from './error-mapping.js';

describe('httpErrorFor', () => {
  it('maps every error code to an HTTP error status', () => {
    for (const code of ErrorCodes) {
      const { status } = httpErrorFor(code);
      expect(status).toBeGreaterThanOrEqual(400);
      expect(status).toBeLessThan(600);
    }
  });

  it('uses the product wording for a missing user', () => {
    expect(httpErrorFor('UNAUTHENTICATED')).toEqual({
      status: 401,
      message: 'No authenticated user',
    });
  });

  it('answers the paywall with 402 and a full storage with 413, keeping the service text', () => {
    expect(httpErrorFor('SUBSCRIPTION_REQUIRED')).toEqual({ status: 402 });
    expect(httpErrorFor('STORAGE_QUOTA_EXCEEDED')).toEqual({ status: 413 });
  });
});

import { describe, expect, it } from '@jest/globals';
import { UploadMessages } from '@snaptrack/contracts/core';
import { ApiError } from '../../../lib/api-error';
import { afterFailure, QueueReasons } from './queue-policy';

// The queue's policy on a failed upload (the upload itself is lib/receipt-upload.ts; the real
// queue, IndexedDB and server are exercised by the browser tests pwa and upload-limit).

const now = Date.UTC(2026, 10, 29, 10, 0, 0);
const refused = (status: number, message = 'x', details?: Record<string, unknown>) =>
  new ApiError(status, 'CODE', message, details);

describe('afterFailure', () => {
  it('keeps a receipt that got no answer waiting, and stops the round', () => {
    expect(afterFailure(new ApiError(0, 'NETWORK_ERROR', 'offline'), now)).toEqual({
      change: { status: 'waiting', reason: QueueReasons.offline },
      outcome: 'stop',
    });
    expect(afterFailure(new TypeError('Failed to fetch'), now).outcome).toBe('stop');
  });

  it('waits for a new sign-in on a 401', () => {
    expect(afterFailure(refused(401), now)).toEqual({
      change: { status: 'waiting', reason: QueueReasons.signIn },
      outcome: 'stop',
    });
  });

  it('waits out an upload limit until its Retry-After, saying until when', () => {
    const { change, outcome } = afterFailure(
      refused(429, 'Too many', { retry_after_seconds: 90 }),
      now,
    );
    expect(outcome).toBe('stop');
    expect(change).toEqual({
      status: 'waiting',
      notBefore: now + 90_000,
      reason: QueueReasons.limit(now + 90_000),
    });
  });

  it.each([408, 500, 503])('keeps it waiting while the server is busy (%i)', (status) => {
    expect(afterFailure(refused(status), now)).toEqual({
      change: { status: 'waiting', reason: QueueReasons.busy },
      outcome: 'stop',
    });
  });

  it("marks a refusal for good failed with the server's reason, and goes on", () => {
    expect(afterFailure(refused(400, UploadMessages.notImage), now)).toEqual({
      change: { status: 'failed', reason: UploadMessages.notImage },
      outcome: 'next',
    });
    expect(afterFailure(refused(402, 'Subscribe to add receipts.'), now).outcome).toBe('next');
  });
});

import { describe, expect, it } from '@jest/globals';
import { SmtpReplies } from '../smtp/smtp-replies.js';
import { replyCode } from './mail-metrics.js';

describe('replyCode', () => {
  it('is 250 for an accepted command and the refusal’s code otherwise', () => {
    expect(replyCode('rcpt', null)).toBe('250');
    expect(replyCode('data', undefined)).toBe('250');
    expect(replyCode('rcpt', SmtpReplies.unknownRecipient())).toBe('550');
    expect(replyCode('rcpt', SmtpReplies.mailQuota(20))).toBe('452');
    expect(replyCode('data', SmtpReplies.notStored())).toBe('451');
  });

  it('is smtp-server’s default for an error without a valid code', () => {
    expect(replyCode('rcpt', new Error('boom'))).toBe('550');
    expect(replyCode('data', new Error('boom'))).toBe('450');
    expect(replyCode('data', Object.assign(new Error('odd'), { responseCode: 42 }))).toBe('450');
  });
});

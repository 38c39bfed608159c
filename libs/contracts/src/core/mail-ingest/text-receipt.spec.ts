import { describe, expect, it } from '@jest/globals';
import { formatTextReceipt, parseTextReceipt } from './text-receipt.js';

describe('text receipts', () => {
  it('keeps the shop’s From and Subject with the message text, and reads them back', () => {
    const receipt = {
      from: 'Linen & Co <orders@linenco.example>',
      subject: 'Order #1042 confirmed',
      body: 'Hi Max,\n\nTotal €63.90',
    };
    const stored = formatTextReceipt(receipt);
    expect(stored).toBe(
      'From: Linen & Co <orders@linenco.example>\nSubject: Order #1042 confirmed\n\nHi Max,\n\nTotal €63.90',
    );
    expect(parseTextReceipt(stored)).toEqual(receipt);
  });

  it('writes a header value on its one line, and both lines even when the mail had none', () => {
    const stored = formatTextReceipt({
      from: null,
      subject: 'Your\r\nreceipt',
      body: 'Total 5.00',
    });
    expect(stored).toBe('From:\nSubject: Your receipt\n\nTotal 5.00');
    expect(parseTextReceipt(stored)).toEqual({
      from: null,
      subject: 'Your receipt',
      body: 'Total 5.00',
    });
    // A message whose own text opens like a header stays text.
    const headerLike = 'From: our roastery\n\nTotal 5.00';
    const bare = formatTextReceipt({ from: null, subject: null, body: headerLike });
    expect(parseTextReceipt(bare)).toEqual({ from: null, subject: null, body: headerLike });
  });

  it('reads a file stored without the header as text alone', () => {
    expect(parseTextReceipt('From: our roastery\n\nTotal 5.00').body).toBe(
      'From: our roastery\n\nTotal 5.00',
    );
    const old = 'Blue Bottle Coffee\nFrom: our roastery\n\nTotal $11.17';
    expect(parseTextReceipt(old)).toEqual({ from: null, subject: null, body: old });
    expect(parseTextReceipt('Total $11.17')).toEqual({
      from: null,
      subject: null,
      body: 'Total $11.17',
    });
  });
});

import { parseForwardedDate, stripForwardPrefixes, unwrapForwarded } from './forwarded.js';

describe('unwrapForwarded', () => {
  it('reads a Gmail forward', () => {
    const text = [
      'See below',
      '',
      '---------- Forwarded message ---------',
      'From: Blue Bottle Coffee <receipts@bluebottle.example>',
      'Date: Mon, Nov 16, 2026 at 10:02 AM',
      'Subject: Your receipt from Blue Bottle',
      'To: <me@example.com>',
      '',
      'Latte 5.50',
      'Total 5.50',
    ].join('\n');
    const part = unwrapForwarded(text);
    expect(part?.from).toBe('Blue Bottle Coffee <receipts@bluebottle.example>');
    expect(part?.subject).toBe('Your receipt from Blue Bottle');
    expect(part?.date?.getFullYear()).toBe(2026);
    expect(part?.date?.getMonth()).toBe(10);
    expect(part?.date?.getDate()).toBe(16);
    expect(part?.body).toBe('Latte 5.50\nTotal 5.50');
  });

  it('reads an Outlook forward with Sent: and a rule line', () => {
    const text = [
      '________________________________',
      'From: Office Depot <orders@officedepot.example>',
      'Sent: Tuesday, November 3, 2026 4:15 PM',
      'To: Me <me@example.com>',
      'Subject: Order receipt #123',
      '',
      'Paper 12.99',
    ].join('\r\n');
    const part = unwrapForwarded(text);
    expect(part?.from).toBe('Office Depot <orders@officedepot.example>');
    expect(part?.date?.getMonth()).toBe(10);
    expect(part?.date?.getDate()).toBe(3);
    expect(part?.body).toBe('Paper 12.99');
  });

  it('reads an Apple Mail forward, quoted lines included', () => {
    const text = [
      'Begin forwarded message:',
      '',
      '> From: Shell <noreply@shell.example>',
      '> Subject: Fuel receipt',
      '> Date: 2 October 2026 at 08:30:00 GMT',
      '> To: me@example.com',
      '>',
      '> Fuel 45.10',
    ].join('\n');
    const part = unwrapForwarded(text);
    expect(part?.from).toBe('Shell <noreply@shell.example>');
    expect(part?.subject).toBe('Fuel receipt');
    expect(part?.date?.toISOString()).toBe('2026-10-02T08:30:00.000Z');
    expect(part?.body).toBe('Fuel 45.10');
  });

  it('is null for a message that is not a forward', () => {
    expect(unwrapForwarded('Thanks for your order.\nTotal: $12.00')).toBeNull();
  });
});

describe('parseForwardedDate', () => {
  it('is null for text that is no date', () => {
    expect(parseForwardedDate('yesterday-ish')).toBeNull();
  });
});

describe('stripForwardPrefixes', () => {
  it.each([
    ['Fwd: Your receipt', 'Your receipt'],
    ['FW: Fwd: Your receipt', 'Your receipt'],
    ['Receipt', 'Receipt'],
    ['Fwd:', null],
  ])('%s → %s', (input, expected) => {
    expect(stripForwardPrefixes(input)).toBe(expected);
  });
});

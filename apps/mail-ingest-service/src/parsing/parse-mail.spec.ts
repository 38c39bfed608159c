import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import MailComposer from 'nodemailer/lib/mail-composer';
import { parseReceiptMail } from './parse-mail.js';

const fixtures = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../test/fixtures');
const fixture = (name: string) => new Uint8Array(readFileSync(path.join(fixtures, name)));

describe('parseReceiptMail', () => {
  it('unwraps a Gmail forward: the shop is the sender, its date the date', async () => {
    const mail = await parseReceiptMail(fixture('gmail-forward.eml'));
    expect(mail.from).toBe('Blue Bottle Coffee <receipts@bluebottle.example>');
    expect(mail.subject).toBe('Your Blue Bottle Coffee receipt');
    expect(mail.date?.slice(0, 10)).toBe('2026-11-14');
    expect(mail.text).toMatch(/^Blue Bottle Coffee/);
    expect(mail.text).toContain('TOTAL                 $11.17');
    expect(mail.attachments).toEqual([]);
  });

  it('unwraps an Outlook forward in quoted-printable latin-1', async () => {
    const mail = await parseReceiptMail(fixture('outlook-forward.eml'));
    expect(mail.from).toBe('Office Depot <orders@officedepot.example>');
    expect(mail.subject).toBe('Order receipt #OD-448812');
    expect(mail.date?.slice(0, 10)).toBe('2026-11-03');
    expect(mail.text).toContain('Café mugs (2)');
    expect(mail.text).toContain('Office Depot – Store #2231');
  });

  it('turns an HTML-only e-receipt into readable text without its script or links', async () => {
    const mail = await parseReceiptMail(fixture('html-only-receipt.eml'));
    expect(mail.from).toBe('"Uber Receipts" <noreply@uber.example>');
    expect(mail.subject).toBe('Your Friday evening trip with Uber');
    expect(mail.text).toMatch(/Total\s+\$20\.75/);
    expect(mail.text).not.toContain('<');
    expect(mail.text).not.toContain('alert(1)');
    expect(mail.text).not.toContain('127.0.0.1');
  });

  it('decodes a base64 body and an encoded-word subject', async () => {
    const mail = await parseReceiptMail(fixture('base64-body.eml'));
    expect(mail.subject).toBe('Receipt – Corner Deli');
    expect(mail.text).toContain('Total €12.00');
  });

  it('reads a windows-1252 body', async () => {
    const mail = await parseReceiptMail(fixture('windows-1252.eml'));
    expect(mail.subject).toBe('Reçu de caisse');
    expect(mail.text).toContain('Café crème    3,20 €');
  });

  it('survives a malformed MIME tree', async () => {
    const mail = await parseReceiptMail(fixture('malformed-mime.eml'));
    expect(mail.subject).toBe('Malformed');
    expect(Array.isArray(mail.attachments)).toBe(true);
  });

  it('opens a message forwarded as an attachment and reads the inner receipt', async () => {
    const inner = await new MailComposer({
      from: 'Harbor Books <orders@harborbooks.example>',
      subject: 'Your order',
      date: new Date('2026-10-30T15:00:00Z'),
      text: 'Harbor Books\nTOTAL 23.40',
    })
      .compile()
      .build();
    const outer = await new MailComposer({
      from: 'Me <me@example.com>',
      subject: 'Fwd: Your order',
      text: 'see attached',
      attachments: [{ filename: 'order.eml', content: inner, contentType: 'message/rfc822' }],
    })
      .compile()
      .build();
    const mail = await parseReceiptMail(new Uint8Array(outer));
    expect(mail.from).toBe('"Harbor Books" <orders@harborbooks.example>');
    expect(mail.subject).toBe('Your order');
    expect(mail.date).toBe('2026-10-30T15:00:00.000Z');
    expect(mail.text).toContain('TOTAL 23.40');
  });

  it('keeps image and PDF attachments, not the logos an HTML body shows inline', async () => {
    const photo = Buffer.alloc(4096, 1);
    const raw = await new MailComposer({
      from: 'Shop <shop@example.com>',
      subject: 'Receipt',
      html: '<p>Thanks</p><img src="cid:logo@shop">',
      attachments: [
        { filename: 'logo.png', content: Buffer.alloc(4096, 2), cid: 'logo@shop' },
        { filename: 'receipt.jpg', content: photo, contentType: 'image/jpeg' },
        { filename: 'terms.txt', content: 'terms' },
      ],
    })
      .compile()
      .build();
    const mail = await parseReceiptMail(new Uint8Array(raw));
    expect(mail.attachments.map((file) => file.filename)).toEqual(['receipt.jpg']);
  });
});

import { access } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from '@jest/globals';
import MailComposer from 'nodemailer/lib/mail-composer';
import {
  api,
  eventually,
  renderReceipt,
  settledExpenses,
  stack,
  withDatabase,
} from '@snaptrack/testing';
import { deliver } from './smtp-client.js';
import { subscribedWithAddress } from './mail-accounts.js';

interface MailedExpense {
  id: string;
  status: string;
  email_subject: string | null;
}

async function inboundMail(userId: string) {
  return withDatabase(
    async (client) =>
      (
        await client.query(
          `SELECT "raw_key", "receipts_created", "receipts_deleted", "subject", "from_address"
           FROM "mail_ingest"."inbound_mail" WHERE "user_id" = $1`,
          [userId],
        )
      ).rows as {
        raw_key: string;
        receipts_created: number;
        receipts_deleted: number;
        subject: string | null;
        from_address: string | null;
      }[],
  );
}

const exists = (file: string) =>
  access(file).then(
    () => true,
    () => false,
  );

describe('mail-ingest: long headers', () => {
  it('keeps a message whose Subject and From exceed 500 characters, cut with an ellipsis', async () => {
    const owner = await subscribedWithAddress('longhdr');
    // 498 letters, then a character outside the BMP across the cut: it must not be split.
    const subject = `${'S'.repeat(498)}😀${'tail '.repeat(40)}`;
    const name = 'N'.repeat(600);
    const raw = await new MailComposer({
      from: { name, address: 'shop@example.com' },
      subject,
      text: 'Order 1182 Total: 7.25',
    })
      .compile()
      .build();
    expect((await deliver(raw, owner.address)).accepted).toBe(true);

    const [expense] = await settledExpenses<MailedExpense>(owner.token, 1);
    expect(expense.email_subject).toBe(`${'S'.repeat(498)}😀…`);
    const [mail] = await inboundMail(owner.userId);
    expect(mail.receipts_created).toBe(1);
    expect(mail.subject).toBe(expense.email_subject);
    expect(Array.from(mail.from_address ?? '')).toHaveLength(500);
    expect(mail.from_address?.endsWith('…')).toBe(true);
  });
});

describe('mail-ingest: the raw mail lives as long as one of its receipts', () => {
  it('keeps the raw mail until the last of its expenses is deleted', async () => {
    const owner = await subscribedWithAddress('rawlife');
    const images = await Promise.all([
      renderReceipt({ vendor: 'FIRST STOP', date: '2026-11-02', total: '4.10' }),
      renderReceipt({ vendor: 'SECOND STOP', date: '2026-11-03', total: '5.20' }),
    ]);
    const raw = await new MailComposer({
      from: 'Me <me@example.com>',
      subject: 'Two receipts',
      text: 'Attached.',
      attachments: [
        { filename: 'first.jpg', content: images[0] },
        { filename: 'second.jpg', content: images[1] },
      ],
    })
      .compile()
      .build();
    expect((await deliver(raw, owner.address)).accepted).toBe(true);
    const expenses = await settledExpenses<MailedExpense>(owner.token, 2);
    expect(expenses).toHaveLength(2);
    const [mail] = await inboundMail(owner.userId);
    expect(mail.receipts_created).toBe(2);
    const rawFile = path.join(stack.storageRoot, mail.raw_key);
    expect(await exists(rawFile)).toBe(true);

    const first = await api(`/api/expenses/${expenses[0].id}`, {
      method: 'DELETE',
      token: owner.token,
    });
    expect(first.status).toBe(200);
    await eventually(
      async () => (await inboundMail(owner.userId))[0].receipts_deleted,
      (deleted) => deleted === 1,
      { what: 'mail-ingest to count the first delete' },
    );
    expect(await exists(rawFile)).toBe(true);

    const second = await api(`/api/expenses/${expenses[1].id}`, {
      method: 'DELETE',
      token: owner.token,
    });
    expect(second.status).toBe(200);
    await eventually(
      () => exists(rawFile),
      (there) => !there,
      { what: 'the raw mail to be deleted' },
    );
    expect((await inboundMail(owner.userId))[0].receipts_deleted).toBe(2);
  });

  it('keeps a raw mail sent to two owners until both have deleted their receipt', async () => {
    const first = await subscribedWithAddress('rawa');
    const second = await subscribedWithAddress('rawb');
    const image = await renderReceipt({
      vendor: 'SHARED TABLE',
      date: '2026-11-04',
      total: '9.90',
    });
    const raw = await new MailComposer({
      from: 'Me <me@example.com>',
      subject: 'Dinner for two',
      text: 'Attached.',
      attachments: [{ filename: 'dinner.jpg', content: image }],
    })
      .compile()
      .build();
    expect((await deliver(raw, [first.address, second.address])).accepted).toBe(true);
    const [firstExpense] = await settledExpenses<MailedExpense>(first.token, 1);
    const [secondExpense] = await settledExpenses<MailedExpense>(second.token, 1);
    const [firstMail] = await inboundMail(first.userId);
    const [secondMail] = await inboundMail(second.userId);
    expect(secondMail.raw_key).toBe(firstMail.raw_key);
    const rawFile = path.join(stack.storageRoot, firstMail.raw_key);

    await api(`/api/expenses/${firstExpense.id}`, { method: 'DELETE', token: first.token });
    await eventually(
      async () => (await inboundMail(first.userId))[0].receipts_deleted,
      (deleted) => deleted === 1,
      { what: "mail-ingest to count the first owner's delete" },
    );
    expect(await exists(rawFile)).toBe(true);

    await api(`/api/expenses/${secondExpense.id}`, { method: 'DELETE', token: second.token });
    await eventually(
      () => exists(rawFile),
      (there) => !there,
      { what: 'the shared raw mail to be deleted' },
    );
  });
});

import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from '@jest/globals';
import nodemailer from 'nodemailer';
import {
  api,
  assignReceiptAddress,
  eventually,
  isDefined,
  newSubscribedAccount,
  stack,
} from '@snaptrack/testing';

const workDir = mkdtempSync(path.join(tmpdir(), 'pdf-mailed-'));

/** Mails a message without attachments to the account's receipt address, as an MTA would. */
async function mailTextReceipt(to: string, subject: string, text: string): Promise<void> {
  const transport = nodemailer.createTransport({
    host: '127.0.0.1',
    port: stack.smtpPort,
    secure: false,
    ignoreTLS: true,
  });
  try {
    await transport.sendMail({ from: 'Shop <shop@example.com>', to, subject, text });
  } finally {
    transport.close();
  }
}

describe('receipt PDF with a mailed text receipt', () => {
  it("shows the email's text on the receipt's page", async () => {
    const owner = await newSubscribedAccount();
    const address = await assignReceiptAddress(owner.token, `pdftext${owner.userId.slice(0, 6)}`);
    await mailTextReceipt(
      address,
      'Your Quillfeather order',
      'Quillfeather Stationery\nOrder QF-90311\nFountain pen ink, blue\nTotal: 14.80 USD',
    );
    await eventually(
      async () => {
        const { body } = await api('/api/expenses', { token: owner.token });
        const [expense] = body.expenses as { status: string; extraction_method: string }[];
        return expense && expense.status !== 'processing' ? expense : undefined;
      },
      isDefined,
      { what: 'the mailed receipt to be read', timeoutMs: 120_000 },
    );

    const created = await api('/api/export/pdf', { token: owner.token, body: { filters: {} } });
    expect(created.status).toBe(202);
    const jobId = created.body.job_id as string;
    await eventually(
      async () =>
        (await api(`/api/export/pdf/status/${jobId}`, { token: owner.token })).body
          .status as string,
      (status) => status === 'completed',
      { what: 'the PDF job', timeoutMs: 120_000 },
    );
    const response = await fetch(`${stack.baseUrl}/api/export/pdf/download/${jobId}`, {
      headers: { authorization: `Bearer ${owner.token}` },
    });
    expect(response.status).toBe(200);
    const file = path.join(workDir, `${jobId}.pdf`);
    writeFileSync(file, Buffer.from(await response.arrayBuffer()));
    const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });

    expect(text).toContain('Email: Your Quillfeather order');
    expect(text).toContain('Order QF-90311');
    expect(text).toContain('Fountain pen ink, blue');
    expect(text).not.toContain('could not be read');
  });
});

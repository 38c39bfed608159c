// A self-hoster's first hour against the running compose stack (docs/self-hosting.md): the
// first account as the guide makes it, sign-in through nginx, a receipt uploaded and read, one
// mailed to the SMTP port, CSV, PDF and accountant pack (ZIP) exports, a service and the broker
// restarted, and the whole stack taken down and up again, with nothing lost on the way.
import { randomBytes } from 'node:crypto';
import { unzipSync } from 'fflate';
import nodemailer from 'nodemailer';
import sharp from 'sharp';
import { step, waitFor } from './run.mjs';

/** A receipt rendered from text (SVG through sharp): every image here is made by the check. */
async function renderReceipt({ vendor, date, total, items }) {
  const lines = [
    [vendor, '', 34],
    ['12 Harbour Road, Springfield', '', 22],
    ['', '', 22],
    [`Date: ${date}  14:32`, '', 24],
    ['', '', 22],
    ...items.map(([name, price]) => [name, price, 26]),
    ['', '', 22],
    ['TOTAL', total, 30],
    ['', '', 22],
    ['Thank you, come again', '', 22],
  ];
  const width = 640;
  const text = lines
    .map(([left, right, size], index) => {
      const y = 60 + index * 46;
      const head = index === 0;
      const l = `<text x="${head ? width / 2 : 40}" y="${y}" font-size="${size}" font-weight="${head ? 'bold' : 'normal'}" text-anchor="${head ? 'middle' : 'start'}">${left}</text>`;
      const r = right
        ? `<text x="${width - 40}" y="${y}" font-size="${size}" text-anchor="end">${right}</text>`
        : '';
      return l + r;
    })
    .join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${lines.length * 46 + 80}"><rect width="100%" height="100%" fill="#fff"/><g font-family="DejaVu Sans Mono, monospace" fill="#111">${text}</g></svg>`;
  return sharp(Buffer.from(svg)).flatten({ background: '#fff' }).jpeg({ quality: 92 }).toBuffer();
}

const RECEIPTS = {
  upload: {
    vendor: 'Harbour Cafe',
    date: '20 Nov 2026',
    total: '10.70',
    items: [
      ['Flat white', '4.50'],
      ['Sourdough toast', '6.20'],
    ],
  },
  mailed: {
    vendor: 'Corner Books',
    date: '21 Nov 2026',
    total: '23.40',
    items: [
      ['Paperback', '15.90'],
      ['Notebook', '7.50'],
    ],
  },
  afterRestart: {
    vendor: 'Station Bakery',
    date: '22 Nov 2026',
    total: '8.30',
    items: [
      ['Rye loaf', '5.10'],
      ['Pretzel', '3.20'],
    ],
  },
};

export class FirstHour {
  /** @param {{stack: import('./stack.mjs').ComposeStack, baseUrl: string, smtpPort: number, mailDomain: string}} options */
  constructor({ stack, baseUrl, smtpPort, mailDomain }) {
    Object.assign(this, { stack, baseUrl, smtpPort, mailDomain });
    this.email = `owner-${randomBytes(3).toString('hex')}@example.com`;
    this.password = `check-${randomBytes(12).toString('hex')}`;
    this.username = `receipts${randomBytes(3).toString('hex')}`;
    this.token = '';
    this.expenses = {};
    this.images = {};
  }

  async api(path, { method = 'GET', body, form, raw = false } = {}) {
    const headers = this.token ? { authorization: `Bearer ${this.token}` } : {};
    if (body !== undefined) headers['content-type'] = 'application/json';
    const response = await fetch(`${this.baseUrl}${path}`, {
      method,
      headers,
      body: form ?? (body === undefined ? undefined : JSON.stringify(body)),
    });
    if (raw) return response;
    const text = await response.text();
    if (!response.ok)
      throw new Error(`${method} ${path}: ${response.status} ${text.slice(0, 300)}`);
    return text.startsWith('{') ? JSON.parse(text) : text;
  }

  async run() {
    await step('smoke: first account (docs/self-hosting.md)', () => this.createAccount());
    await step('smoke: sign in through nginx', () => this.signIn());
    await step('smoke: upload a receipt, see it read', () => this.uploadAndRead('upload'));
    await step('smoke: mail a receipt to the SMTP port', () => this.mailAndArrive());
    await step('smoke: export CSV and PDF', () => this.exports());
    await step('smoke: accountant pack (ZIP) through nginx', () => this.pack());
    await step('smoke: restart expenses and the broker', () => this.restartAndCheck());
    await step('smoke: compose down, up, data still there', () => this.downUpAndCheck());
  }

  async createAccount() {
    // As the guide says: `docker compose exec auth node …/create-account.js <email>`, the
    // password typed at its prompt (here on stdin).
    const out = this.stack.compose(
      [
        'exec',
        '-T',
        'auth',
        'node',
        'apps/auth-service/dist/database/create-account.js',
        this.email,
      ],
      { input: `${this.password}\n` },
    );
    if (!out.includes('created')) throw new Error(`create-account said: ${out}`);
    console.log(`  ${out.trim()}`);
    // A second run for the same address is refused, and creates nothing.
    let refused = false;
    try {
      this.stack.compose(
        [
          'exec',
          '-T',
          'auth',
          'node',
          'apps/auth-service/dist/database/create-account.js',
          this.email,
        ],
        { input: `${this.password}\n` },
      );
    } catch (error) {
      refused = /exists already/.test(error.message);
    }
    if (!refused) throw new Error('create-account accepted the same address twice');
  }

  async signIn({ firstTime = true } = {}) {
    // The SPA first: nginx serves it, then the API behind it.
    const page = await this.api('/login', { raw: true });
    const html = await page.text();
    if (!page.ok || !html.includes('<div id="root"'))
      throw new Error(`GET /login through nginx: ${page.status}`);
    this.token = '';
    const login = await this.api('/api/auth/login', {
      method: 'POST',
      body: { email: this.email, password: this.password },
    });
    if (!login.token) throw new Error('sign-in answered no token');
    this.token = login.token;
    if (!firstTime) return;
    // Settings, Receipt email: the address receipts are mailed to.
    const assigned = await this.api('/api/username/assign', {
      method: 'POST',
      body: { username: this.username },
    });
    console.log(
      `  signed in as ${this.email}; receipt address ${assigned.data?.emailAddress ?? `${this.username}@${this.mailDomain}`}`,
    );
  }

  async waitForExpense(label, match) {
    const found = await waitFor(
      `${label} to be read`,
      async () => {
        const { expenses } = await this.api('/api/expenses?limit=100');
        const expense = expenses.find(match);
        return expense && expense.status !== 'processing' ? expense : null;
      },
      { timeoutMs: 240_000, everyMs: 1_000 },
    );
    if (found.status !== 'ready')
      throw new Error(`${label}: status ${found.status} (${found.processing_error})`);
    return found;
  }

  /**
   * The total is what must be read right; the vendor only has to be read at all (how well
   * names are read is the OCR bench's business, docs/ocr.md, not this smoke test's).
   */
  expectReading(expense, receipt) {
    const amount = Number(receipt.total);
    if (!expense.vendor || Math.abs(Number(expense.amount) - amount) > 0.001) {
      throw new Error(
        `read ${JSON.stringify(expense.vendor)} ${expense.amount}, printed ${receipt.vendor} ${receipt.total}`,
      );
    }
    console.log(
      `  read: ${expense.vendor} (printed ${receipt.vendor}), ${expense.amount} ${expense.currency}, ${expense.expense_date}`,
    );
  }

  async uploadAndRead(key) {
    const image = await renderReceipt(RECEIPTS[key]);
    const form = new FormData();
    form.append('entity', 'Personal');
    form.append('image', new Blob([new Uint8Array(image)], { type: 'image/jpeg' }), `${key}.jpg`);
    const { expense } = await this.api('/api/parse', { method: 'POST', form });
    const read = await this.waitForExpense(
      `the uploaded receipt (${key})`,
      (e) => e.id === expense.id,
    );
    this.expectReading(read, RECEIPTS[key]);
    this.expenses[key] = read.id;
    this.images[key] = image;
  }

  async mailAndArrive() {
    const subject = `Receipt from Corner Books ${randomBytes(3).toString('hex')}`;
    const transport = nodemailer.createTransport({
      host: '127.0.0.1',
      port: this.smtpPort,
      secure: false,
      ignoreTLS: true,
    });
    const info = await transport.sendMail({
      from: this.email,
      to: `${this.username}@${this.mailDomain}`,
      subject,
      text: 'Receipt attached.',
      attachments: [
        {
          filename: 'receipt.jpg',
          content: await renderReceipt(RECEIPTS.mailed),
          contentType: 'image/jpeg',
        },
      ],
    });
    console.log(`  SMTP: ${info.response}`);
    const read = await this.waitForExpense(
      'the mailed receipt',
      (e) => e.email_subject === subject,
    );
    this.expectReading(read, RECEIPTS.mailed);
    this.expenses.mailed = read.id;
  }

  async exports() {
    const csv = await this.api('/api/export/csv', { method: 'POST', body: { filters: {} } });
    for (const receipt of [RECEIPTS.upload, RECEIPTS.mailed]) {
      if (!csv.includes(receipt.total))
        throw new Error(
          `the CSV lacks ${receipt.vendor}'s ${receipt.total}:\n${csv.slice(0, 500)}`,
        );
    }
    console.log(`  CSV: ${csv.trim().split('\n').length - 1} rows`);
    const { job, file: pdf } = await this.exportJob('pdf', { filters: {} });
    if (pdf.subarray(0, 5).toString() !== '%PDF-') throw new Error('the PDF download is not a PDF');
    console.log(`  PDF: ${job.expense_count} receipts, ${(pdf.length / 1024).toFixed(0)} KB`);
  }

  /**
   * An export job (`pdf` or `pack`): queued, polled until completed (a failed job's error is
   * the failure), its file downloaded through nginx. Answers the job and the file.
   */
  async exportJob(kind, body) {
    const job = await this.api(`/api/export/${kind}`, { method: 'POST', body });
    await waitFor(
      `the ${kind} export`,
      async () => {
        const status = await this.api(`/api/export/${kind}/status/${job.job_id}`);
        if (status.status === 'failed') throw new Error(`${kind} export failed: ${status.error}`);
        return status.status === 'completed';
      },
      { timeoutMs: 180_000 },
    );
    const response = await this.api(`/api/export/${kind}/download/${job.job_id}`, { raw: true });
    if (!response.ok) throw new Error(`${kind} download: ${response.status}`);
    return { job, file: Buffer.from(await response.arrayBuffer()), response };
  }

  /**
   * The accountant pack (docs/api.md, Exports): a ZIP with the CSVs, the receipt PDF, every
   * original file byte for byte and a README, streamed through nginx from the storage volume.
   */
  async pack() {
    const { job, file, response } = await this.exportJob('pack', {
      filters: {},
      quickbooksSettings: { customer: 'Self-hosting check' },
    });
    const type = response.headers.get('content-type') ?? '';
    if (!type.startsWith('application/zip')) throw new Error(`the pack came as ${type}`);
    const entries = unzipSync(new Uint8Array(file));
    const names = Object.keys(entries);
    for (const pattern of [
      /^snaptrack_expenses_\d{4}-\d{2}-\d{2}\.csv$/,
      /^quickbooks_invoice_\d{4}-\d{2}-\d{2}\.csv$/,
      /^xero_bills_\d{4}-\d{2}-\d{2}\.csv$/,
      /^snaptrack_receipts_\d{4}-\d{2}-\d{2}\.pdf$/,
      /^README\.txt$/,
    ]) {
      if (!names.some((name) => pattern.test(name)))
        throw new Error(`the pack lacks ${pattern}: ${names.join(', ')}`);
    }
    const originals = names.filter((name) => name.startsWith('receipts/') && entries[name].length);
    if (originals.length !== job.expense_count)
      throw new Error(
        `the pack has ${originals.length} originals for ${job.expense_count} receipts`,
      );
    const upload = this.images.upload;
    if (!originals.some((name) => Buffer.from(entries[name]).equals(upload)))
      throw new Error('the uploaded receipt is not in the pack byte for byte');
    console.log(
      `  pack: ${names.length} files (${originals.length} originals), ${(file.length / 1024).toFixed(0)} KB`,
    );
  }

  /** Every expense made so far is listed, and the uploaded image comes back byte for byte. */
  async expectNothingLost() {
    const { expenses } = await this.api('/api/expenses?limit=100');
    const ids = new Set(expenses.map((e) => e.id));
    const lost = Object.entries(this.expenses).filter(([, id]) => !ids.has(id));
    if (lost.length > 0) throw new Error(`lost: ${lost.map(([key]) => key).join(', ')}`);
    const image = Buffer.from(
      await (
        await this.api(`/api/expenses/${this.expenses.upload}/image`, { raw: true })
      ).arrayBuffer(),
    );
    if (!image.equals(this.images.upload))
      throw new Error('the uploaded receipt image came back different');
    console.log(`  ${expenses.length} expenses, the receipt image intact`);
  }

  async waitHealthy() {
    await waitFor('every container healthy', () => this.stack.unhealthy().length === 0, {
      timeoutMs: 300_000,
      everyMs: 2_000,
    });
    await waitFor(
      'the app through nginx',
      async () => (await fetch(`${this.baseUrl}/api/health/ready`)).ok,
      { timeoutMs: 120_000 },
    );
  }

  async restartAndCheck() {
    this.stack.compose(['restart', 'expenses']);
    this.stack.compose(['restart', 'rabbitmq']);
    await this.waitHealthy();
    // Health can read "healthy" from before the restart for a moment: ask until it answers.
    await waitFor(
      'the expenses after the restarts',
      () => this.expectNothingLost().then(() => true),
      {
        timeoutMs: 180_000,
        everyMs: 2_000,
      },
    );
    // The bus works again end to end: a new receipt goes through gateway, expenses and OCR.
    await this.uploadAndRead('afterRestart');
  }

  async downUpAndCheck() {
    await this.stack.down();
    await this.stack.up();
    await this.waitHealthy();
    await waitFor('sign-in after up', () => this.signIn({ firstTime: false }).then(() => true), {
      timeoutMs: 120_000,
      everyMs: 2_000,
    });
    await this.expectNothingLost();
  }
}

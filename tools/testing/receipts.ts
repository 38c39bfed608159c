import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import PDFDocument from 'pdfkit';
import sharp from 'sharp';
import { eventually, waitUntil } from './eventually.js';
import { api, stack } from './stack-client.js';

/** What a rendered receipt says: the answers a reading must find. */
export interface ReceiptText {
  vendor: string;
  /** YYYY-MM-DD; printed as DD Mon YYYY so the day and month cannot be confused. */
  date: string;
  /** Printed instead of `date` when given, as it is (`03/04/2026` reads both ways). */
  printedDate?: string;
  total: string;
  /** Item lines between the header and the total. */
  items?: [string, string][];
  /** Lines printed after the total (a VAT table, `dont TVA …`), left text and right text. */
  after?: [string, string][];
  /** The lines under the vendor (address, tax id, phone); a Springfield address by default. */
  header?: string[];
}

export interface RenderOptions {
  /** Turns the receipt on the page (a photo taken sideways). */
  rotate?: 0 | 90 | 180 | 270;
  /** Faded print: gray text on a gray background. */
  lowContrast?: boolean;
  /** The receipt in a corner of a white A4 page scan. */
  wholePage?: boolean;
  /** `heic` as an iPhone saves photos, encoded by Debian's `heif-enc` (libheif-examples). */
  format?: 'jpeg' | 'png' | 'heic';
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** The printed lines of a receipt: left text, right text (a price), font size. */
function receiptLines(receipt: ReceiptText): [string, string, number][] {
  const [year, month, day] = receipt.date.split('-');
  const printedDate = receipt.printedDate ?? `${day} ${MONTHS[Number(month) - 1]} ${year}`;
  const items = receipt.items ?? [
    ['Flat white', '4.50'],
    ['Sourdough toast', '6.20'],
  ];
  return [
    [receipt.vendor, '', 34],
    ...(receipt.header ?? ['12 Harbour Road, Springfield', 'Tel 555-0142']).map(
      (line): [string, string, number] => [line, '', 22],
    ),
    ['', '', 22],
    [`Date: ${printedDate}  14:32`, '', 24],
    ['', '', 22],
    ...items.map(([name, price]): [string, string, number] => [name, price, 26]),
    ['', '', 22],
    ['TOTAL', receipt.total, 30],
    ['', '', 22],
    ...(receipt.after ?? []).map(([left, right]): [string, string, number] => [left, right, 24]),
    ...(receipt.after?.length ? [['', '', 22] as [string, string, number]] : []),
    ['Thank you, come again', '', 22],
  ];
}

/** A receipt image rendered from text (SVG through sharp), so every fixture is made by the test. */
export async function renderReceipt(receipt: ReceiptText, options: RenderOptions = {}) {
  const lines = receiptLines(receipt);
  const width = 640;
  const lineHeight = 46;
  const height = lines.length * lineHeight + 80;
  const ink = options.lowContrast ? '#8a8a8a' : '#111111';
  const paper = options.lowContrast ? '#c8c8c8' : '#ffffff';
  const text = lines
    .map(([left, right, size], index) => {
      const y = 60 + index * lineHeight;
      const weight = index === 0 ? 'bold' : 'normal';
      const anchor = index === 0 ? 'middle' : 'start';
      const x = index === 0 ? width / 2 : 40;
      const l = `<text x="${x}" y="${y}" font-size="${size}" font-weight="${weight}" text-anchor="${anchor}">${escapeXml(left)}</text>`;
      const r = right
        ? `<text x="${width - 40}" y="${y}" font-size="${size}" text-anchor="end">${escapeXml(right)}</text>`
        : '';
      return l + r;
    })
    .join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <rect width="100%" height="100%" fill="${paper}"/>
    <g font-family="DejaVu Sans Mono, monospace" fill="${ink}">${text}</g></svg>`;
  let image = sharp(Buffer.from(svg)).flatten({ background: paper });
  if (options.wholePage) {
    const receiptPng = await image.png().toBuffer();
    image = sharp({
      create: { width: 2480, height: 3508, channels: 3, background: '#ffffff' },
    }).composite([{ input: receiptPng, left: 120, top: 160 }]);
  }
  if (options.rotate) {
    image = sharp(await image.png().toBuffer()).rotate(options.rotate);
  }
  if (options.format === 'heic') return encodeHeic(await image.png().toBuffer());
  return options.format === 'png' ? image.png().toBuffer() : image.jpeg({ quality: 92 }).toBuffer();
}

/** PNG to HEIC with libheif's x265 encoder: no npm package encodes HEIC. */
export async function encodeHeic(png: Buffer): Promise<Buffer> {
  const dir = await mkdtemp(path.join(tmpdir(), 'snaptrack-heic-'));
  try {
    await writeFile(path.join(dir, 'in.png'), png);
    await promisify(execFile)('heif-enc', ['-q', '90', '-o', 'out.heic', 'in.png'], { cwd: dir });
    return await readFile(path.join(dir, 'out.heic'));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** How a PDF receipt carries its content. */
export type PdfReceiptKind = 'text' | 'image' | 'empty';

/**
 * A receipt PDF made by the test (pdfkit): `text` has a text layer like a shop's e-receipt,
 * `image` is a scan (the rendered receipt image on an A4 page, no text), `empty` is one blank page.
 */
export async function renderReceiptPdf(
  receipt: ReceiptText,
  kind: PdfReceiptKind = 'text',
): Promise<Buffer> {
  const image = kind === 'image' ? await renderReceipt(receipt, { format: 'png' }) : null;
  return new Promise<Buffer>((resolve, reject) => {
    const doc = new PDFDocument({ size: 'A4', margin: 56, info: { Title: 'Receipt' } });
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    if (kind === 'text') {
      for (const line of receiptLines(receipt)) {
        const [left, right] = line;
        doc.font(left === receipt.vendor ? 'Courier-Bold' : 'Courier').fontSize(12);
        doc.text(right ? `${left.padEnd(30)}${right.padStart(10)}` : left || ' ');
      }
    } else if (image) {
      doc.image(image, 56, 56, { fit: [320, 700] });
    }
    doc.end();
  });
}

/** POST /api/parse as the web app does it: multipart `image` and `entity`. */
export async function uploadReceipt(
  token: string,
  file: Buffer,
  options: {
    entity?: string;
    filename?: string;
    type?: string;
    idempotencyKey?: string;
    headers?: Record<string, string>;
  } = {},
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read arbitrary JSON
): Promise<{ status: number; body: any; headers: Headers }> {
  const form = new FormData();
  if (options.entity !== undefined) form.append('entity', options.entity);
  form.append(
    'image',
    new Blob([new Uint8Array(file)], { type: options.type ?? 'image/jpeg' }),
    options.filename ?? 'receipt.jpg',
  );
  const response = await fetch(`${stack.baseUrl}/api/parse`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${token}`,
      ...(options.idempotencyKey ? { 'idempotency-key': options.idempotencyKey } : {}),
      ...options.headers,
    },
    body: form,
  });
  const text = await response.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // not JSON: keep the text
  }
  return { status: response.status, body, headers: response.headers };
}

/**
 * The account's expenses (its first 100) once at least `count` exist and none is processing:
 * mailed receipts are taken in, then read.
 */
export function settledExpenses<T extends { status: string }>(
  token: string,
  count: number,
  timeoutMs = 150_000,
): Promise<T[]> {
  return eventually(
    async () => (await api('/api/expenses?limit=100', { token })).body.expenses as T[],
    (expenses) =>
      expenses.length >= count && expenses.every((expense) => expense.status !== 'processing'),
    { what: `${count} settled expenses`, timeoutMs, intervalMs: 500 },
  );
}

/**
 * Waits until the expense is no longer `processing` (OCR takes seconds; how long is a matter
 * for `npm run bench:extraction`, not for a test) and returns it.
 */
export async function waitForReceipt(
  token: string,
  expenseId: string,
  timeoutMs = 120_000,
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read arbitrary JSON
): Promise<any> {
  await waitUntil(
    async () => {
      const { body } = await api('/api/expenses?limit=100&status=processing', { token });
      return !(body.expenses as { id: string }[]).some((e) => e.id === expenseId);
    },
    { what: `expense ${expenseId} to be read`, timeoutMs, intervalMs: 500 },
  );
  for (let page = 1; ; page++) {
    const list = await api(`/api/expenses?limit=100&page=${page}`, { token });
    const found = (list.body.expenses as { id: string }[]).find((e) => e.id === expenseId);
    if (found) return found;
    if (!list.body.pagination.has_next_page) throw new Error(`expense ${expenseId} is gone`);
  }
}

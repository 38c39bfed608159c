import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import nodemailer from 'nodemailer';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import sharp from 'sharp';
import type { Expense, ImageBox } from '@snaptrack/contracts';
import {
  api,
  assignReceiptAddress,
  createTestAccount,
  eventually,
  isDefined,
  renderReceipt,
  stack,
  uploadReceipt,
  waitForReceipt,
  type TestAccount,
} from '@snaptrack/testing';
import { seriousViolations } from './support/axe.js';
import { launchBrowser, newPage } from './support/browser.js';
import { LoginPage } from './pages/login.page.js';
import { ReviewPage } from './pages/review.page.js';

let browser: Browser;
let account: TestAccount;
let duplicate: Expense;
const opened: BrowserContext[] = [];

type Rect = { x: number; y: number; width: number; height: number };

/** Share of the smaller rectangle covered by the other: 1 when one lies inside the other. */
function overlap(a: Rect, b: Rect): number {
  const width = Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x);
  const height = Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y);
  if (width <= 0 || height <= 0) return 0;
  return (width * height) / Math.min(a.width * a.height, b.width * b.height);
}

beforeAll(async () => {
  browser = await launchBrowser();
  account = await createTestAccount('review-e2e');
  await api('/api/entities', { token: account.token, body: { name: 'Field Work' } });
  // The same receipt twice: the second is a flagged duplicate, read with boxes (the currency's
  // from the "$" of its total). A damaged image fails. Both wait for a human.
  const image = await renderReceipt({
    vendor: 'HARBOR LIGHT CAFE',
    date: '2026-02-03',
    total: '$18.40',
  });
  const first = await uploadReceipt(account.token, image, { entity: 'Field Work' });
  await waitForReceipt(account.token, first.body.expense.id);
  // A bare "$" on a receipt that names no country is dollars of an unknown kind: the reading
  // assumes USD and asks. The person has confirmed the first already; the queue holds the rest.
  const confirmed = await api(`/api/expenses/${first.body.expense.id}/review`, {
    token: account.token,
    method: 'POST',
  });
  expect(confirmed.status).toBe(200);
  const second = await uploadReceipt(account.token, image, { entity: 'Field Work' });
  duplicate = await waitForReceipt(account.token, second.body.expense.id);
  expect(duplicate.duplicate_of).toBe(first.body.expense.id);
  const other = await renderReceipt({ vendor: 'TORN PAGES', date: '2026-02-04', total: '9.99' });
  const broken = other.subarray(0, Math.floor(other.length / 3));
  const failed = await uploadReceipt(account.token, broken, { entity: 'Field Work' });
  expect((await waitForReceipt(account.token, failed.body.expense.id)).status).toBe('failed');
});

afterAll(async () => {
  await Promise.all(opened.map((context) => context.close()));
  await browser.close();
});

async function signedIn(viewport?: { width: number; height: number }): Promise<Page> {
  const { context, page } = await newPage(browser, { viewport });
  opened.push(context);
  await new LoginPage(page).signInToDashboard(stack.baseUrl, account.email, account.password);
  return page;
}

async function expectHighlightOn(page: Page, review: ReviewPage, label: string, box: ImageBox) {
  await page.locator(`[data-testid="review-highlight"][data-field="${label}"]`).waitFor();
  const { drawn, expected } = await review.highlightAndBox(box);
  // The border is drawn inside the box: the two rectangles are the same within a few pixels.
  expect(overlap(drawn, expected)).toBeGreaterThan(0.9);
  expect(Math.abs(drawn.width - expected.width)).toBeLessThan(4);
  expect(Math.abs(drawn.height - expected.height)).toBeLessThan(4);
}

/** Confirms whatever waits in the queue, so a test starts from its own receipts. */
async function emptyQueue(): Promise<void> {
  const waiting = await api('/api/expenses?review=needed&limit=100', { token: account.token });
  for (const expense of waiting.body.expenses as Expense[]) {
    await api(`/api/expenses/${expense.id}/review`, { token: account.token, method: 'POST' });
  }
}

/** Share of pixels of two same-sized PNGs whose colour differs at all (beyond JPEG-like noise). */
async function changedShare(a: Buffer, b: Buffer): Promise<number> {
  const [first, second] = await Promise.all(
    [a, b].map((png) => sharp(png).ensureAlpha().raw().toBuffer()),
  );
  let changed = 0;
  for (let index = 0; index < first.length; index += 4) {
    const differs = [0, 1, 2].some(
      (channel) => Math.abs(first[index + channel] - second[index + channel]) > 8,
    );
    if (differs) changed++;
  }
  return changed / (first.length / 4);
}

describe('the review queue', () => {
  it('is worked through by keyboard alone, from the first receipt to empty', async () => {
    const page = await signedIn();
    const review = new ReviewPage(page);
    await review.headerLink(2).waitFor();
    await review.open(stack.baseUrl);
    await expect(review.position().textContent()).resolves.toBe('Receipt 1 of 2');
    await expect(seriousViolations(page)).resolves.toEqual([]);

    // Newest date first: the failed upload (dated today), then the duplicate.
    await page.getByText(/^Could not be read/).waitFor();
    await page.keyboard.press('j');
    await expect(review.position().textContent()).resolves.toBe('Receipt 2 of 2');
    await page.getByText('Possible duplicate of another receipt').waitFor();
    await review.image().waitFor();

    // E opens the form; the field in hand is drawn on the receipt where it was read.
    await page.keyboard.press('e');
    await page.getByLabel('Vendor').waitFor();
    const evidence = duplicate.field_evidence!;
    await expectHighlightOn(page, review, 'Vendor', evidence.vendor!.box!);
    await page.keyboard.press('Tab');
    await expectHighlightOn(page, review, 'Amount', evidence.amount!.box!);
    await page.keyboard.press('Tab');
    await expectHighlightOn(page, review, 'Date', evidence.expense_date!.box!);
    // Tab walks the date's own parts: the currency is reached by focusing it.
    await page.getByLabel('Currency').focus();
    await expectHighlightOn(page, review, 'Currency', evidence.currency!.box!);
    await expect(seriousViolations(page)).resolves.toEqual([]);
    await page.keyboard.press('Escape');
    await page.getByLabel('Vendor').waitFor({ state: 'detached' });

    await page.keyboard.press('?');
    await review.shortcuts().waitFor();
    await expect(review.shortcuts().textContent()).resolves.toContain('Next receipt');
    await expect(review.shortcuts().textContent()).resolves.toContain(
      'On a possible duplicate: it is a duplicate, delete it (the earlier receipt stays)',
    );
    await expect(seriousViolations(page)).resolves.toEqual([]);
    await page.keyboard.press('?');
    await review.shortcuts().waitFor({ state: 'detached' });

    // Enter confirms: the receipt leaves, the other one takes its place, then none is left.
    await page.keyboard.press('Enter');
    await page.getByText('Receipt 1 of 1').waitFor();
    await page.getByText(/^Could not be read/).waitFor();
    await page.keyboard.press('Enter');
    await review.empty().waitFor();
    await review.headerLink(0).waitFor();
    await expect(seriousViolations(page)).resolves.toEqual([]);

    const queue = await api('/api/expenses?review=needed', { token: account.token });
    expect(queue.body.pagination.total_count).toBe(0);
  });

  it('works on a phone: buttons in reach, nothing scrolls sideways', async () => {
    // Whatever the test before left in the queue is confirmed: one receipt waits.
    const waiting = await api('/api/expenses?review=needed&limit=100', { token: account.token });
    for (const expense of waiting.body.expenses as Expense[]) {
      await api(`/api/expenses/${expense.id}/review`, { token: account.token, method: 'POST' });
    }
    const fresh = await uploadReceipt(
      account.token,
      await renderReceipt({ vendor: 'HARBOR LIGHT CAFE', date: '2026-02-03', total: '$18.40' }),
      { entity: 'Field Work' },
    );
    await waitForReceipt(account.token, fresh.body.expense.id);
    const page = await signedIn({ width: 375, height: 812 });
    const review = new ReviewPage(page);
    await review.open(stack.baseUrl);
    await review.image().waitFor();
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBe(0);
    // The fresh upload is a third copy: flagged, so its delete is the duplicate's.
    for (const name of ['Confirm', 'Edit', 'Delete duplicate']) {
      const button = page.getByRole('button', { name, exact: true });
      const rect = (await button.boundingBox())!;
      expect(rect.x).toBeGreaterThanOrEqual(0);
      expect(rect.x + rect.width).toBeLessThanOrEqual(375);
    }
    await expect(seriousViolations(page)).resolves.toEqual([]);
    // D on a duplicate: asked first, then deleted (the first copy stays).
    await page.keyboard.press('d');
    const ask = page.getByRole('dialog', { name: 'Delete this duplicate?' });
    await expect(ask.textContent()).resolves.toContain('copy of an earlier receipt');
    await ask.getByRole('button', { name: 'Delete duplicate' }).click();
    await review.empty().waitFor();
    const left = await api('/api/expenses?limit=100', { token: account.token });
    const ids = (left.body.expenses as Expense[]).map((expense) => expense.id);
    expect(ids).not.toContain(fresh.body.expense.id);
    expect(ids).toContain(duplicate.duplicate_of);
  });

  it('draws the highlight around the words, and keeps it in view while editing on a phone', async () => {
    await emptyQueue();
    const copy = await uploadReceipt(
      account.token,
      await renderReceipt({ vendor: 'HARBOR LIGHT CAFE', date: '2026-02-03', total: '$18.40' }),
      { entity: 'Field Work' },
    );
    await waitForReceipt(account.token, copy.body.expense.id);

    // Wide: the pixels inside the vendor's box are the receipt's own, highlight or not.
    const wide = await signedIn();
    const review = new ReviewPage(wide);
    await review.open(stack.baseUrl);
    await review.image().waitFor();
    await wide.keyboard.press('e');
    await wide.locator('[data-testid="review-highlight"][data-field="Vendor"]').waitFor();
    const box = (await review.highlight().boundingBox())!;
    const inside = {
      x: box.x + 1,
      y: box.y + 1,
      width: box.width - 2,
      height: box.height - 2,
    };
    const drawn = await wide.screenshot({ clip: inside });
    await review.highlight().evaluate((element: HTMLElement) => {
      element.style.visibility = 'hidden';
    });
    const bare = await wide.screenshot({ clip: inside });
    expect(await changedShare(drawn, bare)).toBeLessThan(0.01);

    // A phone with its keyboard up: the receipt and the field in hand both stay in view.
    const phone = await signedIn({ width: 390, height: 560 });
    const small = new ReviewPage(phone);
    await small.open(stack.baseUrl);
    await small.image().waitFor();
    await phone.getByRole('button', { name: 'Edit', exact: true }).click();
    for (const label of ['Currency', 'Date', 'Amount', 'Vendor']) {
      const field = phone.getByLabel(label, { exact: true });
      await field.focus();
      await phone.locator(`[data-testid="review-highlight"][data-field="${label}"]`).waitFor();
      const header = (await phone.locator('.app-header').boundingBox())!;
      const image = (await small.image().boundingBox())!;
      expect(image.y).toBeGreaterThanOrEqual(header.y + header.height - 1);
      expect(image.y + image.height).toBeLessThanOrEqual(560);
      // The field is not under the receipt: a tap at its middle reaches it.
      const reached = await field.evaluate((element) => {
        const rect = element.getBoundingClientRect();
        const hit = document.elementFromPoint(rect.x + rect.width / 2, rect.y + rect.height / 2);
        return hit !== null && (hit === element || element.contains(hit));
      });
      expect(reached).toBe(true);
    }
    await expect(seriousViolations(phone)).resolves.toEqual([]);
  });

  it('shows a mailed text receipt as its text, never asking for an image', async () => {
    await emptyQueue();
    const address = await assignReceiptAddress(
      account.token,
      `review${account.id.slice(0, 6)}`.toLowerCase(),
    );
    // The same mail twice: the second is flagged as a duplicate, so it waits for review.
    const transport = nodemailer.createTransport({
      host: '127.0.0.1',
      port: stack.smtpPort,
      secure: false,
      ignoreTLS: true,
    });
    const text = 'Blue Harbor Deli\nDate: 2026-11-20\nTotal paid: $12.40\n\nThank you!';
    for (const subject of ['Your Blue Harbor receipt', 'Fwd: Your Blue Harbor receipt']) {
      await transport.sendMail({
        from: 'Blue Harbor Deli <receipts@deli.example>',
        to: address,
        subject,
        text,
      });
    }
    transport.close();
    await eventually(
      async () => {
        const queue = await api('/api/expenses?review=needed&limit=100', { token: account.token });
        return (queue.body.expenses as Expense[]).find(
          (expense) => expense.extraction_method === 'text' && expense.status !== 'processing',
        );
      },
      isDefined,
      { what: 'the mailed receipt in the queue', timeoutMs: 120_000, intervalMs: 500 },
    );

    const page = await signedIn();
    const missing: string[] = [];
    page.on('response', (response) => {
      if (/\/api\/expenses\/[^/]+\/image$/.test(response.url()) && !response.ok()) {
        missing.push(response.url());
      }
    });
    const review = new ReviewPage(page);
    await review.open(stack.baseUrl);
    await review.mail().getByText('Total paid: $12.40', { exact: false }).waitFor();
    await expect(review.mail().textContent()).resolves.toContain('Email receipt: ');
    await expect(seriousViolations(page)).resolves.toEqual([]);
    expect(missing).toEqual([]);
    expect(await review.image().count()).toBe(0);
  });
});

import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser, Page } from 'playwright-core';
import {
  createTestAccount,
  seedExpenses,
  stack,
  withDatabase,
  type TestAccount,
} from '@snaptrack/testing';
import { launchBrowser, newPage } from './support/browser.js';
import { compareWithBaseline } from './support/screenshots.js';
import { LoginPage } from './pages/login.page.js';
import { DashboardPage } from './pages/dashboard.page.js';

// The dashboard must hold from a small phone to a wide desktop: nothing cut off, no action
// outside its card, no sideways scrolling, and it looks as the committed baselines do.
const WIDTHS = [320, 375, 768, 1280, 1920] as const;
const BASELINE_WIDTHS = new Set([375, 768, 1280, 1920]);
/** Share of pixels that may differ from a baseline (font hinting, anti-aliasing). */
const MAX_CHANGED = 0.005;
/** At and above this width every header action sits in the bar; below, behind Menu. */
const WIDE = 1200;

// Fixed, past dates and amounts: the page looks the same every day (the summary cards count
// this month, where this account has nothing).
const EXPENSES = [
  {
    vendor: 'BENS INDEPENDENT GROCER SDN BHD',
    amount: '12345.67',
    currency: 'MYR',
    date: '2026-03-12',
    tags: ['Groceries', 'Office'],
    notes: null,
  },
  {
    vendor: 'The Capital Grille',
    amount: '227.50',
    currency: 'USD',
    date: '2026-03-11',
    tags: ['Meals', 'Client Dinner'],
    notes: 'Dinner with the Northwind team',
  },
  {
    vendor: 'Überlandwerk Großhandelsgesellschaft für Bürobedarf mbH',
    amount: '1234.56',
    currency: 'EUR',
    date: '2026-03-10',
    tags: ['Office'],
    notes: null,
  },
  {
    vendor: 'Chevron',
    amount: '40.31',
    currency: 'USD',
    date: '2026-03-09',
    tags: ['Gas'],
    notes: null,
  },
];

let browser: Browser;
let account: TestAccount;

beforeAll(async () => {
  browser = await launchBrowser();
  account = await createTestAccount('layout');
  await withDatabase(async (client) => {
    const entity = randomUUID();
    await client.query(
      `INSERT INTO "expenses"."entities" ("id", "user_id", "name") VALUES ($1, $2, 'Acme Consulting'), ($3, $2, 'Personal')`,
      [entity, account.id, randomUUID()],
    );
    await seedExpenses(
      client,
      account.id,
      EXPENSES.map((expense) => ({
        vendor: expense.vendor,
        amount: expense.amount,
        currency: expense.currency,
        expense_date: expense.date,
        notes: expense.notes,
        entity_id: entity,
        tags: expense.tags,
        ocr_confidence: 0.9,
        extraction_method: 'image',
        status: 'ready',
      })),
    );
  });
});

afterAll(async () => {
  await browser.close();
});

/**
 * What the summary cards name under the period, the same every day: the dates the server counted
 * change in length (`Dec 1, 2026` on a month's first day, `Nov 1 – Nov 30, 2026` on its last),
 * and so whether they take one line or two at 768 px, which moved the page below them.
 */
const SAMPLE_RANGE = 'Nov 1 – Nov 30, 2026';

async function dashboardAt(width: number): Promise<Page> {
  const { page } = await newPage(browser, { viewport: { width, height: 900 }, motion: true });
  const login = new LoginPage(page);
  await login.open(stack.baseUrl);
  await login.signIn(account.email, account.password);
  await page.waitForURL(/\/dashboard/);
  const dashboard = new DashboardPage(page);
  await dashboard
    .cards()
    .nth(EXPENSES.length - 1)
    .waitFor();
  await page.getByText('$0.00').first().waitFor(); // the summary cards have their figures
  return page;
}

/** Boxes of what must stay inside what, measured in the page. */
function layoutProblems(page: Page, width: number): Promise<string[]> {
  return page.evaluate((viewport) => {
    const problems: string[] = [];
    const box = (element: Element) => element.getBoundingClientRect();
    const visible = (element: Element) => {
      const rect = box(element);
      return rect.width > 0 && rect.height > 0;
    };
    const label = (element: Element) =>
      `${element.tagName.toLowerCase()} "${(element.textContent ?? '').trim().slice(0, 30)}"`;

    if (document.documentElement.scrollWidth > viewport)
      problems.push(`the page scrolls sideways (${document.documentElement.scrollWidth}px)`);

    for (const control of document.querySelectorAll('.app-header a, .app-header button')) {
      if (!visible(control)) continue;
      const rect = box(control);
      if (rect.left < 0 || rect.right > viewport) problems.push(`${label(control)} is cut off`);
      // One line: a wrapped label makes the control taller than the bar's controls are.
      if (rect.height > 44) problems.push(`${label(control)} wraps (${rect.height}px tall)`);
    }
    const name = document.querySelector('.app-header__name');
    if (name && viewport >= 1200 && name.scrollWidth > name.clientWidth)
      problems.push('the name in the header is cut');

    for (const card of document.querySelectorAll('article.expense-card')) {
      const cardBox = box(card);
      for (const action of card.querySelectorAll('.expense-card__actions button')) {
        const rect = box(action);
        if (rect.left < cardBox.left || rect.right > cardBox.right)
          problems.push(`${label(action)} overflows its card`);
      }
      const amount = card.querySelector('.expense-card__amount');
      if (amount && box(amount).right > cardBox.right)
        problems.push(`${label(amount)} overflows its card`);
    }

    const upload = document.querySelector('.upload-card');
    if (upload) {
      const inner = box(upload);
      for (const child of upload.children) {
        if (!visible(child)) continue;
        const rect = box(child);
        if (rect.left < inner.left + 8 || rect.right > inner.right - 8)
          problems.push(`${label(child)} touches the upload card's border`);
      }
    }
    return problems;
  }, width);
}

describe('the dashboard at every width', () => {
  for (const width of WIDTHS) {
    it(`holds at ${width} px`, async () => {
      const page = await dashboardAt(width);
      try {
        expect(await layoutProblems(page, width)).toEqual([]);

        const menu = page.getByRole('button', { name: 'Menu' });
        if (width >= WIDE) {
          expect(await menu.isVisible()).toBe(false);
          expect(await page.getByRole('button', { name: 'Sign Out' }).isVisible()).toBe(true);
        } else {
          // Folded: Menu opens every action inside the screen; Escape folds them again.
          const signOut = page.getByRole('button', { name: 'Sign Out' });
          expect(await signOut.isVisible()).toBe(false);
          await menu.click();
          expect(await menu.getAttribute('aria-expanded')).toBe('true');
          await signOut.waitFor();
          expect(await page.getByRole('link', { name: 'Analytics' }).isVisible()).toBe(true);
          expect(await layoutProblems(page, width)).toEqual([]);
          await page.keyboard.press('Escape');
          await signOut.waitFor({ state: 'hidden' });
        }

        if (BASELINE_WIDTHS.has(width)) {
          await page.locator('.summary-card__range').evaluateAll((ranges, sample) => {
            for (const range of ranges) range.textContent = sample;
          }, SAMPLE_RANGE);
          const png = await page.screenshot({
            animations: 'disabled',
            caret: 'hide',
            // The texts that differ between runs: the account's generated address…
            // …and the dates the summary cards count (this month's, named under the period).
            mask: [page.locator('.dashboard__email'), page.locator('.summary-card__range')],
          });
          const result = await compareWithBaseline(`dashboard-${width}`, png);
          expect(result.written).toBeUndefined(); // a new baseline must be committed first
          expect(result.changed).toBeLessThanOrEqual(MAX_CHANGED);
        }
      } finally {
        await page.context().close();
      }
    });
  }
});

describe('reach on a phone and on a desktop', () => {
  for (const width of [390, 1280]) {
    it(`pads the subscription card at ${width} px`, async () => {
      const page = await dashboardAt(width);
      try {
        await page.goto(`${stack.baseUrl}/subscription`);
        const card = page.locator('.subscription-card');
        await card.waitFor();
        const padding = await card.evaluate((element) => {
          const outer = element.getBoundingClientRect();
          return Math.min(
            ...[...element.children].map((child) => {
              const inner = child.getBoundingClientRect();
              return Math.min(inner.left - outer.left, outer.right - inner.right);
            }),
          );
        });
        expect(padding).toBeGreaterThanOrEqual(16);
      } finally {
        await page.context().close();
      }
    });

    it(`keeps Features and Pricing in the landing header at ${width} px`, async () => {
      const { page } = await newPage(browser, { viewport: { width, height: 800 }, motion: true });
      try {
        await page.goto(`${stack.baseUrl}/`);
        const nav = page.getByRole('banner').getByRole('navigation', { name: 'Main' });
        for (const name of ['Features', 'Pricing']) {
          const link = nav.getByRole('link', { name });
          expect(await link.isVisible()).toBe(true);
          const rect = (await link.boundingBox())!;
          expect(rect.x).toBeGreaterThanOrEqual(0);
          expect(rect.x + rect.width).toBeLessThanOrEqual(width);
        }
        await nav.getByRole('link', { name: 'Pricing' }).click();
        await page.waitForURL(/\/pricing$/);
      } finally {
        await page.context().close();
      }
    });
  }
});

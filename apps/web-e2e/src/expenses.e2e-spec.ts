import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser, Page } from 'playwright-core';
import { DemoAccount } from '@snaptrack/contracts';
import { api, stack } from '@snaptrack/testing';
import { launchBrowser, newPage } from './support/browser.js';
import { LoginPage } from './pages/login.page.js';
import { DashboardPage } from './pages/dashboard.page.js';
import { ExpenseEditor } from './pages/expense-editor.page.js';
import { SettingsDialog } from './pages/settings-dialog.page.js';
import { StatisticsPage } from './pages/statistics.page.js';

let browser: Browser;
const opened: { close(): Promise<void> }[] = [];

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await Promise.all(opened.map((context) => context.close()));
  await browser.close();
});

/** A fresh browser context signed in as the demo account, on the dashboard. */
async function signedIn(viewport?: {
  width: number;
  height: number;
}): Promise<{ page: Page; dashboard: DashboardPage }> {
  const { context, page } = await newPage(browser, { viewport });
  opened.push(context);
  const login = new LoginPage(page);
  await login.open(stack.baseUrl);
  await login.signIn(DemoAccount.email, DemoAccount.password);
  await page.waitForURL(/\/dashboard/);
  const dashboard = new DashboardPage(page);
  await dashboard.waitForAllCards();
  return { page, dashboard };
}

async function demoToken(): Promise<string> {
  const { body } = await api('/api/auth/login', {
    body: { email: DemoAccount.email, password: DemoAccount.password },
  });
  return body.token as string;
}

describe('the dashboard expense list', () => {
  it('shows the demo expenses and pages through them with the URL following', async () => {
    const { page, dashboard } = await signedIn();
    const total = await dashboard.totalCount();
    expect(total).toBeGreaterThan(25);
    expect(await dashboard.cards().count()).toBe(25);
    const firstOnPageOne = await dashboard.firstVendor();

    await dashboard.pageButton(2).click();
    await page.waitForURL(/[?&]page=2\b/);
    expect(page.url()).toMatch(/[?&]limit=25\b/);
    await page.waitForFunction(
      () => document.querySelector('[aria-current="page"]')?.textContent === '2',
    );
    await dashboard.waitForAllCards();
    expect(await dashboard.cards().count()).toBe(Math.min(25, total - 25));

    await dashboard.setPageSize(10);
    await page.waitForURL(/[?&]limit=10\b/);
    expect(page.url()).toMatch(/[?&]page=1\b/);
    await page.waitForFunction(
      () => document.querySelectorAll('article.expense-card').length === 10,
    );
    expect(await dashboard.firstVendor()).toBe(firstOnPageOne);

    // The last page, straight from the URL, with the ellipsis pagination.
    const lastPage = Math.ceil(total / 10);
    await dashboard.open(stack.baseUrl, `?page=${lastPage}&limit=10`);
    expect(await dashboard.pageButton(lastPage).getAttribute('aria-current')).toBe('page');
    expect(await dashboard.cards().count()).toBe(total - (lastPage - 1) * 10);
    expect(await page.locator('.pagination__gap').count()).toBeGreaterThan(0);
    await page.goBack();
    await page.waitForURL(/[?&]page=1\b/);
  });

  it("keeps the pagination's Next clear of the floating Help button on a phone", async () => {
    const { page, dashboard } = await signedIn({ width: 390, height: 844 });
    await dashboard.open(stack.baseUrl, '?page=1&limit=10');
    const next = page
      .getByRole('navigation', { name: 'Pages' })
      .getByRole('button', { name: 'Next', exact: true });
    await next.scrollIntoViewIfNeeded();
    // Scrolling down to it, Next passes the button's height: stop it level with the button.
    const centre = async (element: typeof next) => {
      const box = (await element.boundingBox())!;
      return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
    };
    const help = page.getByRole('button', { name: 'Help', exact: true });
    // Late content (thumbnails, summary figures) can still shift the page after one scroll:
    // scroll again, a frame apart, until the two are level.
    const gap = async () => (await centre(next)).y - (await centre(help)).y;
    for (let tries = 0; tries < 20 && Math.abs(await gap()) >= 4; tries += 1) {
      const offset = await gap();
      await page.evaluate(async (by) => {
        window.scrollBy({ top: by, behavior: 'instant' });
        await new Promise((resolve) => requestAnimationFrame(resolve));
      }, offset);
    }
    expect(Math.abs(await gap())).toBeLessThan(4);
    const level = await centre(next);
    const reached = await next.evaluate((element, point) => {
      const hit = document.elementFromPoint(point.x, point.y);
      return hit !== null && (hit === element || element.contains(hit));
    }, level);
    expect(reached).toBe(true);
  });

  it('edits an expense inline, with tag suggestions and the five-tag limit', async () => {
    const { page, dashboard } = await signedIn();
    const card = dashboard.cards().first();
    const id = await card.getAttribute('data-expense-id');
    await card.getByRole('button', { name: 'Edit' }).click();
    const editor = new ExpenseEditor(page, page.locator(`article[data-expense-id="${id}"]`));
    await editor.field('Vendor').fill('Harbor Bistro');
    await editor.field('Amount').fill('42.5');
    // The date stays: a changed date would move the card off the first page.
    const date = await editor.field('Date').inputValue();
    await editor.field('Description').fill('Team lunch after the workshop');
    await editor.field('Entity').selectOption('Side Studio');
    await editor.removeAllTags();

    // Focus shows the popular tags; a click adds one.
    await editor.tagInput().click();
    await editor.suggestions().first().waitFor();
    const popular = await editor.suggestions().first().textContent();
    await editor.suggestions().first().click();
    // Typing searches: prefix matches first.
    await editor.tagInput().fill('Trav');
    await editor.suggestions().filter({ hasText: 'Travel' }).first().click();
    // Blank and duplicate entries are ignored.
    await editor.typeTag('   ');
    await editor.typeTag('travel');
    expect(await editor.chips().count()).toBe(2);
    await editor.typeTag('  Workshop ');
    await editor.typeTag('Client A');
    await editor.typeTag('Lunch');
    await page.getByText('Maximum 5 tags reached').waitFor();
    expect(await editor.tagInput().count()).toBe(0);
    await editor.save();

    const saved = page.locator(`article[data-expense-id="${id}"]`);
    await saved.getByText('Harbor Bistro').waitFor();
    await saved.getByText('$42.50').waitFor();
    expect(await saved.locator('.expense-card__tags .chip').allTextContents()).toEqual([
      popular,
      'Travel',
      'Workshop',
      'Client A',
      'Lunch',
    ]);

    // The server has it.
    const { body } = await api('/api/expenses?limit=100&vendor=Harbor%20Bistro', {
      token: await demoToken(),
    });
    expect(body.expenses.find((expense: { id: string }) => expense.id === id)).toMatchObject({
      vendor: 'Harbor Bistro',
      amount: 42.5,
      expense_date: date,
      notes: 'Team lunch after the workshop',
      entity: 'Side Studio',
      tags: [popular, 'Travel', 'Workshop', 'Client A', 'Lunch'],
    });
  });

  it('deletes an expense only after confirming', async () => {
    const { page, dashboard } = await signedIn();
    const before = await dashboard.totalCount();
    const card = dashboard.cards().first();
    const id = await card.getAttribute('data-expense-id');
    await card.getByRole('button', { name: 'Delete' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete this expense?' });
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await confirm.waitFor({ state: 'detached' });
    expect(await dashboard.totalCount()).toBe(before);

    await card.getByRole('button', { name: 'Delete' }).click();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await page.locator(`article[data-expense-id="${id}"]`).waitFor({ state: 'detached' });
    await page.waitForFunction(
      (expected) =>
        document.querySelector('.expense-list__count')?.textContent === `${expected} expenses`,
      before - 1,
    );
  });

  it('cycles the summary cards through Today, This Week, This Month and All Time', async () => {
    const { page, dashboard } = await signedIn();
    const period = () =>
      dashboard.summaryCard('Receipts').locator('.summary-card__period').textContent();
    expect(await period()).toBe('This Month');
    const token = await demoToken();
    for (const [label, key] of [
      ['All Time', 'all'],
      ['Today', 'today'],
      ['This Week', 'week'],
      ['This Month', 'month'],
    ] as const) {
      await dashboard.summaryCard('Total Spent').click();
      await page.waitForFunction(
        (expected) =>
          [...document.querySelectorAll('.summary-card__period')].every(
            (element) => element.textContent === expected,
          ),
        label,
      );
      const tz = await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone);
      const { body } = await api(
        `/api/expenses/summary?period=${key}&tz=${encodeURIComponent(tz)}`,
        {
          token,
        },
      );
      await dashboard
        .summaryCard('Receipts')
        .locator('.summary-card__value', { hasText: new RegExp(`^${body.count}$`) })
        .waitFor();
      const spent = await dashboard
        .summaryCard('Total Spent')
        .locator('.summary-card__value')
        .textContent();
      expect(spent).toBe(
        new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(
          body.totals[0].total,
        ),
      );
    }
  });
});

describe('the two "This Week"s', () => {
  it('show their dates: from Sunday on the cards, the last 7 days on Statistics', async () => {
    const { page, dashboard } = await signedIn();
    // Today on the browser's calendar; the expected ranges are written out from it.
    const [year, month, day] = await page.evaluate(() => {
      const now = new Date();
      return [now.getFullYear(), now.getMonth(), now.getDate()];
    });
    const date = (offset: number) => new Date(year, month, day + offset);
    const format = (value: Date, year: boolean) =>
      value.toLocaleDateString('en-US', {
        weekday: 'short',
        month: 'short',
        day: 'numeric',
        year: year ? 'numeric' : undefined,
      });
    const range = (start: Date, end: Date) =>
      `${format(start, start.getFullYear() !== end.getFullYear())} – ${format(end, true)}`;
    const sunday = -date(0).getDay();

    for (let clicks = 0; clicks < 3; clicks++) await dashboard.summaryCard('Receipts').click();
    await dashboard.summaryCard('Receipts').getByText('This Week', { exact: true }).waitFor();
    const cards = dashboard.summaryRange('Receipts');
    await cards.filter({ hasText: range(date(sunday), date(sunday + 6)) }).waitFor();

    await dashboard.analyticsLink().click();
    const statistics = new StatisticsPage(page);
    await statistics.period('This Week').click();
    await statistics
      .range()
      .filter({ hasText: `This Week: ${range(date(-6), date(0))}` })
      .waitFor();
  });
});

describe('the settings dialog', () => {
  it('adds and removes an entity, and never offers to remove Personal', async () => {
    const { page, dashboard } = await signedIn();
    await dashboard.settingsButton().click();
    const settings = new SettingsDialog(page);
    await settings.entity('Personal').waitFor();
    expect(await settings.removeEntityButton('Personal').count()).toBe(0);
    await settings.entity('Personal').getByText('Always kept').waitFor();

    await settings.addEntity('   ');
    expect(await settings.entities().count()).toBe(3);
    await settings.addEntity('Northwind Labs');
    await settings.entity('Northwind Labs').waitFor();
    expect(await settings.entities().allTextContents()).toEqual(
      expect.arrayContaining([expect.stringContaining('Northwind Labs')]),
    );

    // The new entity is offered when editing an expense.
    await settings.close();
    await dashboard.cards().first().getByRole('button', { name: 'Edit' }).click();
    const options = await page.locator('form.expense-form select option').allTextContents();
    expect(options).toContain('Northwind Labs');
    await page.getByRole('button', { name: 'Cancel' }).click();

    await dashboard.settingsButton().click();
    // Remove asks first, even for an entity that files nothing.
    await settings.removeEntityButton('Northwind Labs').click();
    const confirm = settings.removal('entity', 'Northwind Labs');
    await confirm.getByText("No expenses are filed under 'Northwind Labs'.").waitFor();
    await confirm.getByRole('button', { name: 'Remove entity' }).click();
    await settings.entity('Northwind Labs').waitFor({ state: 'detached' });
    const { body } = await api('/api/entities', { token: await demoToken() });
    expect(body.entities.map((entity: { name: string }) => entity.name)).toEqual([
      'Personal',
      'Acme Consulting',
      'Side Studio',
    ]);
  });
});

describe('the statistics page', () => {
  it('opens from Analytics with this month, the chart and the breakdowns', async () => {
    const { page, dashboard } = await signedIn();
    await dashboard.analyticsLink().click();
    await page.waitForURL(/\/statistics/);
    const statistics = new StatisticsPage(page);
    expect(await statistics.period('This Month').getAttribute('aria-pressed')).toBe('true');
    await statistics.chart().waitFor();
    expect(await statistics.bars().count()).toBe(30);
    await statistics.section('Entity Breakdown').getByText('Acme Consulting').waitFor();
    await statistics.section('Top Vendors').locator('li').first().waitFor();
    await statistics.section('Top Tags').locator('li').first().waitFor();

    const token = await demoToken();
    const tz = await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone);
    const { body } = await api(`/api/statistics?period=all&tz=${encodeURIComponent(tz)}`, {
      token,
    });
    await statistics.period('All Time').click();
    // Three months of sample data: weekly bars.
    expect(body.series.granularity).toBe('week');
    await page.getByText('Weekly', { exact: true }).waitFor();
    await statistics
      .card('Total Receipts')
      .getByText(String(body.count), { exact: true })
      .waitFor();
    expect(await statistics.bars().count()).toBe(body.series.points.length);

    await statistics.period('Today').click();
    await page.waitForFunction(() =>
      document.querySelector('[aria-pressed="true"]')?.textContent?.includes('Today'),
    );
    await page.getByRole('link', { name: /Back to Dashboard/ }).click();
    await page.waitForURL(/\/dashboard/);
  });
});

import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser, Page } from 'playwright-core';
import { DemoAccount } from '@snaptrack/contracts';
import { sql, stack } from '@snaptrack/testing';
import { seriousViolations } from './support/axe.js';
import { launchBrowser, newPage } from './support/browser.js';
import { LoginPage } from './pages/login.page.js';
import { DashboardPage } from './pages/dashboard.page.js';
import { HelpCenter } from './pages/help-center.page.js';
import { FeedbackDialogPage } from './pages/feedback-dialog.page.js';

let browser: Browser;
const opened: { close(): Promise<void> }[] = [];

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await Promise.all(opened.map((context) => context.close()));
  await browser.close();
});

async function signedIn(viewport?: { width: number; height: number }): Promise<Page> {
  const { context, page } = await newPage(browser, { viewport });
  opened.push(context);
  const login = new LoginPage(page);
  await login.open(stack.baseUrl);
  await login.signIn(DemoAccount.email, DemoAccount.password);
  await page.waitForURL(/\/dashboard/);
  // The list drawn, so the footer's buttons no longer move while a click is on its way.
  await new DashboardPage(page).waitForAllCards();
  return page;
}

/** The version display's answer, in the page (a browser alert can go unseen). */
function versionMessage(page: Page, text: string) {
  return page.getByRole('contentinfo').getByRole('status').filter({ hasText: text });
}

describe('help centre', () => {
  it('searches, opens first-receipt, marks it helpful, and steps back to the category', async () => {
    const page = await signedIn();
    const help = new HelpCenter(page);
    await help.openFromFloatingButton();
    await help.categories().waitFor();
    const [before] = await sql<{ helpful_count: number }>(
      `SELECT "helpful_count" FROM "help"."articles" WHERE "key" = 'first-receipt'`,
    );

    await help.search().fill('first receipt');
    await help.section('Results for “first receipt”').waitFor();
    await help.card('Add your first receipt').click();
    await expect(help.articleTitle().textContent()).resolves.toBe('Add your first receipt');
    await help.dialog.getByRole('heading', { name: 'Upload the receipt' }).waitFor();

    await help.dialog.getByRole('button', { name: 'Yes, helpful' }).click();
    await help.dialog.getByLabel('What helped? (optional)').fill('Clear steps, thanks');
    await help.dialog.getByRole('button', { name: 'Send feedback' }).click();
    await help.dialog.getByText('Thanks for your feedback!').waitFor();
    const [after] = await sql<{ helpful_count: number }>(
      `SELECT "helpful_count" FROM "help"."articles" WHERE "key" = 'first-receipt'`,
    );
    expect(after?.helpful_count).toBe((before?.helpful_count ?? 0) + 1);

    // Back from the article returns to the results; clearing the search (no category) to
    // the categories.
    await help.back().click();
    await help.section('Results for “first receipt”').waitFor();
    await help.search().fill('');
    await help.categories().waitFor();

    // Inside a category, clearing the search returns to that category's articles.
    await help.card('Exports').click();
    await help.section('Exports').waitFor();
    await help.search().fill('quickbooks');
    await help.section('Results for “quickbooks”').waitFor();
    await help.search().fill('');
    await help.section('Exports').waitFor();
    await help.back().click();
    await help.categories().waitFor();
  });

  it('draws the entities-and-tags table as a table, on a phone too', async () => {
    const page = await signedIn({ width: 390, height: 844 });
    const help = new HelpCenter(page);
    await help.openFromFloatingButton();
    await help.search().fill('entities and tags');
    await help.card('Managing entities and tags').click();
    await expect(help.articleTitle().textContent()).resolves.toBe('Managing entities and tags');
    const table = help.dialog.getByRole('table');
    await table.waitFor();
    await expect(table.getByRole('columnheader').allTextContents()).resolves.toEqual([
      '',
      'Entities',
      'Tags',
    ]);
    await expect(table.getByRole('row').count()).resolves.toBe(5);
    const article = (await help.dialog.getByRole('article').textContent()) ?? '';
    expect(article).not.toMatch(/\|\s*-{3}|\*\*/);
    // A wide table scrolls inside the article: the page never scrolls sideways.
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBe(0);
    await expect(seriousViolations(page)).resolves.toEqual([]);
  });

  it('opens at an article from a tooltip help icon', async () => {
    const page = await signedIn();
    await page.getByRole('button', { name: 'Help: Which emails and files work' }).click();
    const help = new HelpCenter(page);
    await help.dialog.waitFor();
    await expect(help.articleTitle().textContent()).resolves.toMatch(/email/i);
  });
});

describe('feedback', () => {
  it('sends general feedback from the footer after showing each validation message', async () => {
    const page = await signedIn();
    await page.getByRole('button', { name: 'Give Feedback' }).click();
    const feedback = new FeedbackDialogPage(page);
    await feedback.dialog.waitFor();
    await expect(feedback.type().inputValue()).resolves.toBe('general_rating');
    // The first category is preselected once the categories arrive.
    await page.waitForFunction(() => {
      const dialog = [...document.querySelectorAll('[role="dialog"]')].find((element) =>
        element.textContent?.includes('Send Feedback'),
      );
      return dialog?.querySelectorAll('select')[1]?.value === 'overall';
    });
    expect(await feedback.send().isDisabled()).toBe(true);

    await feedback.message().fill('too short');
    expect(await feedback.dialog.getByText('Minimum length met').count()).toBe(0);
    await feedback.send().click();
    await expect(feedback.error().textContent()).resolves.toBe(
      'Message must be at least 10 characters',
    );

    await feedback.message().fill('The dashboard cards are great.');
    await feedback.dialog.getByText('Minimum length met').waitFor();
    await feedback.send().click();
    await feedback.error().filter({ hasText: 'Rating is required for general feedback' }).waitFor();

    await feedback.rate(4);
    expect(await feedback.rating(4).isChecked()).toBe(true);
    await feedback.category().selectOption('');
    await feedback.send().click();
    await feedback.error().filter({ hasText: 'Category is required' }).waitFor();

    await feedback.category().selectOption({ label: 'Receipt reading' });
    await feedback.subject().fill('Cards');
    await feedback.send().click();
    await feedback.thanks.waitFor();
    await feedback.thanks.waitFor({ state: 'hidden' });

    const [row] = await sql(
      `SELECT "user_id", "category", "rating", "platform", "context" FROM "help"."feedback"
        WHERE "subject" = 'Cards' ORDER BY "created_at" DESC LIMIT 1`,
    );
    expect(row).toEqual({
      user_id: DemoAccount.id,
      category: 'receipt_reading',
      rating: 4,
      platform: 'web',
      context: 'Footer link - General feedback',
    });
  });

  it('reports a problem anonymously from settings and thanks the user there', async () => {
    const page = await signedIn();
    await new DashboardPage(page).settingsButton().click();
    const settings = page.getByRole('dialog', { name: 'Settings' });
    await settings.getByRole('button', { name: 'Report Problem' }).click();
    const feedback = new FeedbackDialogPage(page);
    await feedback.dialog.waitFor();
    await expect(feedback.type().inputValue()).resolves.toBe('problem_report');
    expect(await feedback.dialog.getByRole('group', { name: 'Your rating' }).count()).toBe(0);
    const marker = `Export button froze ${Date.now()}`;
    await feedback.message().fill(marker);
    await feedback.anonymous().check();
    await feedback.send().click();
    await feedback.thanks.waitFor();
    await feedback.thanks.waitFor({ state: 'hidden' });
    await settings.getByText('Thank you for your feedback!').waitFor();

    const [row] = await sql(
      `SELECT "user_id", "anonymous", "type", "context" FROM "help"."feedback" WHERE "message" = $1`,
      [marker],
    );
    expect(row).toEqual({
      user_id: null,
      anonymous: true,
      type: 'problem_report',
      context: 'Settings - Problem report',
    });
  });
});

describe('version display', () => {
  it("opens What's New and checks for updates", async () => {
    const page = await signedIn();
    const footer = page.getByRole('contentinfo');
    await footer.getByText(/^v\d+\.\d+\.\d+/).waitFor();
    await footer.getByRole('button', { name: "What's New" }).click();
    const notes = page.getByRole('dialog', { name: /^What's New in v\d+\.\d+\.\d+$/ });
    await notes.waitFor();
    await notes.getByRole('heading', { name: 'Highlights' }).waitFor();
    expect(await notes.getByRole('listitem').count()).toBeGreaterThan(0);
    await notes.getByRole('button', { name: 'Close release notes' }).click();

    // No browser alert: the answer is in the page, read out as a status.
    let alerted = false;
    page.on('dialog', (dialog) => {
      alerted = true;
      void dialog.dismiss();
    });
    await footer.getByRole('button', { name: 'Check for Updates' }).click();
    const latest = versionMessage(page, 'You have the latest version of SnapTrack.');
    await latest.waitFor();
    expect(alerted).toBe(false);
    await latest.getByRole('button', { name: 'Dismiss' }).click();
    await latest.waitFor({ state: 'detached' });
  });

  it("falls back to the local version when the service can't be reached", async () => {
    await stack.stop('help-feedback');
    try {
      const { context, page } = await newPage(browser);
      opened.push(context);
      await page.goto(`${stack.baseUrl}/`);
      const footer = page.getByRole('contentinfo');
      await footer.getByText('Local version').waitFor({ timeout: 30_000 });
      await footer.getByText('(build 1)').waitFor();
      expect(await footer.getByRole('button', { name: "What's New" }).count()).toBe(0);
      await footer.getByRole('button', { name: 'Check for Updates' }).click();
      await versionMessage(page, 'Unable to check for updates at this time.').waitFor();
    } finally {
      await stack.start('help-feedback');
    }
  });
});

import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser } from 'playwright-core';
import type { KnownStore } from '@snaptrack/contracts';
import { api, createTestAccount, stack, withDatabase, type TestAccount } from '@snaptrack/testing';
import { seriousViolations } from './support/axe.js';
import { launchBrowser, newPage } from './support/browser.js';
import { LoginPage } from './pages/login.page.js';
import { DashboardPage } from './pages/dashboard.page.js';
import { SettingsDialog } from './pages/settings-dialog.page.js';

// Settings → Stores SnapTrack knows: the stores an account's corrections taught (how they are
// learnt is the store memory's integration test), listed, changed and forgotten in the browser.
// Another account's store is never listed.

let browser: Browser;
let account: TestAccount;
let other: TestAccount;
const opened: { close(): Promise<void> }[] = [];

/** A store as a correction leaves it (migration 1795797800000). */
async function knownStore(userId: string, vendor: string, keys: string[]): Promise<void> {
  await withDatabase((client) =>
    client.query(
      `INSERT INTO "expenses"."known_stores" ("user_id", "keys", "vendor", "currency",
         "entity_choices", "tag_choices", "corrections")
       VALUES ($1, $2::text[], $3, 'EUR', '{"Personal": 1}'::jsonb, '{"[\\"Meals\\"]": 1}'::jsonb, 1)`,
      [userId, keys, vendor],
    ),
  );
}

const storesOf = async (token: string) =>
  (await api('/api/stores', { token })).body.stores as KnownStore[];

beforeAll(async () => {
  browser = await launchBrowser();
  account = await createTestAccount('stores-e2e');
  other = await createTestAccount('stores-e2e-other');
  await knownStore(account.id, 'Backhaus Sonne', ['tax:DE123456789', 'phone:012345678']);
  await knownStore(other.id, 'Not Yours Deli', ['tax:GB987654321']);
});

afterAll(async () => {
  await Promise.all(opened.map((context) => context.close()));
  await browser.close();
});

describe('Stores SnapTrack knows', () => {
  it('lists the account’s stores, changes one and forgets it', async () => {
    const { context, page } = await newPage(browser);
    opened.push(context);
    const login = new LoginPage(page);
    await login.open(stack.baseUrl);
    await login.signIn(account.email, account.password);
    await page.waitForURL(/\/dashboard/);
    const dashboard = new DashboardPage(page);
    await dashboard.settingsButton().click();
    const settings = new SettingsDialog(page);

    const row = settings.store('Backhaus Sonne');
    await row.waitFor();
    expect(await settings.stores().count()).toBe(1);
    expect(await row.textContent()).toContain('EUR · Personal · Meals');
    expect(await row.textContent()).toContain('tax id DE123456789');
    expect(await settings.dialog.getByText('Not Yours Deli').count()).toBe(0);
    expect(await seriousViolations(page)).toEqual([]);

    // Change: the vendor name and the tags the next receipts get.
    await settings.dialog.getByRole('button', { name: 'Change store Backhaus Sonne' }).click();
    const form = settings.dialog.getByRole('form', { name: 'Change store' });
    await form.getByLabel('Vendor name').fill('Sonne Bakery');
    await form.getByLabel('Tags').fill('Meals, Client');
    await form.getByRole('button', { name: 'Save store' }).click();
    await settings.store('Sonne Bakery').waitFor();
    await form.waitFor({ state: 'detached' });
    expect(await storesOf(account.token)).toEqual([
      expect.objectContaining({ vendor: 'Sonne Bakery', tags: ['Client', 'Meals'] }),
    ]);

    // Forget, after the confirmation.
    await settings.dialog.getByRole('button', { name: 'Forget store Sonne Bakery' }).click();
    const confirm = settings.dialog.getByRole('group', { name: 'Forget Sonne Bakery?' });
    await confirm.getByRole('button', { name: 'Forget store' }).click();
    await settings.dialog.getByText('None yet.', { exact: false }).waitFor();
    expect(await settings.stores().count()).toBe(0);
    expect(await storesOf(account.token)).toEqual([]);
    // The other account's store is still there, and still theirs.
    expect((await storesOf(other.token)).map((store) => store.vendor)).toEqual(['Not Yours Deli']);
  });
});

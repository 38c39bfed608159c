import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser, Page } from 'playwright-core';
import { DemoAccount } from '@snaptrack/contracts';
import { stack } from '@snaptrack/testing';
import { seriousViolations } from './support/axe.js';
import { launchBrowser, newPage } from './support/browser.js';
import { LoginPage } from './pages/login.page.js';

let browser: Browser;
const opened: { close(): Promise<void> }[] = [];

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await Promise.all(opened.map((context) => context.close()));
  await browser.close();
});

async function visitor(options: Parameters<typeof newPage>[1] = {}): Promise<Page> {
  const { context, page } = await newPage(browser, options);
  opened.push(context);
  return page;
}

/** Scrolls through the page so every reveal section is shown before checking it. */
async function scrollThrough(page: Page): Promise<void> {
  await page.evaluate(async () => {
    for (let y = 0; y <= document.body.scrollHeight; y += 400) {
      window.scrollTo(0, y);
      await new Promise((resolve) => setTimeout(resolve, 30));
    }
  });
  // On a loaded machine a section can pass through the viewport between two frames and never
  // be seen intersecting (a CI run waited 15 s for it): each poll brings the next one still
  // hidden into view, as a reader who stops there would.
  await page.waitForFunction(() => {
    const hidden = document.querySelector('.reveal:not(.reveal--shown)');
    hidden?.scrollIntoView({ block: 'center' });
    return hidden === null;
  });
  // The fade-in takes 0.5 s: until it ends, text is still translucent and its contrast too low.
  await page.waitForFunction(() =>
    [...document.querySelectorAll('.reveal')].every(
      (element) => getComputedStyle(element).opacity === '1',
    ),
  );
}

async function noHorizontalScroll(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
}

describe('the marketing site', () => {
  it('sends the landing page as HTML, which React then takes over without an error', async () => {
    const landing = await (await fetch(`${stack.baseUrl}/`)).text();
    expect(landing).toContain('<div id="root" data-prerendered="/">');
    expect(landing).toContain('Every receipt, sorted.');
    const appShell = await (await fetch(`${stack.baseUrl}/?app=true`)).text();
    expect(appShell).toContain('<div id="root"></div>');

    // With its service worker, as a visitor has it (these tests block it by default).
    const page = await visitor({ serviceWorker: true });
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(`${stack.baseUrl}/`);
    // hydrateRoot has been called once React marks the root as its container.
    await page.waitForFunction(() =>
      Object.keys(document.getElementById('root') ?? {}).some((key) =>
        key.startsWith('__reactContainer'),
      ),
    );
    // A client-side navigation keeps this marker: it proves the links are React's again.
    await page.evaluate(() => Object.assign(window, { sameDocument: true }));
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Pricing' })
      .click();
    await page.waitForURL(/\/pricing$/);
    expect(await page.evaluate(() => 'sameDocument' in window)).toBe(true);
    expect(errors).toEqual([]);
  });

  it('shows every section at once to a visitor who asks for reduced motion', async () => {
    const page = await visitor();
    await page.goto(`${stack.baseUrl}/`);
    await page.getByRole('heading', { level: 1, name: /Every receipt, sorted/ }).waitFor();
    await page.getByText('Not real customer quotes.').waitFor({ state: 'attached' });
    // What the visitor sees, not the class: the page is server-rendered, so the last section
    // must be opaque before hydration adds `reveal--shown` too.
    expect(
      await page
        .locator('.reveal')
        .last()
        .evaluate((element) => getComputedStyle(element).opacity),
    ).toBe('1');
  });

  it('shows every landing section, and reveals sections as they scroll in', async () => {
    // The reveal is an animation: drawn as a visitor without reduced motion sees it.
    const page = await visitor({ motion: true });
    await page.goto(`${stack.baseUrl}/`);
    await page.getByRole('heading', { level: 1, name: /Every receipt, sorted/ }).waitFor();
    for (const name of [
      'Receipt Hell is Real',
      'From paper to done in three steps',
      'How people use SnapTrack',
      'See what SnapTrack reads',
      'Get out of receipt hell today',
      'Your receipts are private',
    ]) {
      await page.getByRole('heading', { level: 2, name }).waitFor({ state: 'attached' });
    }
    for (const step of ['Snap', 'Track', 'Done']) {
      await page
        .getByRole('heading', { level: 3, name: step, exact: true })
        .waitFor({ state: 'attached' });
    }
    await page.getByText('Not real customer quotes.').waitFor({ state: 'attached' });
    // The security section starts hidden and is revealed once scrolled into view.
    expect(
      await page
        .locator('.reveal')
        .last()
        .evaluate((element) => element.classList.contains('reveal--shown')),
    ).toBe(false);
    await scrollThrough(page);
    const footer = page.getByRole('contentinfo');
    for (const link of ['Features', 'Pricing', 'Privacy Policy', 'Terms of Service', 'Support']) {
      await footer.getByRole('link', { name: link }).waitFor();
    }
    await footer.getByText('© 2025 SnapTrack. All rights reserved.').waitFor();
    await footer.getByText(/^v\d+\.\d+\.\d+/).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
  });

  it('lists eight features and links there from the header', async () => {
    const page = await visitor();
    await page.goto(`${stack.baseUrl}/`);
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Features' })
      .click();
    await page.waitForURL(/\/features$/);
    const cards = page.getByRole('list', { name: 'Features' }).getByRole('listitem');
    await cards.first().waitFor();
    expect(await cards.count()).toBe(8);
    await scrollThrough(page);
    expect(await seriousViolations(page)).toEqual([]);
  });

  it('prices one plan and keeps one FAQ answer open at a time', async () => {
    const page = await visitor();
    await page.goto(`${stack.baseUrl}/pricing`);
    await page.getByRole('heading', { name: 'SnapTrack Pro' }).waitFor();
    await page.getByText('$4.99').first().waitFor();
    await page.getByRole('heading', { name: 'No hidden fees. Ever.' }).waitFor();
    await scrollThrough(page);
    const questions = page.locator('.faq__question button');
    expect(await questions.count()).toBe(6);
    const expanded = () =>
      page.locator('.faq__question button[aria-expanded="true"]').allTextContents();
    expect(await expanded()).toEqual([]);
    await questions.nth(0).click();
    expect(await expanded()).toEqual([expect.stringContaining('How accurate is SnapTrack?')]);
    await page
      .getByText(/read the total right on 97 of 98 real shop receipts/)
      .first()
      .waitFor();
    await questions.nth(4).click();
    expect(await expanded()).toEqual([expect.stringContaining('Is there a free trial?')]);
    expect(await page.locator('.faq__answer:not([hidden])').count()).toBe(1);
    await questions.nth(4).click();
    expect(await expanded()).toEqual([]);
    expect(await seriousViolations(page)).toEqual([]);
  });

  it('gives support contact, hours, response time, topics and the phone note', async () => {
    const page = await visitor();
    await page.goto(`${stack.baseUrl}/support`);
    await page.getByRole('heading', { level: 1, name: 'How can we help?' }).waitFor();
    await page.getByText('Mon-Fri 9AM-5PM CST').waitFor();
    await page.getByText('Typically within 24 hours.').waitFor();
    await page.getByRole('link', { name: 'support@snaptrack.app' }).waitFor();
    await page.getByRole('heading', { name: 'Topics' }).waitFor();
    await page.getByText(/There is no native iOS app/).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
  });

  it('renders the privacy policy and terms from docs/legal, cross-linked', async () => {
    const page = await visitor();
    await page.goto(`${stack.baseUrl}/privacy`);
    await page.getByRole('heading', { level: 1, name: 'SnapTrack Privacy Policy' }).waitFor();
    await page.getByText('Effective date: July 1, 2025').waitFor();
    await page.getByText('Last updated: July 1, 2025').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page
      .getByRole('navigation', { name: 'Related documents' })
      .getByRole('link', { name: 'Terms of Service' })
      .click();
    await page.waitForURL(/\/terms$/);
    await page.getByRole('heading', { level: 1, name: /Terms of Service/ }).waitFor();
    await page
      .getByText(/July 1, 2025/)
      .first()
      .waitFor();
    expect(await seriousViolations(page)).toEqual([]);
  });

  it("says so when a legal document can't be loaded", async () => {
    const page = await visitor();
    // The document request fails as it would with the server unreachable.
    await page.route('**/docs/legal/terms-of-service.md', (route) => route.abort('failed'));
    await page.goto(`${stack.baseUrl}/terms`);
    await page.getByText('Unable to load terms of service. Please try again later.').waitFor();
    await page.getByRole('link', { name: 'Back to App' }).first().waitFor();
  });

  it('fits a 375 px phone screen without sideways scrolling', async () => {
    const page = await visitor({ viewport: { width: 375, height: 740 } });
    for (const path of ['/', '/features', '/pricing', '/support', '/privacy', '/terms']) {
      await page.goto(`${stack.baseUrl}${path}`);
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      await scrollThrough(page);
      expect({ path, fits: await noHorizontalScroll(page) }).toEqual({ path, fits: true });
    }
  });
});

describe('cookie consent', () => {
  it('asks after a second, stores Accept once, and does not ask again', async () => {
    const page = await visitor({ cookieBanner: true });
    await page.goto(`${stack.baseUrl}/`);
    const banner = page.getByRole('region', { name: 'Cookie consent' });
    await banner.waitFor();
    expect(await page.evaluate(() => document.documentElement.dataset.analytics)).toBeUndefined();
    expect(await seriousViolations(page)).toEqual([]);
    await banner.getByRole('button', { name: 'Accept' }).click();
    await banner.waitFor({ state: 'hidden' });
    const record = JSON.parse(
      (await page.evaluate(() => localStorage.getItem('snaptrack-cookie-consent'))) ?? 'null',
    );
    expect(record).toEqual({
      version: '1.0',
      accepted: true,
      timestamp: expect.any(String),
      purposes: { analytics: true, error_tracking: true },
    });
    expect(await page.evaluate(() => document.documentElement.dataset.analytics)).toBe('on');

    await page.goto(`${stack.baseUrl}/pricing`);
    await page.getByRole('heading', { name: 'SnapTrack Pro' }).waitFor();
    await page.waitForTimeout(1_500);
    expect(await banner.count()).toBe(0);
  });

  it('stores Reject as a refusal and starts no analytics', async () => {
    const page = await visitor({ cookieBanner: true });
    await page.goto(`${stack.baseUrl}/support`);
    const banner = page.getByRole('region', { name: 'Cookie consent' });
    await banner.getByRole('button', { name: 'Reject' }).click();
    await banner.waitFor({ state: 'hidden' });
    const record = JSON.parse(
      (await page.evaluate(() => localStorage.getItem('snaptrack-cookie-consent'))) ?? 'null',
    );
    expect(record).toMatchObject({
      version: '1.0',
      accepted: false,
      purposes: { analytics: false },
    });
    expect(await page.evaluate(() => document.documentElement.dataset.analytics)).toBeUndefined();
  });
});

describe('accessibility of the app pages', () => {
  it('has no serious axe violations on the dashboard, help centre and feedback dialog', async () => {
    const page = await visitor();
    const login = new LoginPage(page);
    await login.open(stack.baseUrl);
    expect(await seriousViolations(page)).toEqual([]);
    await login.signIn(DemoAccount.email, DemoAccount.password);
    await page.waitForURL(/\/dashboard/);
    await page
      .getByRole('contentinfo')
      .getByText(/^v\d+\.\d+\.\d+/)
      .waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Help', exact: true }).click();
    await page.getByRole('list', { name: 'Help topics' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Close help' }).click();
    await page.getByRole('button', { name: 'Give Feedback' }).click();
    await page.getByRole('dialog', { name: 'Send Feedback' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
  });
});

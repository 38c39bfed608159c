import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { CHROMIUM_FLAGS, HEADLESS_SHELL_PATH } from '@snaptrack/testing';

/**
 * Debian's Chromium headless shell driven by playwright-core (never a downloaded browser). The
 * flags keep it off the network it cannot reach here; each test gets a fresh context (own
 * storage).
 */
const launchOptions = {
  executablePath: HEADLESS_SHELL_PATH,
  headless: true,
  args: CHROMIUM_FLAGS,
};

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch(launchOptions);
}

/**
 * Pages ask for reduced motion (`prefers-reduced-motion: reduce`), as a person may: the app's
 * spinners, skeletons and progress bars then stop after one frame (styles.css) instead of being
 * painted 60 times a second, in software (no GPU), for as long as a test looks at them. No test
 * is about an animation; the layout screenshots keep the motion (`motion: true`), so their
 * baselines stay as drawn.
 */
const motionOf = (motion?: boolean) =>
  ({ reducedMotion: motion ? 'no-preference' : 'reduce' }) as const;

/**
 * A browser with an on-disk profile, as a person's is: Chromium offers to install an app only
 * outside incognito, and every `newContext` of a launched browser is one.
 */
export async function launchProfileBrowser(
  userDataDir: string,
  viewport = { width: 412, height: 915 },
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await chromium.launchPersistentContext(userDataDir, {
    ...launchOptions,
    ...motionOf(),
    viewport,
  });
  await answerCookieBanner(context);
  context.setDefaultTimeout(15_000);
  return { context, page: context.pages()[0] ?? (await context.newPage()) };
}

/** The consent record of a visitor who already answered the cookie banner (Reject). */
const ANSWERED_CONSENT = JSON.stringify({
  version: '1.0',
  accepted: false,
  timestamp: '2026-01-01T00:00:00.000Z',
  purposes: { analytics: false, error_tracking: false },
});

/** The visitor has already answered the cookie banner, so it never covers what a test clicks. */
async function answerCookieBanner(context: BrowserContext): Promise<void> {
  await context.addInitScript((record) => {
    if (!localStorage.getItem('snaptrack-cookie-consent')) {
      localStorage.setItem('snaptrack-cookie-consent', record);
    }
  }, ANSWERED_CONSENT);
}

/**
 * A fresh context. Unless `cookieBanner` is asked for, the visitor has already answered the
 * cookie banner, so it never covers what a test clicks. Unless `serviceWorker` is asked for, the
 * app's service worker is not registered: each fresh context would otherwise download and cache
 * the whole app shell, which only the installable-app tests look at. `locale` is the browser's
 * language (`navigator.language`). Reduced motion unless `motion` is asked for (see above).
 */
export async function newPage(
  browser: Browser,
  options: {
    cookieBanner?: boolean;
    serviceWorker?: boolean;
    viewport?: { width: number; height: number };
    locale?: string;
    /** Animations as they are drawn (layout screenshots); otherwise reduced motion. */
    motion?: boolean;
  } = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    ...motionOf(options.motion),
    viewport: options.viewport ?? { width: 1280, height: 900 },
    serviceWorkers: options.serviceWorker ? 'allow' : 'block',
    ...(options.locale ? { locale: options.locale } : {}),
  });
  if (!options.cookieBanner) await answerCookieBanner(context);
  context.setDefaultTimeout(15_000);
  const page = await context.newPage();
  return { context, page };
}

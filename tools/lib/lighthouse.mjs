// Lighthouse (npm `lighthouse`) on the landing page and the signed-in dashboard, with its default
// mobile settings: a phone's screen (412 × 823) and simulated slow 4G with a 4× slower CPU.
// Chromium is Debian's, started by playwright-core with a profile on disk and a debugging port
// that Lighthouse connects to; the dashboard is audited in the same profile after signing in, so
// Lighthouse keeps the storage (the session) it would otherwise clear.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import { freePort } from '../testing/free-port.mjs';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../testing/chromium.mjs';
import { submitEmailSignIn } from '../testing/sign-in.mjs';

export const LIGHTHOUSE_CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];

/**
 * @typedef {{ [category: string]: number }} Scores  0 to 100 per category
 * @typedef {{ id: string, title: string }} Failing  an audit that scored below 1
 * @typedef {{ [metric: string]: number }} Metrics  the performance metrics, in ms (CLS unitless)
 * @typedef {{ url: string, scores: Scores, metrics: Metrics, failing: Failing[] }} PageAudit
 */

/** The metrics the performance score is made of (Lighthouse 12). */
export const PERFORMANCE_METRICS = {
  FCP: 'first-contentful-paint',
  LCP: 'largest-contentful-paint',
  TBT: 'total-blocking-time',
  CLS: 'cumulative-layout-shift',
  SI: 'speed-index',
};

/**
 * Audits `/` (a first visit) and `/dashboard` (signed in as `email`). With `reportDir`, each
 * page's full Lighthouse report (JSON) is written there as `<page>.json`.
 * @param {{ baseUrl: string, email: string, password: string, categories?: string[],
 *   reportDir?: string }} options
 * @returns {Promise<{ landing: PageAudit, dashboard: PageAudit }>}
 */
export async function auditLandingAndDashboard({
  baseUrl,
  email,
  password,
  categories = LIGHTHOUSE_CATEGORIES,
  reportDir,
}) {
  const port = await freePort();
  const profile = await mkdtemp(path.join(tmpdir(), 'snaptrack-lighthouse-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [...CHROMIUM_FLAGS, `--remote-debugging-port=${port}`],
  });
  try {
    const flags = { port, output: 'json', logLevel: 'error', onlyCategories: categories };
    const landing = await audit(
      `${baseUrl}/`,
      flags,
      reportDir && path.join(reportDir, 'landing.json'),
    );
    await signIn(context, baseUrl, email, password);
    const dashboard = await audit(
      `${baseUrl}/dashboard?app=true`,
      { ...flags, disableStorageReset: true },
      reportDir && path.join(reportDir, 'dashboard.json'),
    );
    return { landing, dashboard };
  } finally {
    await context.close();
    await rm(profile, { recursive: true, force: true });
  }
}

/** @returns {Promise<PageAudit>} */
async function audit(url, flags, reportFile) {
  const result = await lighthouse(url, flags);
  if (!result) throw new Error(`lighthouse: no result for ${url}`);
  const { lhr } = result;
  if (reportFile) {
    await mkdir(path.dirname(reportFile), { recursive: true });
    await writeFile(reportFile, JSON.stringify(lhr));
  }
  if (lhr.runtimeError) throw new Error(`lighthouse: ${url}: ${lhr.runtimeError.message}`);
  /** @type {Scores} */
  const scores = {};
  const failing = new Map();
  for (const [id, category] of Object.entries(lhr.categories)) {
    scores[id] = Math.round((category.score ?? 0) * 100);
    for (const { id: auditId, weight } of category.auditRefs) {
      const item = lhr.audits[auditId];
      if (weight > 0 && item.score !== null && item.score < 1)
        failing.set(auditId, { id: auditId, title: item.title });
    }
  }
  /** @type {Metrics} */
  const metrics = {};
  for (const [name, auditId] of Object.entries(PERFORMANCE_METRICS)) {
    const value = lhr.audits[auditId]?.numericValue;
    if (value !== undefined)
      metrics[name] = name === 'CLS' ? Number(value.toFixed(3)) : Math.round(value);
  }
  return { url: lhr.finalDisplayedUrl, scores, metrics, failing: [...failing.values()] };
}

async function signIn(context, baseUrl, email, password) {
  const page = context.pages()[0] ?? (await context.newPage());
  await page.goto(`${baseUrl}/login?app=true`);
  await submitEmailSignIn(page, email, password);
  await page.waitForURL(/\/dashboard/);
  // Lighthouse opens a tab of its own; the app open in a second one disturbs its trace.
  await page.close();
}

import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from '@jest/globals';
import { DemoAccount } from '@snaptrack/contracts';
import { stack } from '@snaptrack/testing';

// Lighthouse at a phone's size on the landing page and the signed-in dashboard. Accessibility and
// best practices are properties of the pages, so they are tested; performance is a speed figure,
// measured by `npm run bench:lighthouse` (docs/benchmarks.md).
const MINIMUM = 95;
const CHECK = fileURLToPath(new URL('../../../tools/checks/lighthouse.mjs', import.meta.url));

interface PageAudit {
  url: string;
  scores: Record<string, number>;
  failing: { id: string; title: string }[];
}

describe('Lighthouse', () => {
  it(`scores accessibility and best practices of ${MINIMUM} or more on the landing page and the dashboard`, async () => {
    const { stdout } = await promisify(execFile)(
      process.execPath,
      [CHECK, '--base-url', stack.baseUrl, '--categories', 'accessibility,best-practices'],
      {
        env: {
          ...process.env,
          SIGN_IN_EMAIL: DemoAccount.email,
          SIGN_IN_PASSWORD: DemoAccount.password,
        },
        maxBuffer: 16 * 1024 * 1024,
      },
    );
    const pages = JSON.parse(stdout) as { landing: PageAudit; dashboard: PageAudit };
    for (const audit of Object.values(pages)) {
      expect(Object.keys(audit.scores).sort()).toEqual(['accessibility', 'best-practices']);
      const below = Object.entries(audit.scores).filter(([, score]) => score < MINIMUM);
      // With a score below, the failing audits say what to fix.
      expect({ url: audit.url, below, failing: below.length ? audit.failing : [] }).toEqual({
        url: audit.url,
        below: [],
        failing: [],
      });
    }
    expect(pages.dashboard.url).toMatch(/\/dashboard/);
  });
});

/**
 * How every test and check starts Debian's Chromium (never a downloaded browser): the flags keep
 * it off the network it cannot reach here.
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * The browser tests drive Chromium's headless shell (Debian's `chromium-headless-shell`, the
 * build Playwright itself uses for headless runs): the same Blink and V8 without the full
 * browser around them. It spent a fifth less CPU on the browser suites, every one of which
 * passes with either (docs/development.md). Lighthouse keeps the full browser: it measures
 * what a person's Chromium does.
 */
export const HEADLESS_SHELL_PATH =
  process.env.CHROMIUM_HEADLESS_SHELL_PATH ?? '/usr/bin/chromium-headless-shell';

export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

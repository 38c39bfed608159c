import * as client from 'openid-client';
import {
  FakeOidcClients,
  NATIVE_REDIRECT_URI,
  registerFakeOidcAccount,
} from './fake-oidc-provider.mjs';
import { recordSecretsInCookies, recordSecretsInUrl } from './issued-secrets.js';
import { api, stack } from './stack-client.js';

/** Registers (or changes the email of) an account at the stand-in provider; log in as `sub`. */
export async function setProviderAccount(sub: string, email: string, emailVerified = true) {
  const issuer = process.env.SNAPTRACK_OIDC_ISSUER;
  if (!issuer) throw new Error('SNAPTRACK_OIDC_ISSUER is not set');
  await registerFakeOidcAccount(issuer, { sub, email, email_verified: emailVerified });
}

/** A tiny browser for API tests: follows redirects by hand and keeps cookies per origin. */
export class TestBrowser {
  private readonly jar = new Map<string, Map<string, string>>();

  async fetch(url: string | URL, init: RequestInit & { headers?: Record<string, string> } = {}) {
    const target = new URL(url);
    const cookies = [...(this.jar.get(target.origin) ?? new Map<string, string>())]
      .map(([key, value]) => `${key}=${value}`)
      .join('; ');
    const response = await fetch(target, {
      ...init,
      redirect: 'manual',
      headers: { ...init.headers, ...(cookies ? { cookie: cookies } : {}) },
    });
    // Codes, states and results travel in these URLs and cookies: none may reach a log.
    recordSecretsInUrl('oidc request', target);
    const location = response.headers.get('location');
    if (location) recordSecretsInUrl('oidc redirect', new URL(location, target));
    recordSecretsInCookies(`oidc ${target.origin}`, response.headers);
    const store = this.jar.get(target.origin) ?? new Map<string, string>();
    for (const header of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = header.split(';');
      const [key = '', ...value] = pair.split('=');
      const expired = attributes.some((attribute) =>
        /max-age=0|expires=thu, 01 jan 1970/i.test(attribute),
      );
      if (expired) store.delete(key.trim());
      else store.set(key.trim(), value.join('='));
    }
    this.jar.set(target.origin, store);
    return response;
  }

  /** The `cookie` header this browser sends to `origin`. */
  cookies(origin: string): string {
    return [...(this.jar.get(new URL(origin).origin) ?? new Map<string, string>())]
      .map(([key, value]) => `${key}=${value}`)
      .join('; ');
  }

  /** Follows redirects until one leaves for `stopAt` (an origin or URL prefix); returns it. */
  async follow(
    url: string | URL,
    stopAt: string,
    init: RequestInit & { headers?: Record<string, string> } = {},
  ): Promise<URL> {
    let response = await this.fetch(url, init);
    let current = new URL(url);
    for (let hops = 0; hops < 20; hops += 1) {
      const location = response.headers.get('location');
      if (response.status === 200 && !location) {
        // response_mode=form_post (Apple): the page auto-submits a form back to the client.
        const html = await response.text();
        const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
        if (!action) throw new Error(`expected a redirect or a form from ${current.href}`);
        const fields = new URLSearchParams();
        for (const match of html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"/g)) {
          fields.set(match[1] ?? '', decodeEntities(match[2] ?? ''));
        }
        current = new URL(decodeEntities(action), current);
        response = await this.fetch(current, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: fields.toString(),
        });
        continue;
      }
      if (!location || response.status < 300 || response.status >= 400) {
        throw new Error(`expected a redirect from ${current.href}, got ${response.status}`);
      }
      current = new URL(location, current);
      if (current.href.startsWith(stopAt)) return current;
      response = await this.fetch(current);
    }
    throw new Error('too many redirects');
  }
}

/**
 * Trades a one-time `oidc_result` code as the SPA does: a same-origin POST, which carries this
 * browser's cookies (the flow's binding cookie among them).
 */
export function redeemOidcResult(browser: TestBrowser, code: string) {
  const cookie = browser.cookies(stack.baseUrl);
  return api('/api/auth/oidc/result', {
    body: { code },
    headers: cookie ? { cookie } : {},
  });
}

/**
 * Signs in at the stand-in provider as `login` (or presses Cancel) starting from a provider
 * authorization URL, and returns where the provider sent the browser back to.
 */
export async function loginAtProvider(
  browser: TestBrowser,
  authorizationUrl: string,
  login: string,
  backTo: string,
  options: { cancel?: boolean } = {},
): Promise<URL> {
  const issuer = new URL(authorizationUrl).origin;
  const interaction = await browser.follow(authorizationUrl, `${issuer}/interaction/`);
  const page = await (await browser.fetch(interaction)).text();
  if (options.cancel) {
    const abort = /href="([^"]*\/abort)"/.exec(page)?.[1];
    if (!abort) throw new Error('no cancel link on the provider page');
    return browser.follow(new URL(abort.replace(/&amp;/g, '&'), issuer), backTo);
  }
  const action = /action="([^"]+)"/.exec(page)?.[1];
  if (!action) throw new Error('no login form on the provider page');
  return browser.follow(new URL(action, issuer), backTo, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ prompt: 'login', login, password: 'any' }).toString(),
  });
}

/** An id token for `login` from the stand-in Google, obtained as a native app would. */
export async function nativeIdToken(
  login: string,
  provider: 'google' | 'apple' = 'google',
): Promise<string> {
  const issuer = process.env.SNAPTRACK_OIDC_ISSUER;
  if (!issuer) throw new Error('SNAPTRACK_OIDC_ISSUER is not set');
  const { id, secret } = FakeOidcClients[provider];
  const config = await client.discovery(new URL(issuer), id, secret, undefined, {
    execute: [client.allowInsecureRequests],
  });
  const verifier = client.randomPKCECodeVerifier();
  const state = client.randomState();
  const url = client.buildAuthorizationUrl(config, {
    redirect_uri: NATIVE_REDIRECT_URI,
    scope: 'openid email profile',
    code_challenge: await client.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
    state,
  });
  const back = await loginAtProvider(new TestBrowser(), url.href, login, NATIVE_REDIRECT_URI);
  const tokens = await client.authorizationCodeGrant(config, back, {
    pkceCodeVerifier: verifier,
    expectedState: state,
  });
  if (!tokens.id_token) throw new Error('no id token');
  return tokens.id_token;
}

function decodeEntities(value: string): string {
  return value
    .replace(/&#x([0-9a-f]+);/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)))
    .replace(/&#(\d+);/g, (_, dec: string) => String.fromCharCode(Number(dec)))
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

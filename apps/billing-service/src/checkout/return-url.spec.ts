import { describe, expect, it } from '@jest/globals';
import { isAllowedReturnUrl, isAllowedWebUrl } from './return-url.js';

const rules = {
  appUrl: 'https://app.snaptrack.example',
  extraOrigins: ['https://snaptrack.example'],
  deepLinkScheme: 'snaptrack',
};

describe('isAllowedReturnUrl', () => {
  it('allows our own origins and the app deep-link scheme', () => {
    expect(isAllowedReturnUrl('https://app.snaptrack.example/dashboard', rules)).toBe(true);
    expect(isAllowedReturnUrl('https://snaptrack.example/pricing?x=1', rules)).toBe(true);
    expect(isAllowedReturnUrl('snaptrack://signup/done', rules)).toBe(true);
  });

  it('refuses other hosts, schemes, look-alikes and credentials', () => {
    for (const url of [
      'https://evil.example/',
      'https://app.snaptrack.example.evil.example/',
      'http://app.snaptrack.example/',
      'javascript:alert(1)',
      'otherapp://x',
      'https://user:pw@app.snaptrack.example/',
      '//evil.example',
      'not a url',
    ]) {
      expect(isAllowedReturnUrl(url, rules)).toBe(false);
    }
  });

  it('keeps the portal on the web', () => {
    expect(isAllowedWebUrl('snaptrack://x', rules)).toBe(false);
    expect(isAllowedWebUrl('https://app.snaptrack.example/subscription', rules)).toBe(true);
  });
});

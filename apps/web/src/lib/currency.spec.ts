import { describe, expect, it } from '@jest/globals';
import { browserLocale, localeCurrency } from './currency';

describe('localeCurrency', () => {
  it('takes the region of the locale', () => {
    expect(localeCurrency('en-US')).toBe('USD');
    expect(localeCurrency('ms-MY')).toBe('MYR');
    expect(localeCurrency('en-GB')).toBe('GBP');
    expect(localeCurrency('de-CH')).toBe('CHF');
  });

  it('takes the likeliest region of a bare language', () => {
    expect(localeCurrency('de')).toBe('EUR');
    expect(localeCurrency('ja')).toBe('JPY');
  });

  it('falls back to USD', () => {
    expect(localeCurrency('not a locale')).toBe('USD');
    expect(localeCurrency('en-001')).toBe('USD');
  });
});

describe('browserLocale', () => {
  it('gives the canonical tag, or null for what is not one', () => {
    expect(browserLocale('en-us')).toBe('en-US');
    expect(browserLocale('de-DE')).toBe('de-DE');
    expect(browserLocale('not a locale')).toBeNull();
  });
});

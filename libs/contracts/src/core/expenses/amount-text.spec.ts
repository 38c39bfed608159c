import { describe, expect, it } from '@jest/globals';
import { AmountMessages, formatAmountInput, readAmount } from './amount-text.js';

const value = (text: string, locale?: string) => {
  const reading = readAmount(text, locale);
  return reading.ok ? reading.value : reading.message;
};

describe('readAmount', () => {
  it.each([
    ['2,51', 'en-US', 2.51],
    ['2,51', 'de-DE', 2.51],
    ['2.51', 'de-DE', 2.51],
    ['12', 'en-US', 12],
    ['1.234,56', 'en-US', 1234.56],
    ['1,234.56', 'de-DE', 1234.56],
    ['1,234', 'en-US', 1234],
    ['1.234', 'de-DE', 1234],
    ['1 234,50', 'fr-FR', 1234.5],
    ['1\u202f234,50', 'fr-FR', 1234.5],
    ["1'234.50", 'de-CH', 1234.5],
    ['1,234,567.89', 'en-US', 1234567.89],
    ['$12.50', 'en-US', 12.5],
    ['12,50 €', 'de-DE', 12.5],
    ['0.5', undefined, 0.5],
  ])('reads %j in %s as %d', (text, locale, expected) => {
    expect(value(text, locale)).toBe(expected);
  });

  it.each([
    ['', AmountMessages.required],
    ['   ', AmountMessages.required],
    ['-5', AmountMessages.negative],
    ['−5,00', AmountMessages.negative],
    ['(5.00)', AmountMessages.negative],
    ['abc', AmountMessages.unreadable],
    ['1e5', AmountMessages.unreadable],
    ['1,2,3', AmountMessages.unreadable],
    ['1.234.5', AmountMessages.unreadable],
    ['1,23,456.00', AmountMessages.unreadable],
    ['2.514', AmountMessages.tooManyDecimals],
    ['99999999999', AmountMessages.tooLarge],
  ])('refuses %j', (text, message) => {
    expect(value(text, 'en-US')).toBe(message);
  });

  it('lets the locale decide a lone mark before three digits', () => {
    expect(value('1,234', 'de-DE')).toBe(AmountMessages.tooManyDecimals);
    expect(value('1.234', 'en-US')).toBe(AmountMessages.tooManyDecimals);
  });
});

describe('formatAmountInput', () => {
  it('writes two decimals with the locale mark', () => {
    expect(formatAmountInput(2.5, 'de-DE')).toBe('2,50');
    expect(formatAmountInput(1234.5, 'en-US')).toBe('1234.50');
  });
});

import { describe, expect, it } from '@jest/globals';
import { decideDateOrder } from './date-order.js';

describe('decideDateOrder', () => {
  it('follows another date on the receipt that reads one way only', () => {
    expect(decideDateOrder(['03/04/2024', 'Return by 05/28/2024'])).toMatchObject({
      order: 'mdy',
      from: 'receipt',
    });
    expect(decideDateOrder(['03/04/2024', 'Valid until 28/05/2024'])).toMatchObject({
      order: 'dmy',
      from: 'receipt',
    });
  });

  it('reads dotted dates as day first', () => {
    expect(decideDateOrder(['03.04.2024'], { currency: 'USD' }).order).toBe('dmy');
  });

  it('follows the printed country: a US state and ZIP, a European VAT number', () => {
    expect(decideDateOrder(['03/04/2024'], { country: 'US' })).toMatchObject({
      order: 'mdy',
      from: 'country',
      sure: true,
    });
    expect(decideDateOrder(['03/04/2024'], { country: 'GB', locale: 'en-US' }).order).toBe('dmy');
  });

  it('follows the currency before the account’s locale', () => {
    expect(decideDateOrder(['03/04/2024'], { currency: 'EUR', locale: 'en-US' })).toMatchObject({
      order: 'dmy',
      from: 'currency',
    });
    expect(decideDateOrder(['03/04/2024'], { currency: 'MYR' }).order).toBe('dmy');
  });

  it('lets the locale decide a bare dollar, and says it is unsure', () => {
    expect(decideDateOrder(['03/04/2024'], { currency: 'USD', locale: 'en-AU' })).toMatchObject({
      order: 'dmy',
      from: 'locale',
      sure: false,
    });
    expect(decideDateOrder(['03/04/2024'], { currency: 'USD' })).toMatchObject({
      order: 'mdy',
      sure: false,
    });
  });

  it('defaults to day first, unsure, without any evidence', () => {
    expect(decideDateOrder(['03/04/2024'])).toEqual({ order: 'dmy', from: 'default', sure: false });
  });
});

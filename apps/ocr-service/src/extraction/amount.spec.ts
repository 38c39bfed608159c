import { describe, expect, it } from '@jest/globals';
import { centsToNumber, findAmounts, parseMoney } from './amount.js';

const cents = (line: string) => findAmounts(line).map((a) => a.cents);

describe('findAmounts', () => {
  it.each([
    ['TOTAL 12.50', [1250]],
    ['TOTAL RM 1,234.56', [123456]],
    ['Summe 1.234,56', [123456]],
    ['Summe 8,47', [847]],
    ['TOTAL 9. 00', [900]],
    ['Total9.00', [900]],
    ['Rounding -0.01', [-1]],
    ['Discount 0.50-', [-50]],
    ['Rounding: -RM0.02', [-2]],
    ['Cheese Scone £2.95', [295]],
    ['TOTAL $5', [500]],
    ['BUKU 3.9O', [390]],
    ['2 x 3.50 7.00', [350, 700]],
    ['1 PC * 9.000 0.00 9.00', [0, 900]],
  ])('reads %s', (line, expected) => {
    expect(cents(line)).toEqual(expected);
  });

  it.each([
    'Date 25.12.2018',
    'Tel 03-89433143',
    'Invoice X51007846355',
    'GST @ 6%',
    'TOTAL QTY 3',
    'Qty 1 100',
  ])('finds no amount in %s', (line) => {
    expect(cents(line)).toEqual([]);
  });

  it('takes no opening hours for money, and keeps a discount before an amount', () => {
    expect(cents('ZILNIC 07.00-23.00')).toEqual([]);
    expect(cents('Mo-Fr 8.30 - 20.00')).toEqual([]);
    // Not a time range: the later time first, a trailing minus, a price.
    expect(cents('TOTAL 12.00-10.00')).toEqual([1200, 1000]);
    expect(cents('COUPON 0.50- 12.00')).toEqual([-50, 1200]);
  });

  it('skips a percentage but keeps the amount after it', () => {
    expect(cents('SALES TAX 8.25% 0.56')).toEqual([56]);
  });

  it('reports the printed currency', () => {
    expect(findAmounts('TOTAL RM12.30')[0].currency).toBe('RM');
  });
});

describe('findAmounts in every locale', () => {
  const withMark = (line: string, decimalMark: ',' | '.' | null) =>
    findAmounts(line.normalize('NFKC'), { decimalMark }).map((a) => [a.cents, a.currency]);

  it.each([
    ['SUMME EUR 24,23', ',', [[2423, 'EUR']]],
    ['Total TTC 1 234,56 €', ',', [[123456, '€']]],
    ['Total TTC 1\u202f234,56 €', ',', [[123456, '€']]],
    ['Totale complessivo 1.234,56', ',', [[123456, null]]],
    ["Total CHF 1'234.50", '.', [[123450, 'CHF']]],
    ['TOTAL $1,234.56', '.', [[123456, '$']]],
    ['Te betalen € 12,35', ',', [[1235, '€']]],
    ['Total 12,50€', ',', [[1250, '€']]],
    ['Valor total R$ 1.299,90', ',', [[129990, 'R$']]],
    ['TOTAL 5.00 USD', '.', [[500, 'USD']]],
    ['¥1,200', '.', [[120000, '¥']]],
    ['Total ₹ 450.00', '.', [[45000, '₹']]],
    // India groups by lakhs and crores above a hundred thousand.
    ['Total Amount ₹1,24,990.00', '.', [[12499000, '₹']]],
    ['Grand Total 12,34,567.50', '.', [[123456750, null]]],
    // Whole units with a dash for the cents, at the end of the line; not a list's number.
    ['SUM 65,-', ',', [[6500, null]]],
    ['Brød 45,- A', ',', [[4500, null]]],
    ['Total CHF 12.–', '.', [[1200, 'CHF']]],
    ['1.- TOSTADA 2,50', ',', [[250, null]]],
    ['Rabatt 0,50-', ',', [[-50, null]]],
    ['Leergut -1,50 A', ',', [[-150, null]]],
    ['Coupon (2.00)', '.', [[-200, null]]],
  ])('reads %s', (line, mark, expected) => {
    expect(withMark(line, mark as ',' | '.')).toEqual(expected);
  });

  it('reads "1.234" with a currency by the receipt’s decimal mark', () => {
    expect(withMark('EUR 1.234', ',')).toEqual([[123400, 'EUR']]);
    expect(withMark('EUR 1.234', '.')).toEqual([]);
  });

  it('takes a space as a thousands separator only where it can be one', () => {
    // A quantity and a price on a decimal-point receipt, a French total on a comma one.
    expect(withMark('2 120.00', '.')).toEqual([[12000, null]]);
    expect(withMark('2 120,00', ',')).toEqual([[212000, null]]);
  });

  it('finds no money in weights, quantities and addresses', () => {
    expect(withMark('Bananen 0,856 kg x 1,99 EUR/kg', ',')).toEqual([[199, 'EUR']]);
    expect(withMark('PT17920 SEK U9, SHAH ALAM', '.')).toEqual([]);
    expect(withMark('MARKT 12 KR', ',')).toEqual([]);
  });
});

describe('parseMoney', () => {
  it.each([
    ['9.00', 900],
    ['RM 29.70', 2970],
    ['$8.20', 820],
    ['43.7', 4370],
    ['100', 10000],
    ['n/a', null],
  ])('parses %s', (text, expected) => {
    expect(parseMoney(text)).toBe(expected);
  });
});

describe('centsToNumber', () => {
  it('gives two-decimal numbers without float drift', () => {
    expect(centsToNumber(10 + 20)).toBe(0.3);
    expect(centsToNumber(123456789)).toBe(1234567.89);
  });
});

describe('findAmounts in currencies of three decimals', () => {
  const fils = (line: string, decimalMark: ',' | '.' | null = null) =>
    findAmounts(line, { decimalMark, thousandths: true }).map((a) => a.cents);

  it.each([
    // Kuwait, Bahrain, Oman, Jordan print a point; Tunisia a comma. Cents rounded from the fils.
    ['TOTAL KD 1.600', null, [160]],
    ['Total 12.350 KWD', '.', [1235]],
    ['TOTAL 1.625 R.O.', null, [163]],
    ['Total BD 1,234.500', '.', [123_450]],
    ['TOTAL 1,600 DT', ',', [160]],
    ['Net à payer 1.234,500', ',', [123_450]],
    ['Total 1 234,500 DT', ',', [123_450]],
    // Two decimals are still read as two.
    ['Total JD 3.25', null, [325]],
    ['Bread 0.350 Milk 1.250', null, [35, 125]],
  ])('reads %s', (line, mark, expected) => {
    expect(fils(line, mark as ',' | '.' | null)).toEqual(expected);
  });

  it('reads the same line in a two-decimal currency as thousands, never as fils', () => {
    expect(findAmounts('TOTAL 1,600.00').map((a) => a.cents)).toEqual([160_000]);
    expect(fils('TOTAL 1,600.00', '.')).toEqual([160_000]);
  });
});

describe('findAmounts in currencies without minor units', () => {
  const whole = (line: string, decimalMark: ',' | '.' | null = null) =>
    findAmounts(line.normalize('NFKC'), { decimalMark, wholeUnits: true }).map((a) => a.cents);

  it.each([
    // Dot thousands (VND, IDR, CLP, COP), comma thousands (KRW, JPY), space thousands (HUF).
    ['TONG CONG 421.000', '.', [42_100_000]],
    ['Thanh tien 145.000 đ', null, [14_500_000]],
    ['TOTAL 52,000', '.', [5_200_000]],
    ['Total $ 28.861', ',', [2_886_100]],
    ['Összesen 35 000 Ft', ',', [3_500_000]],
    ['TOTAL 30000. Rp', null, [3_000_000]],
    ['합계 ₩22,670', null, [2_267_000]],
    ['合計 ¥16,300', null, [1_630_000]],
    ['TOTAL COP 100.300', null, [10_030_000]],
    // Two decimals after the last mark are still decimals.
    ['TOTAL 44,900.00', '.', [4_490_000]],
    // OCR's O for a 0 in the thousands group.
    ['Thanh toán 914.40O', '.', [91_440_000]],
    ['TOTAL $ 836.4OO', ',', [83_640_000]],
  ])('reads %s', (line, mark, expected) => {
    expect(whole(line, mark as ',' | '.' | null)).toEqual(expected);
  });

  it.each([
    'Tel 0274-123456',
    'Date 31/03/2019',
    'Time 10:45',
    'Bill #1234',
    'Qty 2',
    'Weight 0.500 kg',
    // No cents to print: OCR's "305,000" cut short, not 305.60 đ.
    'TOTAL 305,60',
    'Thanh tien 45.50 đ',
  ])('finds no amount in %s', (line) => {
    expect(whole(line)).toEqual([]);
  });

  it('leaves "421.000" alone on a receipt with cents (a weight, not money)', () => {
    expect(findAmounts('TOTAL 421.000', { decimalMark: '.' })).toEqual([]);
  });
});

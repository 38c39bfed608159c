import { describe, expect, it } from '@jest/globals';
import { TaxMessages, sumTaxLines, taxProblem } from './tax.js';

const line = (rate: number | null, tax: number, net: number | null, gross: number | null) => ({
  rate,
  tax,
  net,
  gross,
});

describe('the tax rule', () => {
  it('accepts a VAT table that adds up, and an unknown tax', () => {
    const lines = [line(19, 3.87, 20.36, 24.23), line(7, 0.74, 10.58, 11.32)];
    expect(taxProblem(35.55, 4.61, lines)).toBeNull();
    expect(taxProblem(35.55, null, null)).toBeNull();
    expect(taxProblem(10.89, 0.89, [line(null, 0.89, null, null)])).toBeNull();
    expect(sumTaxLines(lines)).toBe(4.61);
    expect(sumTaxLines(null)).toBeNull();
  });

  it('refuses tax above the total, bad rates and sums that do not add up', () => {
    expect(taxProblem(10, 10.01, null)).toBe(TaxMessages.moreThanTotal);
    expect(taxProblem(10, -1, null)).toBe(TaxMessages.amount);
    expect(taxProblem(10, 0.005, null)).toBe(TaxMessages.amount);
    expect(taxProblem(10, 1, [line(120, 1, null, null)])).toBe(TaxMessages.rate);
    expect(taxProblem(10, 1, [line(-5, 1, null, null)])).toBe(TaxMessages.rate);
    expect(taxProblem(30, 3.87, [line(19, 3.87, 20.36, 24.24)])).toBe(TaxMessages.netPlusTax);
    expect(taxProblem(30, 4, [line(19, 3.87, 20.36, 24.23)])).toBe(TaxMessages.sumOfLines);
    expect(taxProblem(20, 3.87, [line(19, 3.87, 20.36, 24.23)])).toBe(
      TaxMessages.grossMoreThanTotal,
    );
    expect(
      taxProblem(
        20,
        1,
        Array.from({ length: 11 }, () => line(1, 0, null, null)),
      ),
    ).toBe(TaxMessages.lines);
  });
});

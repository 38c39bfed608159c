import {
  CALIBRATION,
  calibrated,
  confidenceFor,
  dateBasis,
  measuredConfidence,
  totalBasis,
  vendorBasis,
} from './calibration.js';

describe('calibration', () => {
  it('smooths a measured share towards even odds', () => {
    expect(measuredConfidence(0, 0)).toBe(0.5);
    expect(measuredConfidence(1, 1)).toBe(0.67);
    expect(measuredConfidence(98, 98)).toBe(0.99);
    expect(measuredConfidence(1, 8)).toBe(0.2);
  });

  it('gives a kind never measured an even chance, so its field goes to review', () => {
    expect(calibrated('vendor', 'a kind nobody measured')).toBe(0.5);
    expect(confidenceFor({ vendor: {}, total: { x: 0.9 }, date: {} }, 'total', 'x')).toBe(0.9);
  });

  it('holds a confidence between 0 and 1 for every kind it names', () => {
    for (const table of Object.values(CALIBRATION)) {
      for (const confidence of Object.values(table)) {
        expect(confidence).toBeGreaterThan(0);
        expect(confidence).toBeLessThan(1);
      }
    }
  });

  it('names the total by its label, a second reading, a rival and the line', () => {
    const evidence = {
      labelled: true,
      backed: true,
      contested: false,
      itemAbove: false,
      lineConfidence: 0.9,
    };
    expect(totalBasis(evidence)).toBe('labelled, backed');
    expect(
      totalBasis({ ...evidence, labelled: false, backed: false, contested: true, itemAbove: true }),
    ).toBe('unlabelled, alone, contested, item above');
    expect(totalBasis({ ...evidence, lineConfidence: 0.4 })).toBe('labelled, backed, faint line');
    expect(totalBasis({ ...evidence, lineConfidence: null })).toBe('labelled, backed');
  });

  it('names the date by how its order was settled and how it was read', () => {
    const evidence = {
      order: 'unambiguous' as const,
      repaired: false,
      compact: false,
      lineConfidence: null,
    };
    expect(dateBasis(evidence)).toBe('date');
    expect(dateBasis({ ...evidence, order: 'default' })).toBe('date, order default');
    expect(dateBasis({ ...evidence, compact: true, lineConfidence: 0.5 })).toBe(
      'date, compact stamp, faint line',
    );
  });

  it('names the vendor by its rule and the line', () => {
    expect(vendorBasis('brand', 0.95)).toBe('brand');
    expect(vendorBasis('top line', 0.3)).toBe('top line, faint line');
  });
});

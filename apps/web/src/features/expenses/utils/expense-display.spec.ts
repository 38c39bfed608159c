import { describe, expect, it } from '@jest/globals';
import { addTag, confidenceLevel, entityTone } from './expense-display';

describe('confidenceLevel', () => {
  it('is high from 85%, medium from 70%, low below', () => {
    expect(confidenceLevel(0.85)).toBe('high');
    expect(confidenceLevel(0.849)).toBe('medium');
    expect(confidenceLevel(0.7)).toBe('medium');
    expect(confidenceLevel(0.69)).toBe('low');
  });
});

describe('entityTone', () => {
  const entities = ['Personal', 'Acme Consulting', 'Side Studio', 'Harbor', 'North'].map(
    (name, index) => ({ id: String(index), name, description: null }),
  );

  it('colours business entities blue, purple, green in order, Personal and Unassigned gray', () => {
    expect(entityTone('Acme Consulting', entities)).toBe('blue');
    expect(entityTone('side studio', entities)).toBe('purple');
    expect(entityTone('Harbor', entities)).toBe('green');
    expect(entityTone('North', entities)).toBe('blue');
    expect(entityTone('Personal', entities)).toBe('gray');
    expect(entityTone(null, entities)).toBe('gray');
    expect(entityTone('Gone Inc', entities)).toBe('gray');
  });
});

describe('addTag', () => {
  it('trims, ignores blanks and duplicates in any case, and stops at five', () => {
    expect(addTag(['Travel'], '  Meals ')).toEqual(['Travel', 'Meals']);
    expect(addTag(['Travel'], 'travel')).toEqual(['Travel']);
    expect(addTag(['Travel'], '   ')).toEqual(['Travel']);
    expect(addTag(['a', 'b', 'c', 'd', 'e'], 'f')).toEqual(['a', 'b', 'c', 'd', 'e']);
  });
});

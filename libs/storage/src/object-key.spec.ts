import { describe, expect, it } from '@jest/globals';
import { assertValidObjectKey } from './object-key.js';
import { InvalidObjectKeyError } from './object-storage.errors.js';

describe('assertValidObjectKey', () => {
  it.each([
    'receipts/2f1c/8e0f6b1e-8d6c-4c3e-9d1a-0b6f7e2a9c11.jpg',
    'exports/u1/expenses-2024-01.csv',
    'a.jpg',
    'receipts/u1/.hidden',
    'receipts/u1/..jpg',
  ])('accepts %j', (key) => {
    expect(() => assertValidObjectKey(key)).not.toThrow();
  });

  it.each([
    ['', /empty/],
    ['/etc/passwd', /absolute/],
    ['receipts/../../etc/passwd', /"\.\." segment/],
    ['receipts/./a.jpg', /"\." segment/],
    ['receipts\\a.jpg', /backslash/],
    ['receipts//a.jpg', /empty segment/],
    ['receipts/', /empty segment/],
    ['receipts/a\n.jpg', /control character/],
    ['receipts/a.jpg.meta.json', /reserved suffix/],
    [`receipts/${'x'.repeat(1020)}`, /longer than 1024 bytes/],
  ])('refuses %j', (key, reason) => {
    expect(() => assertValidObjectKey(key)).toThrow(InvalidObjectKeyError);
    expect(() => assertValidObjectKey(key)).toThrow(reason);
  });

  it('counts the limit in bytes, as S3 does', () => {
    expect(() => assertValidObjectKey('é'.repeat(512))).not.toThrow();
    expect(() => assertValidObjectKey('é'.repeat(513))).toThrow(/longer than 1024 bytes/);
  });
});

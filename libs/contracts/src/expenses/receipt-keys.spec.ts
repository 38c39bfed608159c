import { describe, expect, it } from '@jest/globals';
import { isReceiptKeyOf, receiptKeyPrefix } from './receipt-keys.js';

const owner = '6f1c2d3e-4a5b-4c6d-8e7f-0a1b2c3d4e5f';
const other = '0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d';

describe('receipt keys', () => {
  it('puts a user’s receipts in their own folder', () => {
    expect(receiptKeyPrefix(owner)).toBe(`receipts/${owner}/`);
  });

  it.each([
    [`receipts/${owner}/7c9e6679-7425-40de-944b-e07fc1f90ae7.jpg`, 'an upload'],
    [`receipts/${owner}/mail-7c9e6679-7425-40de-944b-e07fc1f90ae7-0.pdf`, 'a mailed file'],
    [`receipts/${owner}/mail-7c9e6679-7425-40de-944b-e07fc1f90ae7-0.txt`, 'a mailed text'],
  ])('accepts %s (%s)', (key) => {
    expect(isReceiptKeyOf(owner, key)).toBe(true);
  });

  it.each([
    [`receipts/${other}/a.jpg`, 'another user’s file'],
    [`receipts/${owner}`, 'the folder itself'],
    [`receipts/${owner}/`, 'the folder with its slash'],
    [`receipts/${owner}/../${other}/a.jpg`, 'a way out of the folder'],
    [`receipts/${owner}/sub/a.jpg`, 'a file in a further folder'],
    [`receipts/${owner}/.hidden.jpg`, 'a dot file'],
    [`receipts/${owner}/a.jpg.meta.json`, 'a sidecar'],
    [`receipts/${owner}/a.exe`, 'a type that is not a receipt'],
    [`mail/2026/11/29/${owner}.eml`, 'raw mail'],
    [`exports/${owner}/a.pdf`, 'a receipt PDF'],
    [`receipts/${owner}/a.jpg\n`, 'a control character'],
  ])('refuses %j (%s)', (key) => {
    expect(isReceiptKeyOf(owner, key)).toBe(false);
  });

  it('refuses every key for an empty or odd user id', () => {
    expect(isReceiptKeyOf('', 'receipts//a.jpg')).toBe(false);
    expect(isReceiptKeyOf(`${owner}/x`, `receipts/${owner}/x/a.jpg`)).toBe(false);
  });
});

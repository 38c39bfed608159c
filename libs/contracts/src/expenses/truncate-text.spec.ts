import { describe, expect, it } from '@jest/globals';
import { MAIL_HEADER_MAX_LENGTH, truncateText } from './receipt.messages.js';

describe('truncateText', () => {
  it('keeps a text at or under the limit as it is', () => {
    expect(truncateText('Your receipt', 12)).toBe('Your receipt');
    expect(truncateText('', 5)).toBe('');
  });

  it('cuts a longer text to the limit, ending in an ellipsis', () => {
    const cut = truncateText('x'.repeat(MAIL_HEADER_MAX_LENGTH + 100), MAIL_HEADER_MAX_LENGTH);

    expect(cut).toHaveLength(MAIL_HEADER_MAX_LENGTH);
    expect(cut.endsWith('x…')).toBe(true);
  });

  it('never splits a character outside the BMP (a surrogate pair)', () => {
    const cut = truncateText(`abc😀😀😀`, 5);

    expect(cut).toBe('abc😀…');
    expect(Array.from(cut)).toHaveLength(5);
  });
});

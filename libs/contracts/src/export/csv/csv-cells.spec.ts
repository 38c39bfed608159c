import { textCell } from './csv-cells.js';

describe('textCell', () => {
  it.each(['=SUM(A1)', '+1', '-2', '@cmd', '\tx', '\rx', '\0x'])('prefixes %j', (text) => {
    expect(textCell(text)).toBe(`'${text}`);
  });

  it.each(['Café ☕', 'a=b', "'quoted", ''])('keeps %j', (text) => {
    expect(textCell(text)).toBe(text);
  });

  it('writes null as empty', () => {
    expect(textCell(null)).toBe('');
  });
});

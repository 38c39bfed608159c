import { parse } from 'csv-parse/sync';
import { csvField, csvRecord } from './csv-records.js';

/** Fields that break naive CSV writers. */
const nasty = [
  'Smith, Jones & Co',
  'The "Best" Diner',
  'Line one\nLine two',
  'Carriage\r\nreturn',
  'lone\rcarriage',
  '"',
  '""',
  ',',
  'Café Zoë ☕ 🍕 日本',
  '\'=HYPERLINK("http://evil.example","click")',
  ' spaced , "both" \n',
  '',
];

describe('csvField', () => {
  it.each(['plain', '12.50', 'Café ☕', "'=1+1", ' padded ', '', 'a;b'])(
    'leaves %j as it is',
    (text) => {
      expect(csvField(text)).toBe(text);
    },
  );

  it.each([
    ['a,b', '"a,b"'],
    ['say "hi"', '"say ""hi"""'],
    ['two\nlines', '"two\nlines"'],
    ['cr\rhere', '"cr\rhere"'],
    ['crlf\r\n', '"crlf\r\n"'],
    ['"', '""""'],
  ])('quotes %j as %j', (text, quoted) => {
    expect(csvField(text)).toBe(quoted);
  });
});

describe('csvRecord', () => {
  it('joins fields with commas and ends the record with CRLF', () => {
    expect(csvRecord(['Date', 'Vendor', 'Amount'])).toBe('Date,Vendor,Amount\r\n');
    expect(csvRecord(['', '', ''])).toBe(',,\r\n');
    expect(csvRecord(['only'])).toBe('only\r\n');
  });

  it('round-trips every field through a strict RFC 4180 reader', () => {
    const records = nasty.map((field, index) => [String(index), field, nasty.at(-1 - index)!]);
    const text = records.map(csvRecord).join('');
    const read: string[][] = parse(text, {
      record_delimiter: ['\r\n'],
      relax_quotes: false,
      relax_column_count: false,
      skip_empty_lines: false,
    });
    expect(read).toEqual(records);
  });
});

import { csvField, toCsv } from './reports-csv';

describe('CSV export', () => {
  it('quotes commas, quotes and line breaks, doubles quotes, and defuses formulas', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField(12.5)).toBe('12.5');
    expect(csvField(null)).toBe('');
    expect(csvField('Tires, Inc.')).toBe('"Tires, Inc."');
    expect(csvField('The "best"')).toBe('"The ""best"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csvField('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvField('-5')).toBe("'-5");
  });

  it('writes the header and every row, CRLF-separated', () => {
    expect(toCsv(['Date', 'Revenue'], [['2026-03-10', 90], ['2026-03-11', 0]])).toBe('Date,Revenue\r\n2026-03-10,90\r\n2026-03-11,0\r\n');
  });
});

import { describe, expect, it } from 'vitest';
import { csvCell, toCsv } from '../../../src/shared/csv';

describe('CSV export', () => {
  it('quotes commas, quotes and line breaks', () => {
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell(null)).toBe('');
  });

  it('defuses formulas but keeps numbers, negative ones too', () => {
    expect(csvCell('=HYPERLINK("http://x")')).toBe('"\'=HYPERLINK(""http://x"")"');
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('+1+1')).toBe("'+1+1");
    expect(csvCell('-5.00')).toBe('-5.00');
    expect(csvCell(12)).toBe('12');
  });

  it('writes a BOM, CRLF rows and a final line break', () => {
    expect(
      toCsv([
        ['day', 'amount'],
        ['2026-11-24', '10.50'],
      ]),
    ).toBe('\uFEFFday,amount\r\n2026-11-24,10.50\r\n');
  });
});

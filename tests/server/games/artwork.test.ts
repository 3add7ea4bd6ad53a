import { describe, expect, it } from 'vitest';
import { vendorEntry, wrap } from '../../../server/http/games/artwork';

/** The text lines of generated SVG, with their font sizes. */
function texts(svg: string): { size: number; text: string }[] {
  return [...svg.matchAll(/<text [^>]*font-size="(\d+)"[^>]*>([^<]*)<\/text>/g)].map((match) => ({
    size: Number(match[1]),
    text: match[2]!,
  }));
}

describe('generated artwork', () => {
  it('a vendor entry keeps its name within the middle 220 px a phone tile shows', () => {
    for (const name of [
      'PG',
      'Vietnam Lottery',
      'Evolution Gaming Live Casino',
      'Supercalifragilistic',
    ]) {
      const lines = texts(vendorEntry('X', name, 'LOTT'));
      expect(lines.length, name).toBeGreaterThan(0);
      expect(lines.length, name).toBeLessThanOrEqual(2);
      for (const line of lines) {
        // About 0.62 em a bold character: the widest line fits 220 px.
        expect(line.text.length * line.size * 0.62, `${name}: ${line.text}`).toBeLessThanOrEqual(
          220,
        );
      }
    }
  });

  it('shows no category code (LOTT is the page, not the picture)', () => {
    expect(texts(vendorEntry('TCG', 'TCG Lottery', 'LOTT')).map((line) => line.text)).toEqual([
      'TCG Lottery',
    ]);
  });

  it('wraps greedily and cuts the last line with an ellipsis', () => {
    expect(wrap('Vietnam Lottery', 12, 2)).toEqual(['Vietnam', 'Lottery']);
    expect(wrap('one two three four five', 7, 2)).toEqual(['one two', 'three…']);
  });
});

import { describe, expect, it } from 'vitest';
import {
  displayTiers,
  drawVnResult,
  isVnResult,
  lineHits,
  lineProblem,
  lineWin,
  loNumbers,
  oddsText,
  prizeCount,
  VN_BET_TYPES,
  type VnFormat,
  type VnLine,
  type VnResult,
} from '../../../src/shared/vnLotto';

/** n choose k. */
const choose = (n: number, k: number): number =>
  k === 0 ? 1 : (choose(n, k - 1) * (n - k + 1)) / k;

/**
 * The exact chance that a bet type's line wins (for lô: the expected number of matching prizes)
 * when every prize's digits are drawn uniformly, as the server draws them.
 */
function expectedHits(betType: string, format: VnFormat): number {
  const slots = prizeCount(format);
  switch (betType) {
    case 'lo2':
      return slots / 100;
    case 'de':
      return 1 / 100;
    case 'bacang':
      return 1 / 1000;
    default: {
      // Xiên k: all k distinct numbers among the slots' last two digits, by inclusion-exclusion.
      const k = Number(betType.slice(4));
      let p = 0;
      for (let j = 0; j <= k; j += 1) p += (-1) ** j * choose(k, j) * ((100 - j) / 100) ** slots;
      return p;
    }
  }
}

describe('the Vietnam lottery paytable and draws', () => {
  it('leaves the house an edge on every bet type in both formats: RTP between 92 % and 96 %', () => {
    for (const format of ['north', 'south'] as const) {
      for (const shape of VN_BET_TYPES) {
        const rtp = (shape.payout[format] / 100) * expectedHits(shape.betType, format);
        expect(rtp, `${shape.betType} ${format}`).toBeGreaterThanOrEqual(0.92);
        expect(rtp, `${shape.betType} ${format}`).toBeLessThanOrEqual(0.96);
      }
    }
  });

  it('draws every tier of its format, 27 numbers in the north and 18 elsewhere', () => {
    let digit = 0;
    const counter = () => (digit++ * 7) % 10;
    for (const [format, count] of [
      ['north', 27],
      ['south', 18],
    ] as const) {
      const result = drawVnResult(format, counter);
      expect(isVnResult(format, result)).toBe(true);
      expect(loNumbers(result)).toHaveLength(count);
      expect(prizeCount(format)).toBe(count);
    }
    expect(isVnResult('north', drawVnResult('south', counter))).toBe(false);
    expect(isVnResult('north', [{ tier: 'DB', numbers: ['1'] }])).toBe(false);
    // The south's results table reads from the eighth prize down to the special prize.
    expect(displayTiers('south')[0]!.tier).toBe('G8');
    expect(displayTiers('north')[0]!.tier).toBe('DB');
  });

  it('counts hits as the rules say', () => {
    const result: VnResult = [
      { tier: 'DB', numbers: ['123456'] },
      { tier: 'G1', numbers: ['00056'] },
      { tier: 'G2', numbers: ['11111'] },
      { tier: 'G3', numbers: ['22222', '33333'] },
      { tier: 'G4', numbers: ['40000', '40001', '40002', '40003', '40004', '40005', '40006'] },
      { tier: 'G5', numbers: ['5000'] },
      { tier: 'G6', numbers: ['6000', '6001', '6002'] },
      { tier: 'G7', numbers: ['756'] },
      { tier: 'G8', numbers: ['22'] },
    ];
    const hits = (betType: VnLine['betType'], numbers: string[]) =>
      lineHits({ betType, numbers }, result);
    expect(hits('lo2', ['56'])).toBe(3);
    expect(hits('lo2', ['57'])).toBe(0);
    expect(hits('de', ['56'])).toBe(1);
    expect(hits('de', ['45'])).toBe(0);
    expect(hits('bacang', ['456'])).toBe(1);
    expect(hits('bacang', ['056'])).toBe(0);
    // Xiên: every number out, once is enough; a win is paid once.
    expect(hits('xien2', ['56', '22'])).toBe(1);
    expect(hits('xien3', ['56', '22', '01'])).toBe(1);
    expect(hits('xien4', ['56', '22', '01', '99'])).toBe(0);
    expect(lineWin(200n, 350, 3)).toBe(2100n);
    expect(lineWin(1n, 350, 1)).toBe(3n);
  });

  it('says what is wrong with a line', () => {
    const line = (partial: Partial<VnLine>): VnLine => ({
      betType: 'lo2',
      numbers: ['27'],
      unit: '1.00',
      multiplier: 1,
      ...partial,
    });
    expect(lineProblem(line({}))).toBeNull();
    expect(lineProblem(line({ numbers: ['2'] }))).toBe('lotto_numbers_invalid');
    expect(lineProblem(line({ betType: 'bacang' }))).toBe('lotto_numbers_invalid');
    expect(lineProblem(line({ betType: 'bacang', numbers: ['027'] }))).toBeNull();
    expect(lineProblem(line({ betType: 'xien2', numbers: ['27', '27'] }))).toBe(
      'lotto_numbers_invalid',
    );
    expect(lineProblem(line({ multiplier: 0 }))).toBe('bet_invalid');
    expect(lineProblem(line({ multiplier: 1.5 }))).toBe('bet_invalid');
    expect(lineProblem(line({ betType: 'nope' as VnLine['betType'] }))).toBe(
      'lotto_numbers_invalid',
    );
    expect([oddsText(350), oddsText(9500), oddsText(1725)]).toEqual(['3.5', '95', '17.25']);
  });
});

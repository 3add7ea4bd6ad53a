import { describe, expect, it } from 'vitest';
import {
  drawBetShapes,
  drawKindOf,
  drawLineHits,
  drawLineProblem,
  drawPayout,
} from '../../../src/shared/drawBets';
import { drawShapeOf, drawShapes } from '../../../src/shared/lottery';
import { vnFormatOf } from '../../../src/shared/vnLotto';

/** Every group but the Vietnamese ones (src/shared/vnLotto.ts), and a group not listed. */
const GROUPS = [...Object.keys(drawShapes).filter((group) => !vnFormatOf(group)), 'OTHER'];

/** Every outcome of `count` numbers from min to max (distinct and in any order, or not). */
function* outcomes(
  count: number,
  min: number,
  max: number,
  distinct: boolean,
): Generator<number[]> {
  if (count === 0) {
    yield [];
    return;
  }
  for (const rest of outcomes(count - 1, min, max, distinct)) {
    for (let number = min; number <= max; number += 1) {
      if (distinct && (rest.includes(number) || (rest.length > 0 && number < rest.at(-1)!))) {
        continue;
      }
      yield [...rest, number];
    }
  }
}

describe('the scheduled lotteries’ bet types (issue 34, finding 4)', () => {
  it('gives every group bet types fit for its draw', () => {
    const types = (group: string) => drawBetShapes(drawShapeOf(group)).map((s) => s.betType);
    expect(types('SSC')).toEqual(['digit', 'last2', 'bigSmall']);
    expect(types('FOUR_D')).toEqual(['digit', 'last2', 'bigSmall']);
    expect(types('K3')).toEqual(['diceSum', 'diceBigSmall', 'diceNumber']);
    expect(types('DICE')).toEqual(['diceSum', 'diceBigSmall', 'diceNumber']);
    expect(types('PK10')).toEqual(['car']);
    for (const group of ['11X5', 'LOTTO', 'KENO']) expect(types(group)).toEqual(['ball']);
    expect(drawKindOf(drawShapeOf('OTHER'))).toBe('digits');
    expect(drawBetShapes(drawShapeOf('THAI'))[0]!.positions).toBe(6);
    expect(drawBetShapes(drawShapeOf('PK10'))[0]!.positions).toBe(10);
  });

  it('keeps every bet of every group between 92 % and 96 % return to player, exactly', () => {
    for (const group of GROUPS) {
      for (const shape of drawBetShapes(drawShapeOf(group))) {
        for (const value of shape.values) {
          const { wins, of } = shape.chance(value);
          const payout = drawPayout(shape, value);
          // RTP = payout/100 × wins/of, compared as integers: 92/100 ≤ RTP ≤ 96/100.
          const rtpTimes100 = BigInt(payout * wins);
          const label = `${group} ${shape.betType} ${value}: ${payout}/100 × ${wins}/${of}`;
          expect(rtpTimes100 * 100n >= 92n * 100n * BigInt(of), label).toBe(true);
          expect(rtpTimes100 * 100n <= 96n * 100n * BigInt(of), label).toBe(true);
        }
      }
    }
  });

  it('states the chances the draws really give, by counting every outcome', () => {
    // Three dice (216 throws), a three-digit draw (1000) and 11 pick 5 (462 draws): each bet's
    // winning outcomes counted with the settlement's own check.
    for (const group of ['K3', 'BALLS', '11X5']) {
      const draw = drawShapeOf(group);
      const all = [...outcomes(draw.count, draw.min, draw.max, draw.distinct)];
      for (const shape of drawBetShapes(draw)) {
        for (const position of shape.positions ? [1, shape.positions] : [undefined]) {
          for (const value of shape.values) {
            const wins = all.filter((drawn) =>
              drawLineHits({ betType: shape.betType, position, numbers: [value] }, drawn),
            ).length;
            const chance = shape.chance(value);
            expect(wins * chance.of, `${group} ${shape.betType} ${value}`).toBe(
              chance.wins * all.length,
            );
          }
        }
      }
    }
  });

  it('pays the odds the players know: 9.5 on a digit, 95 on the last two, 68.4 on a dice sum of 4', () => {
    const odds = (group: string, betType: string, value: string) => {
      const shape = drawBetShapes(drawShapeOf(group)).find((s) => s.betType === betType)!;
      return drawPayout(shape, value);
    };
    expect(odds('SSC', 'digit', '7')).toBe(950);
    expect(odds('SSC', 'last2', '27')).toBe(9_500);
    expect(odds('SSC', 'bigSmall', 'big')).toBe(190);
    expect(odds('K3', 'diceSum', '4')).toBe(6_840);
    expect(odds('K3', 'diceSum', '10')).toBe(760);
    expect(odds('K3', 'diceBigSmall', 'big')).toBe(195);
    expect(odds('K3', 'diceNumber', '6')).toBe(225);
    expect(odds('PK10', 'car', '3')).toBe(950);
    expect(odds('11X5', 'ball', '3')).toBe(209);
    expect(odds('LOTTO', 'ball', '49')).toBe(775);
    expect(odds('KENO', 'ball', '80')).toBe(380);
  });

  it('checks a line against the drawn numbers', () => {
    const hits = (betType: never, numbers: string[], drawn: number[], position?: number) =>
      drawLineHits({ betType, numbers, position }, drawn);
    expect(hits('digit' as never, ['7'], [1, 7, 3, 4, 5], 2)).toBe(1);
    expect(hits('digit' as never, ['7'], [1, 7, 3, 4, 5], 1)).toBe(0);
    expect(hits('last2' as never, ['45'], [1, 7, 3, 4, 5])).toBe(1);
    expect(hits('bigSmall' as never, ['big'], [1, 7, 3, 4, 5], 2)).toBe(1);
    expect(hits('bigSmall' as never, ['small'], [1, 7, 3, 4, 5], 5)).toBe(0);
    expect(hits('diceSum' as never, ['11'], [5, 5, 1])).toBe(1);
    expect(hits('diceBigSmall' as never, ['big'], [5, 5, 1])).toBe(1);
    expect(hits('diceBigSmall' as never, ['big'], [5, 5, 5])).toBe(0);
    expect(hits('diceNumber' as never, ['1'], [5, 5, 1])).toBe(1);
    expect(hits('car' as never, ['3'], [3, 1, 2, 4, 5, 6, 7, 8, 9, 10], 1)).toBe(1);
    expect(hits('ball' as never, ['11'], [1, 3, 5, 7, 11])).toBe(1);
  });

  it('refuses a line that names what its group does not offer', () => {
    const problem = (group: string, line: Record<string, unknown>) =>
      drawLineProblem(group, { multiplier: 1, ...line } as never, 100);
    expect(problem('SSC', { betType: 'digit', position: 5, numbers: ['9'] })).toBeNull();
    expect(problem('SSC', { betType: 'digit', position: 6, numbers: ['9'] })).toBe(
      'lotto_numbers_invalid',
    );
    expect(problem('SSC', { betType: 'digit', numbers: ['9'] })).toBe('lotto_numbers_invalid');
    expect(problem('SSC', { betType: 'last2', position: 1, numbers: ['09'] })).toBe(
      'lotto_numbers_invalid',
    );
    expect(problem('SSC', { betType: 'last2', numbers: ['9'] })).toBe('lotto_numbers_invalid');
    expect(problem('SSC', { betType: 'ball', numbers: ['9'] })).toBe('lotto_numbers_invalid');
    expect(problem('K3', { betType: 'diceSum', numbers: ['3'] })).toBe('lotto_numbers_invalid');
    expect(problem('K3', { betType: 'diceSum', numbers: ['17'] })).toBeNull();
    expect(problem('KENO', { betType: 'ball', numbers: ['81'] })).toBe('lotto_numbers_invalid');
    expect(problem('KENO', { betType: 'ball', numbers: ['80', '79'] })).toBe(
      'lotto_numbers_invalid',
    );
    expect(problem('KENO', { betType: 'ball', numbers: ['80'], multiplier: 101 })).toBe(
      'bet_invalid',
    );
  });
});

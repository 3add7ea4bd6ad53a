import { randomInt } from 'node:crypto';
import type { DrawShape } from '../../../../src/shared/lottery';

/**
 * One draw's numbers (issue 16), from `node:crypto` like every other outcome of the demo
 * vendor. Distinct draws take from a shrinking pool (a fair partial shuffle); the others draw
 * each number on its own.
 */
export function drawNumbers(shape: DrawShape): number[] {
  if (!shape.distinct) {
    return Array.from({ length: shape.count }, () => randomInt(shape.min, shape.max + 1));
  }
  const pool = Array.from({ length: shape.max - shape.min + 1 }, (_, i) => shape.min + i);
  const drawn: number[] = [];
  for (let i = 0; i < shape.count; i += 1) {
    const pick = randomInt(i, pool.length);
    [pool[i], pool[pick]] = [pool[pick]!, pool[i]!];
    drawn.push(pool[i]!);
  }
  return drawn;
}

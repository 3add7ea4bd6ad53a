import { describe, expect, it } from 'vitest';
import { drawNumbers } from '../../../server/domain/games/lottery/drawNumbers';
import { drawShapeOf, drawShapes, periodAt, periodStarting } from '../../../src/shared/lottery';

describe('draw periods', () => {
  it('names a period by its UTC day and its place in the day, from 1', () => {
    const at = new Date('2026-11-26T00:00:30Z');
    expect(periodAt(60, at)).toEqual({
      numero: '20261126-0001',
      opensAt: new Date('2026-11-26T00:00:00Z'),
      closesAt: new Date('2026-11-26T00:01:00Z'),
    });
    expect(periodAt(300, new Date('2026-11-26T23:59:59Z')).numero).toBe('20261126-0288');
    expect(periodAt(60, new Date('2026-11-26T23:59:59Z')).numero).toBe('20261126-1440');
  });

  it('starts the next day at 0001, and periods follow each other without gaps', () => {
    const last = periodAt(300, new Date('2026-11-26T23:58:00Z'));
    const next = periodStarting(300, last.closesAt.getTime() / 1000);
    expect(next.numero).toBe('20261127-0001');
    expect(next.opensAt).toEqual(last.closesAt);
  });
});

describe('drawn numbers', () => {
  it('have the shape of their group, distinct where the group draws without repeats', () => {
    for (const [group, shape] of Object.entries(drawShapes)) {
      for (let round = 0; round < 50; round += 1) {
        const numbers = drawNumbers(shape);
        expect(numbers, group).toHaveLength(shape.count);
        for (const n of numbers) expect(n >= shape.min && n <= shape.max, group).toBe(true);
        if (shape.distinct) expect(new Set(numbers).size, group).toBe(shape.count);
      }
    }
  });

  it('reach every value of their range (a fair pick, not a fixed subset)', () => {
    const seen = new Set<number>();
    for (let round = 0; round < 400; round += 1)
      for (const n of drawNumbers(drawShapes.PK10!)) seen.add(n);
    expect([...seen].sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    // A permutation: the order changes from draw to draw.
    const orders = new Set(Array.from({ length: 20 }, () => drawNumbers(drawShapes.PK10!).join()));
    expect(orders.size).toBeGreaterThan(1);
  });

  it('draw five digits for a group without a shape of its own', () => {
    expect(drawShapeOf('UNKNOWN')).toEqual({ count: 5, min: 0, max: 9, distinct: false });
  });
});

import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { drawRaffle, type Hmac, raffleEntryList } from '../../../src/shared/raffle';

const hmac: Hmac = (seedHex, message) =>
  BigInt(`0x${createHmac('sha256', Buffer.from(seedHex, 'hex')).update(message).digest('hex')}`);

/** Issue 28, finding 10: the committed seed is not the draw's only entropy. */
describe('a raffle draw mixes in the final entry list', () => {
  const seed = 'ab'.repeat(32);
  const prizes = [{ amount: '10.00', count: 1 }];

  it('keys every award on the seed and the final list, so the seed alone decides nothing', () => {
    const asked: string[] = [];
    const spy: Hmac = (key, message) => {
      asked.push(message);
      return hmac(key, message);
    };
    const entries = [
      { entry: '7', tickets: 2 },
      { entry: '3', tickets: 1 },
      { entry: '9', tickets: 0 },
    ];
    drawRaffle(seed, entries, [{ amount: '5.00', count: 2 }], spy);
    expect(raffleEntryList(entries)).toBe('3:1,7:2');
    expect(asked).toEqual(['3:1,7:2#0', '3:1,7:2#1']);
  });

  it('is reproducible from what is published, whatever order the entries come in', () => {
    const entries = Array.from({ length: 20 }, (_, n) => ({
      entry: String(n + 1),
      tickets: n % 4,
    }));
    const once = drawRaffle(seed, entries, prizes, hmac);
    expect(drawRaffle(seed, [...entries].reverse(), prizes, hmac)).toEqual(once);
  });
});

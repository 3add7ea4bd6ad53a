import { lineWin, type VnBetType } from '../../../../src/shared/vnLotto';
import { parseMoney, toMoneyString } from '../../../../src/shared/money';
import type { LiabilityCaps } from '../../../config/vnLiability';
import type { Queryable } from '../../../db/types';
import { ApiError } from '../../../platform/apiError';

/**
 * The Vietnamese lottery's liability cap per number and draw (docs/decisions.md "Liability cap
 * per number"): a slip reserves, in the transaction that places it, what the house would owe on
 * each of its numbers if that number came out; a number whose total would pass its bet type's
 * cap (config `lottery.liabilityCaps`) refuses the whole slip (`number_limit`), and the
 * transaction rolls back with nothing charged. Migration 054.
 */

/** A line as placeVnSlip stores it: its bet type, numbers, stake and payout (hundredths). */
export interface ExposedLine {
  betType: VnBetType;
  numbers: readonly string[];
  stake: string;
  payout: number;
}

/** What the house owes on one number of one bet type if it comes out, and the lines behind it. */
export interface Exposure {
  betType: VnBetType;
  number: string;
  /** Minor units: a lô line's win for one appearance; a xiên line's whole win on each number. */
  amount: bigint;
  /** The payout of the bet type's lines (hundredths), to turn what is left into stake. */
  payout: number;
  /** The slip's lines (from 0) that count on this number. */
  lines: number[];
}

/**
 * The slip's exposure per bet type and number, in a fixed order (bet type, then number), so
 * that parallel slips take the rows' locks in the same order and never deadlock. A lô line
 * counts one appearance (the cap bounds the house's payout per appearance of a number); a xiên
 * line counts its whole win against every number it names, so no number carries more xiên
 * payout than its cap however the combinations are spread.
 */
export function slipExposures(lines: readonly ExposedLine[]): Exposure[] {
  const byKey = new Map<string, Exposure>();
  lines.forEach((line, index) => {
    const win = lineWin(parseMoney(line.stake), line.payout, 1);
    for (const number of line.numbers) {
      const key = `${line.betType}:${number}`;
      const found = byKey.get(key);
      if (found) {
        found.amount += win;
        found.lines.push(index);
      } else {
        byKey.set(key, {
          betType: line.betType,
          number,
          amount: win,
          payout: line.payout,
          lines: [index],
        });
      }
    }
  });
  return [...byKey.values()].sort((a, b) =>
    a.betType === b.betType ? a.number.localeCompare(b.number) : a.betType < b.betType ? -1 : 1,
  );
}

/** The stake a bet type's line may still take on a number: what is left of the cap, as stake. */
export function stakeLeft(cap: bigint, exposure: bigint, payout: number): bigint {
  const left = cap - exposure;
  return left <= 0n ? 0n : (left * 100n) / BigInt(payout);
}

/**
 * Reserves the slip's exposure on its draw, inside the placement's transaction: one statement
 * per number, an upsert that adds the slip's amount only while the number's total stays within
 * its cap (the row's lock orders parallel slips; never read, checked, then written). The first
 * number that has no room refuses the slip with `number_limit`, naming the number, its bet type,
 * the lines concerned and the stake it still accepts; the caller's transaction then rolls back
 * what this slip reserved before.
 */
export async function reserveVnExposure(
  tx: Queryable,
  caps: LiabilityCaps,
  draw: { nodeId: string; numero: string; closesAt: string },
  lines: readonly ExposedLine[],
): Promise<void> {
  for (const exposure of slipExposures(lines)) {
    const cap = parseMoney(caps[exposure.betType]);
    const [reserved] = await tx.query<{ exposure: string }>(
      `insert into vn_exposure (node_id, closes_at, numero, bet_type, number, exposure)
       select $1, $2::timestamptz, $3, $4, $5, $6::bigint where $6::bigint <= $7::bigint
       on conflict (node_id, closes_at, bet_type, number) do update
         set exposure = vn_exposure.exposure + excluded.exposure
         where vn_exposure.exposure + excluded.exposure <= $7::bigint
       returning exposure::text`,
      [
        draw.nodeId,
        draw.closesAt,
        draw.numero,
        exposure.betType,
        exposure.number,
        exposure.amount.toString(),
        cap.toString(),
      ],
    );
    if (reserved) continue;
    // Refused: the row (if any) is locked by the upsert above, so this is its total now.
    const [row] = await tx.query<{ exposure: string }>(
      `select exposure::text from vn_exposure
       where node_id = $1 and closes_at = $2::timestamptz and bet_type = $3 and number = $4`,
      [draw.nodeId, draw.closesAt, exposure.betType, exposure.number],
    );
    const accepted = toMoneyString(stakeLeft(cap, BigInt(row?.exposure ?? '0'), exposure.payout));
    throw new ApiError(
      409,
      'number_limit',
      `This slip would take number ${exposure.number} (${exposure.betType}) past the house's ` +
        `limit for draw ${draw.numero}: at most ${accepted} more stake is accepted on it.`,
      {
        field: 'lines',
        lines: exposure.lines,
        betType: exposure.betType,
        number: exposure.number,
        accepted,
      },
    );
  }
}

/** Deletes the exposure of draws closed more than `keepDays` ago: it goes with its draws. */
export async function pruneVnExposure(db: Queryable, now: Date, keepDays: number): Promise<void> {
  await db.query(
    `delete from vn_exposure where closes_at < $1::timestamptz - make_interval(days => $2)`,
    [now, keepDays],
  );
}

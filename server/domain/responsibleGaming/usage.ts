import { periodStart, RG_PERIODS, type RgPeriod } from '../../../src/shared/responsibleGaming';
import type { Queryable } from '../../db/types';

/** A quarter hour: every zone's offset is a whole number of them (see migration 028). */
const SLOT_MS = 15 * 60_000;

/** What the limits count in one period. */
export interface PeriodUsage {
  deposited: bigint;
  wagered: bigint;
  won: bigint;
}

export type Usage = Record<RgPeriod, PeriodUsage>;

/** The quarter hour holding `at`. */
export const slotOf = (at: Date) => new Date(Math.floor(at.getTime() / SLOT_MS) * SLOT_MS);

/**
 * Adds a deposit asked for, or a settled bet's stake and win, to the member's quarter hour, in
 * the transaction of the deposit or the bet.
 */
export async function recordUsageWithin(
  tx: Queryable,
  memberId: string,
  at: Date,
  added: Partial<PeriodUsage>,
): Promise<void> {
  await tx.query(
    `insert into rg_usage (member_id, slot, deposited, wagered, won) values ($1, $2, $3, $4, $5)
     on conflict (member_id, slot) do update set
       deposited = rg_usage.deposited + excluded.deposited,
       wagered = rg_usage.wagered + excluded.wagered,
       won = rg_usage.won + excluded.won`,
    [
      memberId,
      slotOf(at),
      (added.deposited ?? 0n).toString(),
      (added.wagered ?? 0n).toString(),
      (added.won ?? 0n).toString(),
    ],
  );
}

/**
 * The member's deposits, stakes and wins in the day, week and month holding `now`, counted in
 * `timeZone`: one scan of at most a month and a week of quarter hours.
 */
export async function usageWithin(
  db: Queryable,
  memberId: string,
  timeZone: string,
  now: Date,
): Promise<Usage> {
  const starts = RG_PERIODS.map((period) => periodStart(period, now, timeZone));
  const columns = RG_PERIODS.flatMap((period, index) =>
    (['deposited', 'wagered', 'won'] as const).map(
      (column) =>
        `coalesce(sum(${column}) filter (where slot >= $${index + 2}), 0)::text as ${column}_${period}`,
    ),
  );
  const [row] = await db.query<Record<string, string>>(
    `select ${columns.join(', ')} from rg_usage
     where member_id = $1 and slot >= least($2::timestamptz, $3::timestamptz, $4::timestamptz)`,
    [memberId, ...starts],
  );
  const usage = {} as Usage;
  for (const period of RG_PERIODS) {
    usage[period] = {
      deposited: BigInt(row?.[`deposited_${period}`] ?? '0'),
      wagered: BigInt(row?.[`wagered_${period}`] ?? '0'),
      won: BigInt(row?.[`won_${period}`] ?? '0'),
    };
  }
  return usage;
}

/** What a limit of `kind` counts as used in a period: deposits, net loss or stakes. */
export function usedFor(kind: 'deposit' | 'loss' | 'wager', usage: PeriodUsage): bigint {
  switch (kind) {
    case 'deposit':
      return usage.deposited;
    case 'wager':
      return usage.wagered;
    case 'loss':
      return usage.wagered - usage.won;
  }
}

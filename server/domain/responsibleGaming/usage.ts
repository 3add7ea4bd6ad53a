import { periodStart, RG_PERIODS, type RgPeriod } from '../../../src/shared/responsibleGaming';
import type { Step } from '../../db/steps';
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
  await tx.query(recordUsage(2), [memberId, ...usageParams(at, added)]);
}

/** The usage step (migration 047 `rg_usage_step`): a bet's stake and win, in a batch. */
export const usageStep = (
  memberId: string,
  at: Date,
  added: { wagered: bigint; won: bigint },
): Step => ({
  fn: 'rg_usage_step',
  args: {
    member: memberId,
    slot: slotOf(at).toISOString(),
    wagered: added.wagered.toString(),
    won: added.won.toString(),
  },
});

/** The upsert of a quarter hour's usage: member `$1`, slot and amounts from `$first` on. */
const recordUsage = (first: number) => {
  const [slot, deposited, wagered, won] = [0, 1, 2, 3].map((offset) => `$${first + offset}`);
  return `insert into rg_usage (member_id, slot, deposited, wagered, won)
     values ($1, ${slot}, ${deposited}, ${wagered}, ${won})
     on conflict (member_id, slot) do update set
       deposited = rg_usage.deposited + excluded.deposited,
       wagered = rg_usage.wagered + excluded.wagered,
       won = rg_usage.won + excluded.won`;
};

const usageParams = (at: Date, added: Partial<PeriodUsage>) => [
  slotOf(at),
  (added.deposited ?? 0n).toString(),
  (added.wagered ?? 0n).toString(),
  (added.won ?? 0n).toString(),
];

/** The sums of `usageWithin`, for the periods starting at `$2`, `$3`, `$4` (member `$1`). */
const usageSums = () => {
  const columns = RG_PERIODS.flatMap((period, index) =>
    (['deposited', 'wagered', 'won'] as const).map(
      (column) =>
        `coalesce(sum(${column}) filter (where slot >= $${index + 2}), 0)::text as ${column}_${period}`,
    ),
  );
  return `select ${columns.join(', ')} from rg_usage
     where member_id = $1 and slot >= least($2::timestamptz, $3::timestamptz, $4::timestamptz)`;
};

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
  const [row] = await db.query<Record<string, string>>(usageSums(), [memberId, ...starts]);
  return usageOf(row);
}

/**
 * `recordUsageWithin` and `usageWithin` in one statement (issue 31: a bet under a loss or wager
 * limit): adds to the quarter hour and answers the usage as it was before (the statement's
 * snapshot), under the member's row lock. The caller checks the limits against it and throws,
 * undoing what was added, when one does not allow the bet.
 */
export async function recordUsageReadingWithin(
  tx: Queryable,
  memberId: string,
  timeZone: string,
  at: Date,
  added: Partial<PeriodUsage>,
): Promise<Usage> {
  const starts = RG_PERIODS.map((period) => periodStart(period, at, timeZone));
  const [row] = await tx.query<Record<string, string>>(
    `with recorded as (${recordUsage(5)}) ${usageSums()}`,
    [memberId, ...starts, ...usageParams(at, added)],
  );
  return usageOf(row);
}

function usageOf(row: Record<string, string> | undefined): Usage {
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

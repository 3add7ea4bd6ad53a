import { parseMoney, toMoneyString } from './money';
import { percentOf } from './rewards';

/**
 * VIP levels (issue 14, spec 3 hasVip / vipLabelName / vipRankLevel), one definition for page
 * and server: a member's level is the highest whose thresholds — valid bets AND deposits over
 * the configured period — the member's totals reach. Level 0 is every member's (no VIP).
 */
export interface VipLevelDefinition {
  level: number;
  /** Per language code; EN is the fallback. */
  name: Record<string, string>;
  validBet: string;
  deposit: string;
  /** Rebate percent by game type ("RNG", "LIVE"…), `default` for the others. */
  rebatePercent: Record<string, string>;
  /** Paid once per member when the level is first reached (to the reward centre). */
  upgradeBonus: string;
  /** Most a member of this level may withdraw per day (UTC), or null for no VIP limit. */
  withdrawalDailyMax: string | null;
}

export type VipPeriod = { kind: 'rolling'; days: number } | { kind: 'calendarMonth' };

export interface VipTotals {
  validBet: bigint;
  deposit: bigint;
}

/** The highest level the totals reach (levels sorted by `level`, level 0 first). */
export function vipLevelFor(levels: readonly VipLevelDefinition[], totals: VipTotals): number {
  let reached = 0;
  for (const level of levels) {
    if (
      totals.validBet >= parseMoney(level.validBet) &&
      totals.deposit >= parseMoney(level.deposit)
    ) {
      reached = Math.max(reached, level.level);
    }
  }
  return reached;
}

/** The first day (UTC, `YYYY-MM-DD`) the period counts at `now`. */
export function vipPeriodStart(period: VipPeriod, now: Date): string {
  if (period.kind === 'calendarMonth') {
    return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1))
      .toISOString()
      .slice(0, 10);
  }
  const start = new Date(now.getTime() - (period.days - 1) * 86_400_000);
  return start.toISOString().slice(0, 10);
}

/** The rebate percent of `gameType` at a level (its `default` for a type it does not name). */
export function rebatePercentOf(level: VipLevelDefinition | undefined, gameType: string): string {
  return level?.rebatePercent[gameType] ?? level?.rebatePercent.default ?? '0';
}

export const vipNameOf = (level: VipLevelDefinition | undefined, language: string) =>
  level ? (level.name[language] ?? level.name.EN ?? String(level.level)) : '';

/** A level as the VIP page lists it, in one language. */
export interface VipLevelView {
  level: number;
  name: string;
  validBet: string;
  deposit: string;
  rebatePercent: Record<string, string>;
  upgradeBonus: string;
  withdrawalDailyMax: string | null;
}

/** The VIP page: the member's level, the period's totals, the way to the next level. */
export interface VipStatus {
  level: number;
  name: string;
  period: VipPeriod & { start: string };
  validBet: string;
  deposit: string;
  next: {
    level: number;
    name: string;
    validBetLeft: string;
    depositLeft: string;
    /** Whole percent of the way, the lower of the two thresholds' progress. */
    percent: number;
  } | null;
  levels: VipLevelView[];
}

export function vipStatusOf(
  levels: readonly VipLevelDefinition[],
  period: VipPeriod,
  totals: VipTotals,
  level: number,
  language: string,
  now: Date,
): VipStatus {
  const byLevel = new Map(levels.map((one) => [one.level, one]));
  const next = levels.find((one) => one.level > level);
  const left = (need: string, have: bigint) => {
    const rest = parseMoney(need) - have;
    return rest > 0n ? rest : 0n;
  };
  return {
    level,
    name: vipNameOf(byLevel.get(level), language),
    period: { ...period, start: vipPeriodStart(period, now) },
    validBet: toMoneyString(totals.validBet),
    deposit: toMoneyString(totals.deposit),
    next: next
      ? {
          level: next.level,
          name: vipNameOf(next, language),
          validBetLeft: toMoneyString(left(next.validBet, totals.validBet)),
          depositLeft: toMoneyString(left(next.deposit, totals.deposit)),
          percent: Math.min(
            percentOf(totals.validBet, parseMoney(next.validBet)),
            percentOf(totals.deposit, parseMoney(next.deposit)),
          ),
        }
      : null,
    levels: levels.map((one) => ({
      level: one.level,
      name: vipNameOf(one, language),
      validBet: one.validBet,
      deposit: one.deposit,
      rebatePercent: one.rebatePercent,
      upgradeBonus: one.upgradeBonus,
      withdrawalDailyMax: one.withdrawalDailyMax,
    })),
  };
}

/** The `vip` socket event: the member's level changed; `seq` grows with every change. */
export interface VipEvent {
  level: number;
  seq: number;
}

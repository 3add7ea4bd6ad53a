import { CONTRACT_TYPES, capBasisPoints, formatRate } from '../../../src/shared/contracts';
import { parseMoney, toMoneyString } from '../../../src/shared/money';
import { PPM_N, ppmOfPercent, ratioPpm } from './returnsBudgetPpm';
import type {
  BudgetConfig,
  BudgetItem,
  BudgetPromotion,
  ReturnsBudgetInput,
} from './returnsBudgetTypes';

/**
 * The returns budget's per-source readers: each return the house pays on one bet, read from the
 * configuration (contract caps, upgrade bonuses, missions, points) or the promotions (the rebate
 * promotions that can stack), as budget items in millionths of the stake.
 */

/** The game types a promotion's terms name (none when it names none). */
export const gameTypesNamed = (promotion: BudgetPromotion): string[] =>
  Array.isArray(promotion.terms.gameTypes)
    ? promotion.terms.gameTypes.filter((type): type is string => typeof type === 'string')
    : [];

const timeOf = (iso: string | null): number =>
  iso === null ? Number.POSITIVE_INFINITY : Date.parse(iso);

/** Open at `at`: started, not ended, not closed. */
const openAt = (promotion: BudgetPromotion, at: number): boolean =>
  Date.parse(promotion.startsAt) <= at &&
  timeOf(promotion.endsAt) > at &&
  timeOf(promotion.closedAt) > at;

/**
 * The rebate promotions that can pay together on one bet of `gameType` by a member of `level`:
 * of every set open at one moment from now on (now, or when one of them starts), the one that
 * pays most. A promotion for a VIP level counts from that level up; any other audience at every
 * level.
 */
export function stackedRebates(
  input: ReturnsBudgetInput,
  gameType: string,
  level: number,
): BudgetPromotion[] {
  const now = input.now.getTime();
  const candidates = input.promotions.filter((promotion) => {
    if (promotion.type !== 'rebate') return false;
    const types = gameTypesNamed(promotion);
    if (promotion.terms.gameTypes !== undefined && !types.includes(gameType)) return false;
    if (promotion.audience.kind === 'vipAtLeast' && (promotion.audience.level ?? 0) > level)
      return false;
    return timeOf(promotion.endsAt) > now && timeOf(promotion.closedAt) > now;
  });
  const moments = [now, ...candidates.map((one) => Date.parse(one.startsAt))].filter(
    (at) => at >= now,
  );
  let best: BudgetPromotion[] = [];
  let bestPpm = -1;
  for (const at of moments) {
    const open = candidates.filter((promotion) => openAt(promotion, at));
    const sum = open.reduce((total, one) => total + ppmOfPercent(String(one.terms.percent)), 0);
    if (sum > bestPpm) {
      best = open;
      bestPpm = sum;
    }
  }
  return best;
}

/** The agents' pay on one bet at worst: the salaries' turnover cap and the dividend's share. */
export function contractItems(config: BudgetConfig, edgePpm: number): BudgetItem[] {
  const limits = config.contracts;
  const salaryBasisPoints = Math.max(
    ...CONTRACT_TYPES.filter((type) => type !== 'dividend').map((type) =>
      capBasisPoints(limits, type),
    ),
  );
  const dividendBasisPoints = capBasisPoints(limits, 'dividend');
  return [
    {
      category: 'salaries',
      source: 'contracts.maxTurnoverRate',
      label: `salary caps (${formatRate(salaryBasisPoints)} % of turnover)`,
      ppm: salaryBasisPoints * 100,
    },
    {
      category: 'dividend',
      source: 'contracts.maxRate.dividend',
      label: `dividend cap (${formatRate(dividendBasisPoints)} % of the house's result)`,
      ppm: Math.ceil((dividendBasisPoints * edgePpm) / 10_000),
    },
  ];
}

/**
 * The upgrade bonuses a member at `index` earns per unit of turnover: of every level above, the
 * bonuses up to it over the turnover between the two thresholds, the highest ratio (the next
 * level's, when thresholds rise faster than bonuses).
 */
export function upgradeItem(config: BudgetConfig, index: number): BudgetItem | null {
  const levels = config.vip.levels;
  const from = parseMoney(levels[index]!.validBet);
  let bonuses = 0n;
  let best: BudgetItem | null = null;
  for (let next = index + 1; next < levels.length; next += 1) {
    bonuses += parseMoney(levels[next]!.upgradeBonus);
    const turnover = parseMoney(levels[next]!.validBet) - from;
    const ppm = ratioPpm(bonuses, turnover);
    if (ppm > 0 && (best === null || ppm > best.ppm)) {
      const reached = next === index + 1 ? `VIP ${next}` : `VIP ${index + 1}–${next}`;
      best = {
        category: 'upgradeBonus',
        source: `vip.levels.${next}.upgradeBonus`,
        label: `upgrade bonus to ${reached} (${toMoneyString(bonuses)} for ${toMoneyString(turnover)} of bets)`,
        ppm,
      };
    }
  }
  return best;
}

/** Bet missions that count `gameType`: each reward over the least turnover that earns it. */
export function missionItems(config: BudgetConfig, gameType: string): BudgetItem[] {
  const minBet = config.games.betLevels
    .map((level) => parseMoney(level))
    .reduce((low, one) => (one < low ? one : low));
  const items: BudgetItem[] = [];
  for (const mission of config.missions) {
    const goal = mission.goal;
    // A deposit mission is paid by deposits, not bets: its reward's wagering prices it.
    if (goal.kind === 'deposits') continue;
    if (goal.gameType !== undefined && goal.gameType !== gameType) continue;
    const turnover =
      goal.kind === 'validBet' ? parseMoney(goal.amount) : BigInt(goal.count) * minBet;
    const ppm = ratioPpm(parseMoney(mission.reward.amount), turnover);
    if (ppm === 0) continue;
    items.push({
      category: 'mission',
      source: `missions.${mission.code}`,
      label: `mission ${mission.code} (${mission.reward.amount} for ${toMoneyString(turnover)} of bets)`,
      ppm,
    });
  }
  return items;
}

/** Points earned on a bet of `gameType`, at their conversion rate, per unit of stake. */
export function pointsItem(config: BudgetConfig, gameType: string): BudgetItem | null {
  const { earnPerUnit, convert } = config.points;
  const key = Object.hasOwn(earnPerUnit, gameType) ? gameType : 'default';
  // Points per 1.00 (hundredths) × money per step (minor units) / step = share of the stake.
  const earned = parseMoney(earnPerUnit[key] ?? '0');
  const paid = parseMoney(convert.amountPerStep);
  const ppm = ratioPpm(earned * paid * 100n, BigInt(convert.step) * PPM_N);
  if (ppm === 0) return null;
  return {
    category: 'points',
    source: `points.earnPerUnit.${key}`,
    label: `points (${earnPerUnit[key]} a 1.00 bet, ${convert.step} for ${convert.amountPerStep})`,
    ppm,
  };
}

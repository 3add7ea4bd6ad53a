import {
  CONTRACT_TYPES,
  capBasisPoints,
  formatRate,
  parseRateBasisPoints,
} from '../../../src/shared/contracts';
import { parseMoney, toMoneyString } from '../../../src/shared/money';
import type { PlatformConfig } from '../../config/schema';
import { drawRtp } from '../games/demoVendor/drawEngine';
import { slotRtp } from '../games/demoVendor/slotEngine';

/**
 * One returns budget (issue 28, finding 3). Every return the house pays per unit of stake that
 * can apply to one bet — the agents' contract caps (the salaries' turnover cap and the
 * dividend's share of the house's expected result), the member's VIP rebate, every rebate
 * promotion that can be open at once, points at their conversion rate, and per unit of the
 * turnover that earns them the VIP upgrade bonuses and the bet missions' rewards — summed per
 * game type and VIP level against that game type's lowest house edge less a margin
 * (`economics.marginPercent`). Pure: the caller gives the configuration, the promotions (the
 * file's at start, the stored ones for an operator's change) and the engines each game type
 * plays. Figures are integer millionths of the stake (ppm); returns round up, edges down.
 */

/** The built-in vendor's engines (the catalogue's `engine`). */
export type GameEngine = 'slot' | 'draw';

const PPM_N = 1_000_000n;

/** An edge from a return to player, in millionths, rounded down (the rtp is a ratio). */
const edgePpmOf = (rtp: number): number => Math.floor(Math.round((1 - rtp) * 1e9) / 1000);

/** Each engine's house edge: 1 − its exact return to player (slot 3.8510 %, draw 4.0000 %). */
export const ENGINE_EDGE_PPM: Readonly<Record<GameEngine, number>> = {
  slot: edgePpmOf(slotRtp()),
  draw: edgePpmOf(drawRtp()),
};

/** A promotion as the budget reads it: the file's definition, or a stored row. */
export interface BudgetPromotion {
  code: string;
  type: string;
  startsAt: string;
  endsAt: string | null;
  closedAt: string | null;
  audience: { kind: string; level?: number };
  terms: Record<string, unknown>;
}

export type BudgetConfig = Pick<
  PlatformConfig,
  'contracts' | 'vip' | 'points' | 'missions' | 'games' | 'economics'
>;

export interface ReturnsBudgetInput {
  config: BudgetConfig;
  promotions: readonly BudgetPromotion[];
  /** Game type → the engines its games play (the catalogue file's, or the games table's). */
  gameTypes: Readonly<Record<string, readonly GameEngine[]>>;
  now: Date;
}

export type BudgetCategory =
  'salaries' | 'dividend' | 'vipRebate' | 'rebatePromotion' | 'points' | 'upgradeBonus' | 'mission';

/** One return in a line: where it is set, what it is, millionths of the stake (or Infinity). */
export interface BudgetItem {
  category: BudgetCategory;
  /** The configuration path or the promotion that sets it. */
  source: string;
  label: string;
  ppm: number;
}

export interface BudgetLine {
  gameType: string;
  level: number;
  edgePpm: number;
  /** Where the edge comes from: the games' engines, `economics.houseEdge`, or neither. */
  edgeSource: string;
  limitPpm: number;
  items: BudgetItem[];
  totalPpm: number;
  /** limit − total: negative when the line breaks the budget. */
  headroomPpm: number;
  ok: boolean;
}

export interface ReturnsBudget {
  marginPpm: number;
  lines: BudgetLine[];
  /** The line with the least headroom. */
  worst: BudgetLine;
  ok: boolean;
}

const ppmOfPercent = (percent: string): number => parseRateBasisPoints(percent) * 100;

/** ceil(numerator × 10⁶ / denominator) of two amounts, Infinity for a positive over nothing. */
function ratioPpm(numerator: bigint, denominator: bigint): number {
  if (numerator <= 0n) return 0;
  if (denominator <= 0n) return Number.POSITIVE_INFINITY;
  return Number((numerator * PPM_N + denominator - 1n) / denominator);
}

/** 38510 → "3.8510 %"; Infinity → "unbounded". */
export function formatPpm(ppm: number): string {
  if (!Number.isFinite(ppm)) return ppm > 0 ? 'unbounded' : '-unbounded';
  const sign = ppm < 0 ? '-' : '';
  const abs = Math.abs(ppm);
  return `${sign}${Math.floor(abs / 10_000)}.${String(abs % 10_000).padStart(4, '0')} %`;
}

/** Every game type the budget judges: the catalogue's and every one the configuration names. */
function gameTypesOf(input: ReturnsBudgetInput): string[] {
  const { config } = input;
  const named = new Set<string>(Object.keys(input.gameTypes));
  for (const level of config.vip.levels)
    for (const key of Object.keys(level.rebatePercent)) if (key !== 'default') named.add(key);
  for (const key of Object.keys(config.points.earnPerUnit)) if (key !== 'default') named.add(key);
  for (const mission of config.missions)
    if (mission.goal.kind !== 'deposits' && mission.goal.gameType) named.add(mission.goal.gameType);
  for (const key of Object.keys(config.economics.houseEdge)) named.add(key);
  for (const promotion of input.promotions)
    if (promotion.type === 'rebate') for (const type of gameTypesNamed(promotion)) named.add(type);
  return [...named].sort();
}

const gameTypesNamed = (promotion: BudgetPromotion): string[] =>
  Array.isArray(promotion.terms.gameTypes)
    ? promotion.terms.gameTypes.filter((type): type is string => typeof type === 'string')
    : [];

/** The lowest edge of a game type: its engines' (measured) and its configured one, if any. */
function edgeOf(input: ReturnsBudgetInput, gameType: string): { ppm: number; source: string } {
  const engines = input.gameTypes[gameType] ?? [];
  const configured = input.config.economics.houseEdge[gameType];
  const candidates: { ppm: number; source: string }[] = engines.map((engine) => ({
    ppm: ENGINE_EDGE_PPM[engine],
    source: `measured (${engine})`,
  }));
  if (configured !== undefined)
    candidates.push({
      ppm: ppmOfPercent(configured),
      source: `economics.houseEdge.${gameType}`,
    });
  if (candidates.length === 0)
    candidates.push(
      ...Object.entries(ENGINE_EDGE_PPM).map(([engine, ppm]) => ({
        ppm,
        source: `no games: the lowest measured (${engine})`,
      })),
    );
  return candidates.reduce((low, one) => (one.ppm < low.ppm ? one : low));
}

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
function stackedRebates(
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
function contractItems(config: BudgetConfig, edgePpm: number): BudgetItem[] {
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
function upgradeItem(config: BudgetConfig, index: number): BudgetItem | null {
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
function missionItems(config: BudgetConfig, gameType: string): BudgetItem[] {
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

function pointsItem(config: BudgetConfig, gameType: string): BudgetItem | null {
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

function lineOf(
  input: ReturnsBudgetInput,
  gameType: string,
  index: number,
  marginPpm: number,
): BudgetLine {
  const { config } = input;
  const level = config.vip.levels[index]!;
  const edge = edgeOf(input, gameType);
  const items: BudgetItem[] = contractItems(config, edge.ppm);
  const rebateKey = Object.hasOwn(level.rebatePercent, gameType) ? gameType : 'default';
  const rebate = level.rebatePercent[rebateKey] ?? '0';
  if (ppmOfPercent(rebate) > 0)
    items.push({
      category: 'vipRebate',
      source: `vip.levels.${index}.rebatePercent.${rebateKey}`,
      label: `VIP ${level.level} rebate (${rebate} %)`,
      ppm: ppmOfPercent(rebate),
    });
  for (const promotion of stackedRebates(input, gameType, level.level))
    items.push({
      category: 'rebatePromotion',
      source: `promotion ${promotion.code}`,
      label: `rebate promotion ${promotion.code} (${String(promotion.terms.percent)} %)`,
      ppm: ppmOfPercent(String(promotion.terms.percent)),
    });
  const points = pointsItem(config, gameType);
  if (points) items.push(points);
  const upgrade = upgradeItem(config, index);
  if (upgrade) items.push(upgrade);
  items.push(...missionItems(config, gameType));
  const totalPpm = items.reduce((sum, item) => sum + item.ppm, 0);
  const limitPpm = edge.ppm - marginPpm;
  return {
    gameType,
    level: level.level,
    edgePpm: edge.ppm,
    edgeSource: edge.source,
    limitPpm,
    items,
    totalPpm,
    headroomPpm: limitPpm - totalPpm,
    ok: totalPpm <= limitPpm,
  };
}

/** The budget of every game type at every VIP level, and the line with the least headroom. */
export function returnsBudget(input: ReturnsBudgetInput): ReturnsBudget {
  const marginPpm = ppmOfPercent(input.config.economics.marginPercent);
  const lines = gameTypesOf(input).flatMap((gameType) =>
    input.config.vip.levels.map((_, index) => lineOf(input, gameType, index, marginPpm)),
  );
  const worst = lines.reduce((low, line) => (line.headroomPpm < low.headroomPpm ? line : low));
  return { marginPpm, lines, worst, ok: lines.every((line) => line.ok) };
}

/** "RNG at VIP 1: 3.9157 % of every bet (salary caps … 1.5000 % + …) is above …". */
export function describeLine(line: BudgetLine, marginPpm: number): string {
  const items = line.items.map((item) => `${item.label} ${formatPpm(item.ppm)}`).join(' + ');
  const verdict = line.ok ? 'within' : 'above';
  return (
    `${line.gameType} at VIP ${line.level}: returns ${formatPpm(line.totalPpm)} of every bet ` +
    `(${items}), ${verdict} the lowest house edge ${formatPpm(line.edgePpm)} less the margin ` +
    `${formatPpm(marginPpm)} (${formatPpm(line.limitPpm)})`
  );
}

/**
 * What is wrong, itemised (nothing when the budget holds): per game type the level that breaks
 * it most, for the start-up refusal (server/boot.ts) as a schema error is shown.
 */
export function returnsBudgetIssues(budget: ReturnsBudget): { path: string; message: string }[] {
  const worstPerType = new Map<string, BudgetLine>();
  for (const line of budget.lines) {
    if (line.ok) continue;
    const seen = worstPerType.get(line.gameType);
    if (!seen || line.headroomPpm < seen.headroomPpm) worstPerType.set(line.gameType, line);
  }
  return [...worstPerType.values()].map((line) => ({
    path: `returns budget (${line.gameType}, VIP ${line.level})`,
    message:
      `${describeLine(line, budget.marginPpm)}: a member (or a member and its agent) would win ` +
      'by playing. Lower these returns or raise economics.marginPercent only with care.',
  }));
}

/** The budget's figures as the operator's API answers them (percent strings, itemised). */
export function budgetLineView(line: BudgetLine) {
  return {
    gameType: line.gameType,
    level: line.level,
    total: formatPpm(line.totalPpm),
    limit: formatPpm(line.limitPpm),
    edge: formatPpm(line.edgePpm),
    items: line.items.map((item) => ({
      source: item.source,
      label: item.label,
      percent: formatPpm(item.ppm),
    })),
  };
}

/** A configuration's promotions as the budget reads them (none closed yet). */
export function budgetPromotionsOf(
  promotions: readonly {
    code: string;
    type: string;
    startsAt: string;
    endsAt: string | null;
    audience: { kind: string };
    terms: Record<string, unknown>;
  }[],
): BudgetPromotion[] {
  return promotions.map((promotion) => ({
    code: promotion.code,
    type: promotion.type,
    startsAt: promotion.startsAt,
    endsAt: promotion.endsAt,
    closedAt: null,
    audience: promotion.audience,
    terms: promotion.terms,
  }));
}

/** Game type → engines, from the catalogue's games. */
export function gameEnginesOf(
  games: readonly { gameType: string; engine: GameEngine }[],
): Record<string, GameEngine[]> {
  const engines: Record<string, GameEngine[]> = {};
  for (const game of games) {
    const list = (engines[game.gameType] ??= []);
    if (!list.includes(game.engine)) list.push(game.engine);
  }
  return engines;
}

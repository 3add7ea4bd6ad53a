import { drawRtp } from '../games/demoVendor/drawEngine';
import { slotRtp } from '../games/demoVendor/slotEngine';
import { ppmOfPercent } from './returnsBudgetPpm';
import {
  contractItems,
  gameTypesNamed,
  missionItems,
  pointsItem,
  stackedRebates,
  upgradeItem,
} from './returnsBudgetSources';
import type {
  BudgetItem,
  BudgetLine,
  BudgetPromotion,
  GameEngine,
  ReturnsBudget,
  ReturnsBudgetInput,
} from './returnsBudgetTypes';

export type {
  BudgetCategory,
  BudgetConfig,
  BudgetItem,
  BudgetLine,
  BudgetPromotion,
  GameEngine,
  ReturnsBudget,
  ReturnsBudgetInput,
} from './returnsBudgetTypes';
export { formatPpm } from './returnsBudgetPpm';
export { budgetLineView, describeLine, returnsBudgetIssues } from './returnsBudgetReport';

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
 *
 * This file is the entry: the types (returnsBudgetTypes.ts), the ppm figures
 * (returnsBudgetPpm.ts), the per-source readers (returnsBudgetSources.ts) and the words
 * (returnsBudgetReport.ts) live beside it.
 */

/** An edge from a return to player, in millionths, rounded down (the rtp is a ratio). */
const edgePpmOf = (rtp: number): number => Math.floor(Math.round((1 - rtp) * 1e9) / 1000);

/** Each engine's house edge: 1 − its exact return to player (slot 3.8510 %, draw 4.0000 %). */
export const ENGINE_EDGE_PPM: Readonly<Record<GameEngine, number>> = {
  slot: edgePpmOf(slotRtp()),
  draw: edgePpmOf(drawRtp()),
};

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

/** One line: a game type at the VIP level `index`, itemised against its edge less the margin. */
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

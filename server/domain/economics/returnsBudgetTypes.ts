import type { PlatformConfig } from '../../config/schema';

/** The returns budget's inputs and figures (issue 28, finding 3): see returnsBudget.ts. */

/** The built-in vendor's engines (the catalogue's `engine`). */
export type GameEngine = 'slot' | 'draw';

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

/** The configuration sections the budget reads. */
export type BudgetConfig = Pick<
  PlatformConfig,
  'contracts' | 'vip' | 'points' | 'missions' | 'games' | 'economics'
>;

/** What the budget is computed from. */
export interface ReturnsBudgetInput {
  config: BudgetConfig;
  promotions: readonly BudgetPromotion[];
  /** Game type → the engines its games play (the catalogue file's, or the games table's). */
  gameTypes: Readonly<Record<string, readonly GameEngine[]>>;
  now: Date;
}

/** The kinds of return a budget line itemises. */
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

/** One game type at one VIP level: its edge, limit, returns and headroom. */
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

/** Every line of the budget, the worst one, and whether all hold. */
export interface ReturnsBudget {
  marginPpm: number;
  lines: BudgetLine[];
  /** The line with the least headroom. */
  worst: BudgetLine;
  ok: boolean;
}

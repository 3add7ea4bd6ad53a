import type { PromotionAudience, PromotionPhase, PromotionType } from './promotions';
import type { GoodsKind } from './points';

/**
 * The back office's promotions (issue 30): the list, one definition as the operator writes it
 * (config/platform.json's `promotions` and `npm run ops -- promotion create` take the same),
 * and the returns budget's verdict on it before it is saved.
 */
export interface OpsPromotionRow {
  code: string;
  type: PromotionType;
  title: string;
  startsAt: string;
  endsAt: string | null;
  closedAt: string | null;
  phase: PromotionPhase;
  audience: PromotionAudience;
  terms: Record<string, unknown>;
}

export interface PromotionTexts {
  title: string;
  summary: string;
  terms: string;
}

export interface PromotionDefinitionInput {
  code: string;
  type: PromotionType;
  /** By language code (EN required: the fallback). */
  content: Record<string, PromotionTexts>;
  banner: string | null;
  startsAt: string;
  endsAt: string | null;
  audience: PromotionAudience;
  terms: Record<string, unknown>;
}

/** One line of the returns budget (a game type at a VIP level), in percent strings. */
export interface BudgetLineView {
  gameType: string;
  level: number;
  total: string;
  limit: string;
  edge: string;
  /** Where the edge comes from: the games' engines, `economics.houseEdge`, or neither. */
  edgeSource: string;
  /** limit − total: negative when the line breaks the budget. */
  headroom: string;
  ok: boolean;
  items: { source: string; label: string; percent: string }[];
}

/** The whole returns budget as the platform runs it (the back office's economics figures). */
export interface ReturnsBudgetView {
  ok: boolean;
  margin: string;
  worst: BudgetLineView;
  lines: BudgetLineView[];
}

export interface PromotionBudgetVerdict {
  ok: boolean;
  message: string | null;
  /** The lines it would take over the budget, worst first. */
  lines: BudgetLineView[];
  /** The tightest line it pays in (a rebate), and how much room that line keeps. */
  tightest: BudgetLineView | null;
  headroom: string | null;
}

/** A good as the back office lists it (issue 30): its definition, stock and redemptions. */
export interface OpsGoodsRow {
  code: string;
  name: Record<string, string>;
  image: string | null;
  points: number;
  amount: string;
  quantity: number;
  status: 'active' | 'inactive';
  kind: GoodsKind;
  /** Redemptions waiting for a decision, and approved ones. */
  waiting: number;
  approved: number;
}

/** A good as the operator defines it (server/config/points.ts `goodsSchema` checks it). */
export interface GoodsInput {
  code: string;
  name: Record<string, string>;
  image: string | null;
  points: number;
  amount: string;
  quantity: number;
  status: 'active' | 'inactive';
  kind: GoodsKind;
}

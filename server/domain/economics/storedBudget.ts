import type { Queryable } from '../../db/types';
import { ApiError } from '../../platform/apiError';
import {
  type BudgetConfig,
  type BudgetPromotion,
  type GameEngine,
  type ReturnsBudget,
  budgetLineView,
  describeLine,
  returnsBudget,
} from './returnsBudget';
import { formatPpm } from './returnsBudgetPpm';

/** Game type → the engines its enabled games play, as the games table holds them. */
export async function playedGameEngines(db: Queryable): Promise<Record<string, GameEngine[]>> {
  const rows = await db.query<{ game_type: string; engine: GameEngine }>(
    'select distinct game_type, engine from games where enabled order by game_type, engine',
  );
  const engines: Record<string, GameEngine[]> = {};
  for (const row of rows) (engines[row.game_type] ??= []).push(row.engine);
  return engines;
}

/** The promotions as stored that can still pay (not closed, not ended). */
export async function storedBudgetPromotions(db: Queryable): Promise<BudgetPromotion[]> {
  const rows = await db.query<{
    code: string;
    type: string;
    starts_at: Date | string;
    ends_at: Date | string | null;
    closed_at: Date | string | null;
    audience: BudgetPromotion['audience'];
    terms: Record<string, unknown>;
  }>(
    `select code, type, starts_at, ends_at, closed_at, audience, terms from promotions
     where (ends_at is null or ends_at > now()) and (closed_at is null or closed_at > now())
     order by code`,
  );
  const iso = (value: Date | string | null) =>
    value === null ? null : new Date(value).toISOString();
  return rows.map((row) => ({
    code: row.code,
    type: row.type,
    startsAt: iso(row.starts_at)!,
    endsAt: iso(row.ends_at),
    closedAt: iso(row.closed_at),
    audience: row.audience,
    terms: row.terms,
  }));
}

/**
 * The budget as the platform runs it: its configuration, the promotions as stored (with
 * `change` in place of the stored one of its code, or added) and the games it offers.
 */
export async function storedReturnsBudget(
  db: Queryable,
  config: BudgetConfig,
  now: Date,
  change?: Omit<BudgetPromotion, 'closedAt'>,
): Promise<ReturnsBudget> {
  let promotions = await storedBudgetPromotions(db);
  if (change) {
    const stored = promotions.find((one) => one.code === change.code);
    // A closed promotion stays closed whatever an update says (upsertPromotion).
    promotions = [
      ...promotions.filter((one) => one.code !== change.code),
      { ...change, closedAt: stored?.closedAt ?? null },
    ];
  }
  return returnsBudget({ config, promotions, gameTypes: await playedGameEngines(db), now });
}

/** What the returns budget says of a new or changed promotion, before it is saved. */
export interface PromotionBudgetVerdict {
  ok: boolean;
  /** Why not, in words (the worst line it takes over), or null. */
  message: string | null;
  /** The lines it takes over the budget, worst first (empty when it holds). */
  lines: ReturnType<typeof budgetLineView>[];
  /** The tightest line the promotion pays in, when it pays per bet: how close it comes. */
  tightest: ReturnType<typeof budgetLineView> | null;
  headroom: string | null;
}

/**
 * The operator's new or changed promotion against the returns budget (issue 28, finding 3): not
 * ok when a line it pays in would return more than the edge less the margin. Only a rebate
 * promotion pays per bet; any other type adds nothing to the budget (its cost is a one-off the
 * wagering requirement and the bonus balance govern, issue 28).
 */
export async function promotionBudgetVerdict(
  db: Queryable,
  config: BudgetConfig,
  now: Date,
  change: Omit<BudgetPromotion, 'closedAt'>,
): Promise<PromotionBudgetVerdict> {
  if (change.type !== 'rebate') {
    return { ok: true, message: null, lines: [], tightest: null, headroom: null };
  }
  const budget = await storedReturnsBudget(db, config, now, change);
  const source = `promotion ${change.code}`;
  const paying = budget.lines
    .filter((line) => line.items.some((item) => item.source === source))
    .sort((a, b) => a.headroomPpm - b.headroomPpm);
  const broken = paying.filter((line) => !line.ok);
  const tightest = paying[0] ?? null;
  return {
    ok: broken.length === 0,
    message:
      broken.length === 0
        ? null
        : `${change.code} would take ${broken.length} line(s) of the returns budget over it; the ` +
          `worst: ${describeLine(broken[0]!, budget.marginPpm)}.`,
    lines: broken.map(budgetLineView),
    tightest: tightest ? budgetLineView(tightest) : null,
    headroom: tightest ? formatPpm(tightest.headroomPpm) : null,
  };
}

/**
 * The same verdict as a refusal (409 `returns_budget_exceeded`, the lines it takes over the
 * budget itemised in the message and in `value.lines`), in the transaction that saves it.
 */
export async function refuseOverBudgetPromotion(
  db: Queryable,
  config: BudgetConfig,
  now: Date,
  change: Omit<BudgetPromotion, 'closedAt'>,
): Promise<void> {
  const verdict = await promotionBudgetVerdict(db, config, now, change);
  if (verdict.ok) return;
  throw new ApiError(409, 'returns_budget_exceeded', verdict.message!, { lines: verdict.lines });
}

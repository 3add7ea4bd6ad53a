/**
 * Responsible gaming's money limits (issue 17): when a change applies (at once when it tightens,
 * after the cooling-off delay otherwise), the limit in force, what a limit leaves, and the
 * refusal that names the limit standing in the way. Amounts are minor units (bigint).
 */
import { toMoneyString } from '../money';
import type { RgLimitKind, RgPeriod } from './settings';

const HOUR_MS = 60 * 60_000;

/**
 * Whether a change from `current` to `next` (null: no limit) tightens: setting a first limit or
 * lowering one. Those apply at once; raising or removing one waits for the cooling-off delay.
 */
export function tightens(current: bigint | null, next: bigint | null): boolean {
  if (next === null) return false;
  return current === null || next < current;
}

export type LimitChangePlan =
  /** In force now; any pending change is dropped. */
  | { apply: 'now' }
  /** Waits: in force from `at`; the limit in force meanwhile stays. */
  | { apply: 'later'; at: Date };

/**
 * How a requested change applies: at once when it tightens or changes nothing, after the
 * cooling-off delay otherwise (a new request restarts the wait: asking again does not shorten
 * it).
 */
export function planLimitChange(
  current: bigint | null,
  requested: bigint | null,
  now: Date,
  coolingOffHours: number,
): LimitChangePlan {
  if (requested === current || tightens(current, requested)) return { apply: 'now' };
  return { apply: 'later', at: new Date(now.getTime() + coolingOffHours * HOUR_MS) };
}

/** A limit as stored: in force, and a change waiting for its time (null amount: removal). */
export interface StoredLimit<T = bigint> {
  value: T | null;
  pendingValue: T | null;
  pendingAt: Date | null;
}

/** The limit in force at `now` and what still waits: a pending change whose time came applies. */
export function limitAt<T>(
  stored: StoredLimit<T>,
  now: Date,
): { value: T | null; pending: { value: T | null; at: Date } | null } {
  if (stored.pendingAt === null) return { value: stored.value, pending: null };
  if (stored.pendingAt.getTime() <= now.getTime())
    return { value: stored.pendingValue, pending: null };
  return { value: stored.value, pending: { value: stored.pendingValue, at: stored.pendingAt } };
}

/** What a limit leaves and how much is used (a net win counts as nothing lost). */
export interface LimitUse {
  kind: RgLimitKind;
  period: RgPeriod;
  limit: bigint;
  used: bigint;
}

const atLeastZero = (amount: bigint): bigint => (amount > 0n ? amount : 0n);

/** What counts as used: a net win in the period is nothing lost. */
export const usedOf = (use: LimitUse): bigint => atLeastZero(use.used);

/** What the limit leaves in the period, never below zero. */
export const leftOf = (use: LimitUse): bigint => atLeastZero(use.limit - usedOf(use));

/**
 * The limit `adding` more would break, or null when every limit allows it: the one that leaves
 * least (on a tie, the shortest period), so the refusal names what really stands in the way.
 */
export function limitRefusal(uses: readonly LimitUse[], adding: bigint): LimitUse | null {
  let worst: LimitUse | null = null;
  for (const use of uses) {
    if (usedOf(use) + adding <= use.limit) continue;
    if (worst === null || leftOf(use) < leftOf(worst)) worst = use;
  }
  return worst;
}

const PERIOD_WORDS: Record<RgPeriod, { adjective: string; span: string }> = {
  day: { adjective: 'daily', span: 'today' },
  week: { adjective: 'weekly', span: 'this week' },
  month: { adjective: 'monthly', span: 'this month' },
};

/** What a refusal carries (`value` of the error) so the page can say it in the player's words. */
export interface LimitRefusal {
  kind: RgLimitKind;
  period: RgPeriod;
  limit: string;
  left: string;
}

/** The refusal's value for the limit `use`: its amount and what it leaves, as decimal strings. */
export function refusalOf(use: LimitUse): LimitRefusal {
  return {
    kind: use.kind,
    period: use.period,
    limit: toMoneyString(use.limit),
    left: toMoneyString(leftOf(use)),
  };
}

/** The server's English text: "Your daily deposit limit of 100.00 leaves 20.00 today." */
export function refusalMessage(refusal: LimitRefusal): string {
  const words = PERIOD_WORDS[refusal.period];
  return `Your ${words.adjective} ${refusal.kind} limit of ${refusal.limit} leaves ${refusal.left} ${words.span}.`;
}

/** The error codes of the refusals (one per kind, so the page's texts can differ). */
export const LIMIT_CODES: Record<RgLimitKind, string> = {
  deposit: 'rg_deposit_limit',
  loss: 'rg_loss_limit',
  wager: 'rg_wager_limit',
};

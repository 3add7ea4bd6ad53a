import { parseMoney } from '../../../src/shared/money';
import {
  LIMIT_CODES,
  type LimitUse,
  limitRefusal,
  refusalMessage,
  refusalOf,
  type RgLimitKind,
  sessionLimitAt,
} from '../../../src/shared/responsibleGaming';
import type { Queryable } from '../../db/types';
import type { Platform } from '../../platform/platform';
import { ApiError } from '../../platform/apiError';
import { sessionLimitError } from './sittings';
import {
  exclusionError,
  limitsInForce,
  lockRgStateWithin,
  type PlaySession,
  readRgState,
  type RgState,
} from './state';
import {
  recordUsageReadingWithin,
  recordUsageWithin,
  usageStep,
  usageWithin,
  usedFor,
} from './usage';
import type { Step } from '../../db/steps';

/** The refusal of something a limit does not allow: its code, the English text, the figures. */
export function limitError(use: LimitUse): ApiError {
  const refusal = refusalOf(use);
  return new ApiError(403, LIMIT_CODES[use.kind], refusalMessage(refusal), refusal);
}

/** The limits of `kinds` in force with what each has used this period. */
async function usesOf(
  db: Queryable,
  memberId: string,
  state: RgState,
  kinds: readonly RgLimitKind[],
  now: Date,
): Promise<LimitUse[]> {
  const limits = limitsInForce(state, kinds);
  if (limits.length === 0) return [];
  const usage = await usageWithin(db, memberId, state.timeZone, now);
  return limits.map((limit) => ({
    kind: limit.kind,
    period: limit.period,
    limit: limit.value,
    used: usedFor(limit.kind, usage[limit.period]),
  }));
}

/**
 * Refuses play in a login session that has ended (a logout, the reality check's "stop", an
 * exclusion, a password change: a game opened from it stops with it) or whose sitting has
 * lasted its limit (`limitMinutes`, null: none), counted from the sitting's first login, not
 * this one's (a new login does not restart it).
 */
async function assertSessionOpen(
  db: Queryable,
  deps: Platform,
  sessionId: string,
  limitMinutes: number | null,
  now: Date,
): Promise<void> {
  const [row] = await db.query<{ sitting_started_at: Date; ended: boolean }>(
    `select coalesce(sitting_started_at, created_at) as sitting_started_at,
       (revoked_at is not null or expires_at <= now()) as ended
     from sessions where id = $1`,
    [sessionId],
  );
  checkSessionOpen(
    deps,
    row ? { sittingStartedAt: new Date(row.sitting_started_at), ended: row.ended } : null,
    limitMinutes,
    now,
  );
}

/** `assertSessionOpen` on a session already read (a bet reads it with the member's lock). */
function checkSessionOpen(
  deps: Platform,
  session: PlaySession | null,
  limitMinutes: number | null,
  now: Date,
): void {
  if (!session || session.ended) {
    throw new ApiError(
      401,
      'launch_expired',
      'This game session has ended. Please launch it again.',
    );
  }
  if (limitMinutes === null) return;
  const sittingStartedAt = session.sittingStartedAt;
  if (now.getTime() >= sessionLimitAt(sittingStartedAt, limitMinutes).getTime()) {
    throw sessionLimitError(
      sittingStartedAt,
      limitMinutes,
      deps.config.responsibleGaming.sessionBreakMinutes,
      now,
    );
  }
}

/**
 * In the deposit's transaction, under the member's row lock (so parallel deposits are counted
 * one after the other and cannot pass a limit together): refuses an excluded member and a
 * deposit over a deposit limit, else counts it (pending deposits count: they will be credited).
 */
export async function reserveDepositWithin(
  tx: Queryable,
  deps: Platform,
  memberId: string,
  amount: bigint,
): Promise<void> {
  const now = deps.clock.now();
  const state = await readRgState(tx, memberId, now);
  if (state.exclusion) throw exclusionError(state.exclusion);
  const refused = limitRefusal(await usesOf(tx, memberId, state, ['deposit'], now), amount);
  if (refused) throw limitError(refused);
  await recordUsageWithin(tx, memberId, now, { deposited: amount });
}

/**
 * In a real bet's transaction, before any money moves: refuses an excluded member, a game
 * whose login session ended or passed its limit, and a stake that a loss limit (the stake is what the bet may lose) or a wager
 * limit does not allow; else counts the stake and the win. With a loss or wager limit the
 * member's row is locked first, so parallel bets are counted one after the other.
 */
export async function reserveBetWithin(
  tx: Queryable,
  deps: Platform,
  bet: { memberId: string; sessionId: string | null; stake: bigint; win: bigint },
  options: {
    /** More columns to read with the member's lock (`$1` is the member): answered in `also`. */
    alsoRead?: string;
    /**
     * With no loss or wager limit in force, answer the usage to add as a step of the caller's
     * batch (`usageStep`) instead of adding it now: one round trip less (issue 31).
     */
    deferUsage?: boolean;
  } = {},
): Promise<{ also: Record<string, unknown>; usageStep: Step | null }> {
  const now = deps.clock.now();
  // The member's row first, always (with the settings and the session, in one statement).
  const { state, session, also } = await lockRgStateWithin(
    tx,
    bet.memberId,
    bet.sessionId,
    now,
    options.alsoRead,
  );
  if (state.exclusion) throw exclusionError(state.exclusion);
  if (bet.sessionId !== null) checkSessionOpen(deps, session, state.sessionLimit, now);
  const added = { wagered: bet.stake, won: bet.win };
  const limits = limitsInForce(state, ['loss', 'wager']);
  if (limits.length === 0) {
    if (options.deferUsage) return { also, usageStep: usageStep(bet.memberId, now, added) };
    await recordUsageWithin(tx, bet.memberId, now, added);
    return { also, usageStep: null };
  }
  // Counted and read in one statement; a refusal throws, and the rollback takes it back.
  const usage = await recordUsageReadingWithin(tx, bet.memberId, state.timeZone, now, added);
  const refused = limitRefusal(
    limits.map((limit) => ({
      kind: limit.kind,
      period: limit.period,
      limit: limit.value,
      used: usedFor(limit.kind, usage[limit.period]),
    })),
    bet.stake,
  );
  if (refused) throw limitError(refused);
  return { also, usageStep: null };
}

/**
 * Before a real launch: refuses an excluded member, a session past its limit, and play a loss
 * or wager limit leaves no room for (less than the smallest bet).
 */
export async function assertLaunchAllowed(
  deps: Platform,
  memberId: string,
  sessionId: string | null,
): Promise<void> {
  const now = deps.clock.now();
  const state = await readRgState(deps.db, memberId, now);
  if (state.exclusion) throw exclusionError(state.exclusion);
  if (state.sessionLimit !== null && sessionId !== null)
    await assertSessionOpen(deps.db, deps, sessionId, state.sessionLimit, now);
  const smallest = deps.config.games.betLevels
    .map(parseMoney)
    .reduce((low, level) => (level < low ? level : low));
  const refused = limitRefusal(
    await usesOf(deps.db, memberId, state, ['loss', 'wager'], now),
    smallest,
  );
  if (refused) throw limitError(refused);
}

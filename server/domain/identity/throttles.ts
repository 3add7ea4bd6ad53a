import type { Queryable } from '../../db/types';

export interface ThrottleRule {
  /** Window length. */
  windowMs: number;
  /** Hits allowed in one window. */
  limit: number;
  /** When the limit is passed, the key stays blocked this long (default: to the window's end). */
  blockMs?: number;
}

export interface ThrottleResult {
  allowed: boolean;
  hits: number;
  retryAfterMs: number;
}

/**
 * Fixed-window counters in the database, so limits hold across server processes and restarts.
 * One upsert per hit; a key past its limit is blocked until `blocked_until`.
 *
 * A counter that guards a secret is used by reserving first (issue 11): `hit` counts the attempt
 * in one statement and answers the count, the caller decides from that count whether the secret
 * may be checked at all, and only then checks it. Reading with `count` and hitting after the
 * check lets a burst of parallel guesses all read the same low count.
 */
export function createThrottles(db: Queryable) {
  async function hit(key: string, rule: ThrottleRule): Promise<ThrottleResult> {
    const seconds = rule.windowMs / 1000;
    const [row] = await db.query<{
      hits: number;
      blocked_ms: number | null;
      window_left_ms: number;
    }>(
      `insert into throttles as t (key, window_start, hits) values ($1, now(), 1)
       on conflict (key) do update set
         window_start = case when t.window_start <= now() - make_interval(secs => $2) then now() else t.window_start end,
         hits = case when t.window_start <= now() - make_interval(secs => $2) then 1 else t.hits + 1 end
       returning hits,
         extract(epoch from (blocked_until - now())) * 1000 as blocked_ms,
         extract(epoch from (window_start + make_interval(secs => $2) - now())) * 1000 as window_left_ms`,
      [key, seconds],
    );
    const blockedMs = Number(row?.blocked_ms ?? 0);
    if (blockedMs > 0) return { allowed: false, hits: Number(row?.hits), retryAfterMs: blockedMs };
    const hits = Number(row?.hits ?? 1);
    if (hits <= rule.limit) return { allowed: true, hits, retryAfterMs: 0 };
    const blockMs = rule.blockMs ?? Math.max(0, Number(row?.window_left_ms ?? rule.windowMs));
    if (rule.blockMs) {
      await db.query(
        `update throttles set blocked_until = now() + make_interval(secs => $2) where key = $1`,
        [key, rule.blockMs / 1000],
      );
    }
    return { allowed: false, hits, retryAfterMs: blockMs };
  }

  /** Hits in the current window, without adding one. */
  async function count(key: string, windowMs: number): Promise<number> {
    const [row] = await db.query<{ hits: number }>(
      `select hits from throttles where key = $1 and window_start > now() - make_interval(secs => $2)`,
      [key, windowMs / 1000],
    );
    return Number(row?.hits ?? 0);
  }

  async function isBlocked(key: string): Promise<boolean> {
    const rows = await db.query(
      'select 1 from throttles where key = $1 and blocked_until > now()',
      [key],
    );
    return rows.length > 0;
  }

  async function reset(key: string): Promise<void> {
    await db.query('delete from throttles where key = $1', [key]);
  }

  /**
   * Gives one hit back (never below 0): an attempt reserved with `hit` before a secret was
   * checked, that turned out not to be a failure.
   */
  async function release(key: string): Promise<void> {
    await db.query('update throttles set hits = greatest(hits - 1, 0) where key = $1', [key]);
  }

  /** Blocks the key from now for `blockMs` (a lock decided after the secret was checked). */
  async function block(key: string, blockMs: number): Promise<void> {
    await db.query(
      `update throttles set blocked_until = now() + make_interval(secs => $2) where key = $1`,
      [key, blockMs / 1000],
    );
  }

  return { hit, count, isBlocked, reset, release, block };
}

export type Throttles = ReturnType<typeof createThrottles>;

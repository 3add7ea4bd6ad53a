import type { Database } from '../db/types';

/**
 * Forgets game launches a day after they expired, with their free-trial rounds: neither is money
 * (real rounds live in `bets` and the ledger), and free trials would otherwise grow forever.
 */
export async function forgetExpiredLaunches(db: Database): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.query(
      `delete from demo_rounds where launch_id in
         (select id from game_launches where expires_at < now() - interval '1 day')`,
    );
    await tx.query(`delete from game_launches where expires_at < now() - interval '1 day'`);
  });
}

/**
 * Forgets attempt counters whose window ended long ago (no rule counts over more than a day)
 * and that block nothing: one row per key ever counted would otherwise grow without bound, and
 * a caller can make keys (addresses, names, guest keys) at will.
 */
export async function forgetStaleThrottles(db: Database): Promise<void> {
  await db.query(
    `delete from throttles
      where window_start < now() - interval '2 days'
        and (blocked_until is null or blocked_until < now())`,
  );
}

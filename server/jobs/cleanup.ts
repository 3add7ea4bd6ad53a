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

import type { Database, Queryable } from '../db/types';

/** Advisory lock keys of the jobs that must run once across processes (ARCHITECTURE, Storage). */
export const JobLock = {
  withdrawalAutoConfirm: 7_201_004,
  salarySettlement: 7_201_006,
  raffleDraw: 7_201_014,
  rewardExpiry: 7_201_015,
  announcementSchedule: 7_201_032,
  lotteryDraws: 7_201_033,
} as const;

/** Advisory lock keys of append-only chains: one writer at a time across processes. */
export const ChainLock = {
  staffAudit: 7_201_038,
  /** With the person's hash as the second key: one person's grants reserved one at a time. */
  staffGrants: 7_201_040,
  /** The back office's VIP and mission settings: one save at a time. */
  economySettings: 7_201_045,
} as const;

/**
 * Runs `work` in one transaction holding the job's advisory lock, or not at all when another
 * process holds it (that one is doing the work). The lock ends with the transaction, so a
 * process killed mid-run releases it and leaves nothing half-done.
 */
export async function runExclusive<T>(
  db: Database,
  lock: number,
  work: (tx: Queryable) => Promise<T>,
): Promise<{ ran: true; result: T } | { ran: false }> {
  return db.transaction(async (tx) => {
    const [row] = await tx.query<{ locked: boolean }>(
      'select pg_try_advisory_xact_lock($1) as locked',
      [lock],
    );
    if (!row?.locked) return { ran: false } as const;
    return { ran: true, result: await work(tx) } as const;
  });
}

/**
 * One step of a batch inside the job's transaction: a savepoint, so one bad row is rolled back
 * and reported without undoing the rows before it.
 */
export async function inSavepoint<T>(tx: Queryable, work: () => Promise<T>): Promise<T | Error> {
  await tx.query('savepoint job_step');
  try {
    const result = await work();
    await tx.query('release savepoint job_step');
    return result;
  } catch (error) {
    await tx.query('rollback to savepoint job_step');
    return error instanceof Error ? error : new Error(String(error));
  }
}

/**
 * Takes the job's advisory lock for the rest of the transaction `tx`, or answers false when
 * another process holds it (that one is doing the work): `runExclusive` for a transaction the
 * caller already holds (a unit of work, server/platform/unitOfWork.ts).
 */
export async function tryJobLock(tx: Queryable, lock: number): Promise<boolean> {
  const [row] = await tx.query<{ locked: boolean }>(
    'select pg_try_advisory_xact_lock($1) as locked',
    [lock],
  );
  return row?.locked === true;
}

/**
 * Takes the member's row lock: the moves that depend on the bonus lock (claiming a bonus,
 * withdrawing, transferring to the upline, forfeiting) run one at a time per member, so a
 * withdrawal cannot slip past a bonus being claimed at the same moment. The members row, not a
 * wallet: ledger postings lock house accounts before wallets, and a wallet locked first could
 * deadlock against them.
 */
export async function lockMember(tx: Queryable, memberId: string): Promise<void> {
  await tx.query('select id from members where id = $1 for no key update', [memberId]);
}

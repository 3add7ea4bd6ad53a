import type { Platform } from '../../platform/platform';
import { inSavepoint, JobLock } from '../../db/locks';
import { applyWithin, type WithdrawalApplied, withdrawalChanges } from './lifecycle';
import { commitExclusive } from '../../platform/unitOfWork';

const BATCH = 200;

/**
 * Spec 4: a paid withdrawal nobody answered for the configured minutes counts as received
 * (and a partial receipt nobody completed counts as all received). Runs once across processes
 * (advisory lock); `asOf` lets tests move the clock.
 */
export async function autoConfirmWithdrawals(
  deps: Platform,
  asOf: Date = new Date(),
  /** Only this withdrawal (the development tools' way to make one due, issue 15). */
  only: string | null = null,
): Promise<{ ran: boolean; confirmed: number; failed: number }> {
  const minutes = deps.config.payments.withdrawal.autoConfirmMinutes;
  const outcome = await commitExclusive(
    deps,
    JobLock.withdrawalAutoConfirm,
    async ({ tx }) => {
      const due = await tx.query<{ id: string }>(
        `select id::text from withdrawals
       where status in ('awaitingConfirmation', 'partiallyReceived')
         and updated_at <= $1::timestamptz - make_interval(mins => $2)
         and ($4::text is null or id::text = $4)
       order by updated_at limit $3`,
        [asOf.toISOString(), minutes, BATCH, only],
      );
      const changes: WithdrawalApplied[] = [];
      let failed = 0;
      for (const { id } of due) {
        const result = await inSavepoint(tx, () =>
          applyWithin(tx, {
            withdrawalId: id,
            event: { type: 'withdrawal.autoConfirm' },
            actor: 'job',
          }),
        );
        if (result instanceof Error) failed += 1;
        else changes.push(result);
      }
      return { changes, failed };
    },
    // Published after the commit, never inside the transaction.
    (result) => result.changes.flatMap(withdrawalChanges),
  );
  if (!outcome.ran) return { ran: false, confirmed: 0, failed: 0 };
  return { ran: true, confirmed: outcome.result.changes.length, failed: outcome.result.failed };
}

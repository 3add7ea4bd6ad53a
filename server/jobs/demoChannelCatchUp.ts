import { parseMoney } from '../../src/shared/money';
import { creditDeposit } from '../domain/payments/deposits';
import { demoDepositsOn, demoPayoutsOn } from '../domain/payments/channels';
import { applyWithdrawalEvent } from '../domain/withdrawals/lifecycle';
import type { AppDeps } from '../deps';

/** How late a demo confirmation or payout may be before the job does it itself. */
const GRACE_SECONDS = 30;

/**
 * The demo channel acts by timers; a timer whose work failed (a passing database error) would
 * otherwise wait for the next restart. Each job tick does what is overdue. Both actions are
 * idempotent (a deposit credits once, a withdrawal is paid once), so racing a late timer is fine.
 * A demo channel the configuration does not enable does nothing (payments.channels).
 */
export async function catchUpDemoChannel(deps: AppDeps): Promise<number> {
  const { deposit, withdrawal } = deps.config.payments;
  let done = 0;
  const deposits = !demoDepositsOn(deps.config)
    ? []
    : await deps.db.query<{ id: string }>(
        `select id::text from deposits where status = 'pending' and channel = 'DEMO'
           and created_at < now() - make_interval(secs => $1) order by id limit 100`,
        [deposit.demoConfirmSeconds + GRACE_SECONDS],
      );
  for (const { id } of deposits) {
    await creditDeposit(deps, id);
    done += 1;
  }
  if (withdrawal.demoPaySeconds === null || !demoPayoutsOn(deps.config)) return done;
  // Above demoPayMax a request waits for finance (the back office's queue), never the channel.
  const requested = await deps.db.query<{ id: string }>(
    `select id::text from withdrawals where status = 'requested'
       and created_at < now() - make_interval(secs => $1)
       and ($2::bigint is null or amount <= $2::bigint) order by id limit 100`,
    [
      withdrawal.demoPaySeconds + GRACE_SECONDS,
      withdrawal.demoPayMax === null ? null : String(parseMoney(withdrawal.demoPayMax)),
    ],
  );
  for (const { id } of requested) {
    await applyWithdrawalEvent(deps, {
      withdrawalId: id,
      event: { type: 'withdrawal.pay' },
      actor: 'channel',
    });
    done += 1;
  }
  return done;
}

/**
 * The demo channel "pays" by itself: it confirms a deposit after the configured delay, as a
 * real channel's callback would. Crediting is idempotent, so a confirmation that arrives twice
 * (or after a restart, see confirmPendingDemoDeposits) credits once.
 */
export function scheduleDemoConfirmation(deps: AppDeps, depositId: string): void {
  if (!demoDepositsOn(deps.config)) return;
  const delay = deps.config.payments.deposit.demoConfirmSeconds * 1000;
  const timer = setTimeout(() => {
    // A failure is retried by the job's next tick (catchUpDemoChannel) or the start-up sweep.
    creditDeposit(deps, depositId).catch(() => undefined);
  }, delay);
  timer.unref();
}

/**
 * At start: credit demo deposits whose confirmation was due while the server was down, when the
 * demo channel is still enabled (left pending otherwise). Returns how many were scheduled.
 */
export async function confirmPendingDemoDeposits(deps: AppDeps): Promise<number> {
  if (!demoDepositsOn(deps.config)) return 0;
  const rows = await deps.db.query<{ id: string }>(
    `select id::text from deposits where status = 'pending' and channel = 'DEMO'`,
  );
  for (const row of rows) scheduleDemoConfirmation(deps, row.id);
  return rows.length;
}

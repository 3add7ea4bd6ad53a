import type { AppDeps } from '../../http/deps';
import { applyWithdrawalEvent } from './lifecycle';

/**
 * The demo payment channel pays a requested withdrawal by itself after the configured delay,
 * as a real channel's payout callback would; with `demoPaySeconds: null` an operator pays
 * (`npm run ops -- withdrawal <id> pay`). Paying twice is refused by the machine, so a timer
 * that fires after an operator already acted changes nothing.
 */
export function scheduleDemoPayout(deps: AppDeps, withdrawalId: string): void {
  const seconds = deps.config.payments.withdrawal.demoPaySeconds;
  if (seconds === null) return;
  const timer = setTimeout(() => {
    applyWithdrawalEvent(deps, {
      withdrawalId,
      event: { type: 'withdrawal.pay' },
      actor: 'channel',
    }).catch(() => undefined); // Already paid or rejected, or the server is closing: the start-up sweep retries.
  }, seconds * 1000);
  timer.unref();
}

/** At start: requested withdrawals whose payout was due while the server was down. */
export async function schedulePendingDemoPayouts(deps: AppDeps): Promise<void> {
  const rows = await deps.db.query<{ id: string }>(
    `select id::text from withdrawals where status = 'requested'`,
  );
  for (const row of rows) scheduleDemoPayout(deps, row.id);
}

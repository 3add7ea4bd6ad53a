import { parseMoney, toMoneyString } from '../../../src/shared/money';
import type { Platform } from '../../platform/platform';
import { demoPayoutsOn } from '../payments/channels';
import { applyWithdrawalEvent } from './lifecycle';

/**
 * The demo payment channel pays a requested withdrawal by itself after the configured delay,
 * as a real channel's payout callback would. Only when DEMO is an enabled payout channel
 * (`payments.channels.payout`); otherwise, or with `demoPaySeconds: null`, an operator pays
 * (`npm run ops -- withdrawal <id> pay`), as it does a request above `demoPayMax` (the back
 * office's withdrawals queue). Paying twice is refused by the machine, so a timer that fires
 * after an operator already acted changes nothing. Returns whether it scheduled.
 */
export function scheduleDemoPayout(
  deps: Platform,
  withdrawal: { id: string; amount: string },
): boolean {
  const { demoPaySeconds: seconds, demoPayMax } = deps.config.payments.withdrawal;
  if (seconds === null || !demoPayoutsOn(deps.config)) return false;
  if (demoPayMax !== null && parseMoney(withdrawal.amount) > parseMoney(demoPayMax)) return false;
  const withdrawalId = withdrawal.id;
  const timer = setTimeout(() => {
    applyWithdrawalEvent(deps, {
      withdrawalId,
      event: { type: 'withdrawal.pay' },
      actor: 'channel',
    }).catch(() => undefined); // Already paid or rejected, or the server is closing: the start-up sweep retries.
  }, seconds * 1000);
  timer.unref();
  return true;
}

/** At start: requested withdrawals whose payout was due while the server was down. */
export async function schedulePendingDemoPayouts(deps: Platform): Promise<number> {
  if (deps.config.payments.withdrawal.demoPaySeconds === null || !demoPayoutsOn(deps.config))
    return 0;
  const rows = await deps.db.query<{ id: string; amount: string }>(
    `select id::text, amount::text from withdrawals where status = 'requested'`,
  );
  return rows.filter((row) =>
    scheduleDemoPayout(deps, { id: row.id, amount: toMoneyString(BigInt(row.amount)) }),
  ).length;
}

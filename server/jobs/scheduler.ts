import { autoConfirmWithdrawals } from '../domain/withdrawals/autoConfirm';
import { forgetExpiredLaunches } from './cleanup';
import { catchUpDemoChannel } from './demoChannelCatchUp';
import { settleDueSalaries } from '../domain/salary/settle';
import type { AppDeps } from '../http/deps';
import { timedJob } from '../metrics';
import { drawDueRaffles } from '../domain/raffles/raffles';
import { expireRewards } from '../domain/rewards/expiry';

/** How often the jobs look for due work; each run is cheap when nothing is due. */
const TICK_MS = 30_000;

/**
 * The server's periodic jobs. Every process runs the timer; the advisory lock inside each job
 * lets only one of them do the work at a time. Returns a stop function for shutdown.
 */
export function startJobs(deps: AppDeps, log: (message: string) => void): () => void {
  let running = false;
  const tick = async () => {
    if (running) return; // A slow run is never overlapped by the next tick.
    running = true;
    try {
      await timedJob('demoChannelCatchUp', async () => {
        await catchUpDemoChannel(deps);
        return { ran: true };
      });
      await timedJob('forgetExpiredLaunches', async () => {
        await forgetExpiredLaunches(deps.db);
        return { ran: true };
      });
      const salaries = await timedJob('salarySettlement', () => settleDueSalaries(deps));
      if (salaries.failed > 0)
        log(`salary settlement: ${salaries.failed} failed, retried next run`);
      await timedJob('raffleDraw', async () => {
        await drawDueRaffles(deps);
        return { ran: true };
      });
      const expired = await timedJob('rewardExpiry', () => expireRewards(deps));
      if (expired.failed > 0) log(`reward expiry: ${expired.failed} failed, retried next run`);
      const result = await timedJob('withdrawalAutoConfirm', () => autoConfirmWithdrawals(deps));
      if (result.failed > 0)
        log(`withdrawal auto-confirmation: ${result.failed} failed, retried next run`);
    } catch (error) {
      log(`job run failed, retried next run: ${(error as Error).message}`);
    } finally {
      running = false;
    }
  };
  const timer = setInterval(() => void tick(), TICK_MS);
  timer.unref();
  void tick(); // Catch up at start on what fell due while the server was down.
  return () => clearInterval(timer);
}

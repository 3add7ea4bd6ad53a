import { autoConfirmWithdrawals } from '../domain/withdrawals/autoConfirm';
import { startAnnouncementTimer } from './announcementTimer';
import { forgetExpiredLaunches, forgetStaleThrottles } from './cleanup';
import { startLotteryDrawTimer } from './lotteryDrawTimer';
import { forgetOldChats } from '../domain/chat/rooms';
import { catchUpDemoChannel } from './demoChannelCatchUp';
import { settleDueSalaries } from '../domain/salary/settle';
import type { AppDeps } from '../deps';
import { timedJob } from '../metrics';
import { drawDueRaffles } from '../domain/raffles/raffles';
import { expireRewards } from '../domain/rewards/expiry';
import { foldAccruals } from '../domain/accruals/fold';

/** How often the jobs look for due work; each run is cheap when nothing is due. */
const TICK_MS = 30_000;

/**
 * The server's periodic jobs. Every process runs the timer; the advisory lock inside each job
 * lets only one of them do the work at a time. Returns a stop function for shutdown: no new
 * run starts, a run under way stops after the job it is in, and the promise resolves then (so
 * the database is closed under no job).
 */
export function startJobs(deps: AppDeps, log: (message: string) => void): () => Promise<void> {
  let stopped = false;
  let current: Promise<void> | null = null;
  const jobs: [string, () => Promise<void>][] = [
    [
      // Bets a crash left queued for their accruals (issue 31); a bet folds the queue itself.
      'accrualFold',
      async () => {
        await timedJob('accrualFold', async () => {
          await foldAccruals(deps);
          return { ran: true };
        });
      },
    ],
    [
      'demoChannelCatchUp',
      async () => {
        await timedJob('demoChannelCatchUp', async () => {
          await catchUpDemoChannel(deps);
          return { ran: true };
        });
      },
    ],
    [
      'forgetExpiredLaunches',
      async () => {
        await timedJob('forgetExpiredLaunches', async () => {
          await forgetExpiredLaunches(deps.db);
          return { ran: true };
        });
      },
    ],
    [
      'forgetStaleThrottles',
      async () => {
        await timedJob('forgetStaleThrottles', async () => {
          await forgetStaleThrottles(deps.db);
          return { ran: true };
        });
      },
    ],
    [
      // Closed chats past their retention, and guest rooms where nothing was said (issue 16).
      'forgetOldChats',
      async () => {
        await timedJob('forgetOldChats', async () => {
          await forgetOldChats(deps.db);
          return { ran: true };
        });
      },
    ],
    [
      'salarySettlement',
      async () => {
        // Every bet of the ending periods folded in first (issue 31).
        await foldAccruals(deps);
        const salaries = await timedJob('salarySettlement', () => settleDueSalaries(deps));
        if (salaries.failed > 0) {
          log(`salary settlement: ${salaries.failed} failed, retried next run`);
        }
      },
    ],
    [
      'raffleDraw',
      async () => {
        await timedJob('raffleDraw', async () => {
          await drawDueRaffles(deps);
          return { ran: true };
        });
      },
    ],
    [
      'rewardExpiry',
      async () => {
        const expired = await timedJob('rewardExpiry', () => expireRewards(deps));
        if (expired.failed > 0) log(`reward expiry: ${expired.failed} failed, retried next run`);
      },
    ],
    [
      'withdrawalAutoConfirm',
      async () => {
        const result = await timedJob('withdrawalAutoConfirm', () => autoConfirmWithdrawals(deps));
        if (result.failed > 0) {
          log(`withdrawal auto-confirmation: ${result.failed} failed, retried next run`);
        }
      },
    ],
  ];
  const tick = async () => {
    for (const [name, job] of jobs) {
      if (stopped) return;
      try {
        await job();
      } catch (error) {
        log(`job ${name} failed, retried next run: ${(error as Error).message}`);
      }
    }
  };
  const run = () => {
    if (current || stopped) return; // A slow run is never overlapped by the next tick.
    current = tick().finally(() => {
      current = null;
    });
  };
  const timer = setInterval(run, TICK_MS);
  timer.unref();
  run(); // Catch up at start on what fell due while the server was down.
  // Scheduled announcements keep their own timer: they are told at their minute, not a tick later.
  const stopAnnouncements = startAnnouncementTimer(deps, log);
  // The lottery's draws open as their periods close (issue 16).
  const stopDraws = startLotteryDrawTimer(deps, log);
  return async () => {
    stopped = true;
    clearInterval(timer);
    await Promise.all([current, stopAnnouncements(), stopDraws()]);
  };
}

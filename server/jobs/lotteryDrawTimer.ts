import { drawIntervals, nextDrawAt, openDueDraws } from '../domain/games/lottery/draws';
import { settleVnSlips } from '../domain/games/lottery/vnSettle';
import { pruneVnExposure } from '../domain/games/lottery/vnExposure';
import type { AppDeps } from '../deps';
import { timedJob } from '../metrics';
import { startDueTimer } from './dueTimer';

/**
 * Opens the demo vendor's lottery draws as their periods close (issue 16), then settles the
 * Vietnamese lottery's slips on them (issue 34): it sleeps until the
 * next close of any game's interval (issue 32: a 45-second game wakes it every 45 s), then opens
 * what is due under the job's advisory lock.
 */
export function startLotteryDrawTimer(
  deps: AppDeps,
  log: (message: string) => void,
): () => Promise<void> {
  const timer = startDueTimer({
    name: 'lotteryDraws',
    log,
    run: async () => {
      await timedJob('lotteryDraws', async () => ({
        ran: true,
        opened: await openDueDraws(deps.db, deps.config.lottery),
        // The Vietnamese lottery's slips on the draws just opened (issue 34): settled now.
        ...(await settleVnSlips(deps)),
      }));
      // The liability cap's reservations go with their draws (lottery.keepDays).
      await pruneVnExposure(deps.db, new Date(), deps.config.lottery.keepDays);
      // A little after the close, so the closed period is the one opened.
      const intervals = await drawIntervals(deps.db, deps.config.lottery);
      return nextDrawAt(intervals).getTime() - Date.now() + 50;
    },
  });
  return timer.stop;
}

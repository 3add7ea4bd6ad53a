import {
  databaseNow,
  nextAnnouncementTransition,
  tellScheduledAnnouncements,
} from '../domain/announcements/scheduledAnnouncements';
import type { AppDeps } from '../deps';
import { timedJob } from '../metrics';
import { startDueTimer } from './dueTimer';

/**
 * Tells the open pages when a scheduled announcement starts or ends, at that moment: after each
 * run it sleeps until the next start or end the database holds, and wakes early when an
 * announcement changes in this process (one just created may start in a second). Every process
 * runs it; the job's advisory lock and marks tell each transition once.
 */
export function startAnnouncementTimer(
  deps: AppDeps,
  log: (message: string) => void,
): () => Promise<void> {
  const timer = startDueTimer({
    name: 'announcementSchedule',
    log,
    run: async () => {
      // Published by the job's unit of work after the marks committed (ARCHITECTURE, Realtime).
      await timedJob('announcementSchedule', async () => ({
        ran: true,
        told: await tellScheduledAnnouncements(deps),
      }));
      const next = await nextAnnouncementTransition(deps.db);
      if (next === null) return null;
      // A little after the due time, so the database's now() has passed it for sure; and not
      // at once again when it is already past (another process holds the job and is telling
      // it): a second later.
      return Math.max(next.getTime() - (await databaseNow(deps.db)).getTime() + 20, 1_000);
    },
  });
  const unsubscribe = deps.changes.on('announcement', () => timer.wake());
  return async () => {
    unsubscribe();
    await timer.stop();
  };
}

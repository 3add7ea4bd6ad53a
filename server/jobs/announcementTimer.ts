import {
  databaseNow,
  nextAnnouncementTransition,
  tellScheduledAnnouncements,
} from '../domain/announcements/scheduledAnnouncements';
import type { AppDeps } from '../http/deps';
import { timedJob } from '../metrics';

/** The longest sleep: another process may have scheduled one this process did not hear of. */
const POLL_MS = 30_000;

/**
 * Tells the open pages when a scheduled announcement starts or ends, at that moment: after each
 * run it sleeps until the next start or end the database holds (at most POLL_MS), and wakes
 * early when an announcement changes in this process (one just created may start in a second).
 * Every process runs it; the job's advisory lock and marks tell each transition once.
 */
export function startAnnouncementTimer(
  deps: AppDeps,
  log: (message: string) => void,
): () => Promise<void> {
  let stopped = false;
  let timer: NodeJS.Timeout | null = null;
  let current: Promise<void> | null = null;
  let again = false;

  const schedule = (ms: number) => {
    if (stopped) return;
    if (timer) clearTimeout(timer);
    timer = setTimeout(run, Math.max(0, Math.min(ms, POLL_MS)));
    timer.unref();
  };

  const tick = async () => {
    const changes = await timedJob('announcementSchedule', async () => {
      const told = await tellScheduledAnnouncements(deps.db);
      return { ran: true, told };
    });
    // Published after the marks committed (ARCHITECTURE, Realtime).
    for (const change of changes.told) deps.announcementEvents.announce(change);
    const next = await nextAnnouncementTransition(deps.db);
    if (next === null) return schedule(POLL_MS);
    // A little after the due time, so the database's now() has passed it for sure.
    schedule(next.getTime() - (await databaseNow(deps.db)).getTime() + 20);
  };

  function run() {
    if (stopped) return;
    if (current) {
      again = true; // A change arrived during a run: look again right after it.
      return;
    }
    current = tick()
      .catch((error: unknown) => {
        log(`job announcementSchedule failed, retried: ${(error as Error).message}`);
        schedule(POLL_MS);
      })
      .finally(() => {
        current = null;
        if (again) {
          again = false;
          run();
        }
      });
  }

  const unsubscribe = deps.announcementEvents.onChange(() => schedule(0));
  run();
  return async () => {
    stopped = true;
    unsubscribe();
    if (timer) clearTimeout(timer);
    await current;
  };
}

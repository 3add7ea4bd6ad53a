import type { Database } from '../../db/types';
import { JobLock } from '../../db/locks';
import type { AnnouncementChange } from './operatorAnnouncements';
import type { Platform } from '../../platform/platform';
import { commitExclusive } from '../../platform/unitOfWork';

/**
 * A scheduled announcement's start and end reach the open pages live (issue 16): at the start
 * or the end time, the change is told as a created or ended one is (the `announcement` event
 * with a new version, so every page it is for fetches its list again).
 *
 * Each transition is told once across processes: the rows are marked (`start_told_at`,
 * `end_told_at`) in the transaction that holds the job's advisory lock, and the events are
 * published by its unit of work after that transaction committed. A row created to start at once,
 * or ended by hand, was told when it happened and is marked so already.
 */
export async function tellScheduledAnnouncements(
  deps: Pick<Platform, 'db' | 'changes'>,
): Promise<AnnouncementChange[]> {
  const run = await commitExclusive(
    deps,
    JobLock.announcementSchedule,
    async ({ tx }) => {
      const rows = await tx.query<{ version: string; member_ids: string[] | null }>(
        `update operator_announcements
          set start_told_at = coalesce(start_told_at, now()),
              end_told_at = case when ends_at <= now() then now() else end_told_at end,
              version = nextval('operator_announcement_versions')
        where ended_at is null and end_told_at is null
          and ((start_told_at is null and starts_at <= now()) or ends_at <= now())
        returning version::text as version, member_ids::text[] as member_ids`,
      );
      return rows.map((row) => ({ version: Number(row.version), memberIds: row.member_ids }));
    },
    // Published once the marks committed (ARCHITECTURE, Realtime).
    (told) => told.map((change) => ({ kind: 'announcement' as const, change })),
  );
  return run.ran ? run.result : [];
}

/**
 * When the next scheduled start or end falls due (the database's clock), or null when none is
 * waiting: the timer sleeps until then instead of waiting for the jobs' next tick.
 */
export async function nextAnnouncementTransition(db: Database): Promise<Date | null> {
  const [row] = await db.query<{ due: Date | string | null }>(
    `select least(min(starts_at) filter (where start_told_at is null), min(ends_at)) as due
       from operator_announcements
      where ended_at is null and end_told_at is null`,
  );
  return row?.due ? new Date(row.due) : null;
}

/** The database's clock now, so the wait is measured against the times it compares. */
export async function databaseNow(db: Database): Promise<Date> {
  const [row] = await db.query<{ now: Date | string }>('select now() as now');
  return new Date(row!.now);
}

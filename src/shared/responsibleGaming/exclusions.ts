/**
 * Time-outs and self-exclusion (issue 17): the durations a player chooses from, when an
 * exclusion ends, whether it still runs, and the rule that an operator may only lengthen one.
 */

/** A time-out ("take a break"): short, fixed choices. */
export const TIME_OUTS = ['24h', '7d', '30d'] as const;
export type TimeOutDuration = (typeof TIME_OUTS)[number];

/** Self-exclusion: six months to five years, or for good. */
export const SELF_EXCLUSIONS = ['6m', '1y', '2y', '3y', '5y', 'permanent'] as const;
export type SelfExclusionDuration = (typeof SELF_EXCLUSIONS)[number];

export type ExclusionKind = 'timeOut' | 'selfExclusion';
export type ExclusionDuration = TimeOutDuration | SelfExclusionDuration;

const HOUR_MS = 60 * 60_000;
const DAY_MS = 24 * HOUR_MS;

/** Whether `duration` is one `kind` offers. */
export function isExclusionDuration(kind: ExclusionKind, duration: string): boolean {
  return kind === 'timeOut'
    ? (TIME_OUTS as readonly string[]).includes(duration)
    : (SELF_EXCLUSIONS as readonly string[]).includes(duration);
}

/**
 * When an exclusion of `duration` taken at `from` ends: a fixed number of hours for time-outs,
 * calendar months (UTC) for self-exclusion, null for a permanent one. A month end that does
 * not exist (31 August + 6 months) rolls to the last day of the month.
 */
export function exclusionEnd(duration: ExclusionDuration, from: Date): Date | null {
  switch (duration) {
    case '24h':
      return new Date(from.getTime() + DAY_MS);
    case '7d':
      return new Date(from.getTime() + 7 * DAY_MS);
    case '30d':
      return new Date(from.getTime() + 30 * DAY_MS);
    case 'permanent':
      return null;
    default: {
      const months = duration === '6m' ? 6 : 12 * Number(duration.slice(0, -1));
      const target = new Date(from.getTime());
      const day = target.getUTCDate();
      target.setUTCDate(1);
      target.setUTCMonth(target.getUTCMonth() + months);
      const last = new Date(
        Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0),
      ).getUTCDate();
      target.setUTCDate(Math.min(day, last));
      return target;
    }
  }
}

/** Whether an exclusion that ends at `endsAt` (null: never) is still running at `now`. */
export function exclusionRunning(endsAt: Date | null, now: Date): boolean {
  return endsAt === null || endsAt.getTime() > now.getTime();
}

/**
 * An operator may only lengthen an exclusion (never shorten it): a permanent one stays; a
 * dated one may become later or permanent.
 */
export function isExtension(current: Date | null, next: Date | null): boolean {
  if (current === null) return next === null;
  return next === null || next.getTime() > current.getTime();
}

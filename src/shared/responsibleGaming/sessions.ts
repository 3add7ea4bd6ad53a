/**
 * Sessions and the reality check (issue 17): when the next reality check falls, when a session
 * reaches its limit, and how a login joins a sitting or waits for the break after one.
 */

/**
 * The next reality check after `now` for a session that started at `startedAt`: every
 * `intervalMinutes` of the session (at 30, 60, 90… minutes), never one already past.
 */
export function nextRealityCheck(startedAt: Date, intervalMinutes: number, now: Date): Date {
  const interval = intervalMinutes * 60_000;
  const elapsed = Math.max(0, now.getTime() - startedAt.getTime());
  return new Date(startedAt.getTime() + (Math.floor(elapsed / interval) + 1) * interval);
}

/** When a session that started at `startedAt` reaches its limit (minutes). */
export function sessionLimitAt(startedAt: Date, limitMinutes: number): Date {
  return new Date(startedAt.getTime() + limitMinutes * 60_000);
}

/** The member's latest sitting, as the sessions table tells it at a login. */
export interface LastSitting {
  startedAt: Date;
  /** Whether a session of it is still open (not logged out, not expired). */
  open: boolean;
  /** When its last session ended (logout or expiry); null while one is open. */
  lastEndedAt: Date | null;
}

export type SittingAtLogin =
  /** The login opens a session of the sitting that started at `startedAt` (now: a new one). */
  | { startedAt: Date }
  /** The sitting reached the session limit: no login until its break is over. */
  | { breakEndsAt: Date };

/**
 * The session limit bounds a sitting, not one login (issue 17): a run of logins with less than
 * the break between them (the time with no session open) is one sitting, counted from its first
 * login. A login joins the last sitting while it is within its limit and the member was away
 * less than the break; once the sitting reached its limit (or the member left it), a new one
 * starts only after the break, counted from the limit or from when the member left if earlier.
 * A sitting with an open session ends at its limit (an open tab counts as still playing).
 */
export function sittingAtLogin(
  last: LastSitting | null,
  limitMinutes: number | null,
  breakMinutes: number,
  now: Date,
): SittingAtLogin {
  if (last === null) return { startedAt: now };
  const limitAt =
    limitMinutes === null ? Infinity : last.startedAt.getTime() + limitMinutes * 60_000;
  const left = last.open || last.lastEndedAt === null ? Infinity : last.lastEndedAt.getTime();
  const ended = Math.min(limitAt, left);
  const breakEnds = ended + breakMinutes * 60_000;
  if (now.getTime() >= breakEnds) return { startedAt: now };
  if (now.getTime() < limitAt) return { startedAt: last.startedAt };
  return { breakEndsAt: new Date(breakEnds) };
}

/** When the break after a sitting that started at `startedAt` and reached its limit ends. */
export function sessionBreakEnd(startedAt: Date, limitMinutes: number, breakMinutes: number): Date {
  return new Date(startedAt.getTime() + (limitMinutes + breakMinutes) * 60_000);
}

/** Whole minutes between two instants, for "you have played 1 h 5 min". */
export function minutesBetween(from: Date, to: Date): number {
  return Math.max(0, Math.floor((to.getTime() - from.getTime()) / 60_000));
}

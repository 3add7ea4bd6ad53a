import {
  type SessionBreakRefusal,
  type SessionLimitRefusal,
  sessionBreakEnd,
  sittingAtLogin,
} from '../../../src/shared/responsibleGaming';
import type { Queryable } from '../../db/types';
import { ApiError } from '../../platform/apiError';

/**
 * The member's latest sitting (issue 17): the start of the newest session's sitting, whether a
 * session of it is open at `now` and when its last one ended. Read under the member's row lock
 * at a login (startSession), so parallel logins join one sitting one after the other.
 */
async function lastSitting(tx: Queryable, memberId: string, now: Date) {
  const [row] = await tx.query<{ started_at: Date; open: boolean; last_ended_at: Date | null }>(
    `with latest as (
       select coalesce(sitting_started_at, created_at) as started_at from sessions
       where member_id = $1 order by id desc limit 1)
     select l.started_at,
       coalesce(bool_or(s.revoked_at is null and s.expires_at > $2), false) as open,
       max(least(coalesce(s.revoked_at, s.expires_at), s.expires_at)) as last_ended_at
     from latest l
     join sessions s on s.member_id = $1
       and coalesce(s.sitting_started_at, s.created_at) = l.started_at
     group by l.started_at`,
    [memberId, now],
  );
  if (!row) return null;
  return {
    startedAt: new Date(row.started_at),
    open: row.open,
    lastEndedAt: row.last_ended_at === null ? null : new Date(row.last_ended_at),
  };
}

/** The refusal of a login during the break after a session limit. */
export function sessionBreakError(minutes: number, endsAt: Date): ApiError {
  const value: SessionBreakRefusal = { minutes, endsAt: endsAt.toISOString() };
  return new ApiError(
    403,
    'rg_session_break',
    `Your session limit of ${minutes} minutes was reached: you can log in again after ${value.endsAt}.`,
    value,
  );
}

/** The refusal of play in a sitting that reached its limit: when the member may log in again. */
export function sessionLimitError(
  sittingStartedAt: Date,
  minutes: number,
  breakMinutes: number,
  now: Date,
): ApiError {
  const end = sessionBreakEnd(sittingStartedAt, minutes, breakMinutes);
  const value: SessionLimitRefusal = {
    minutes,
    breakEndsAt: new Date(Math.max(end.getTime(), now.getTime())).toISOString(),
  };
  return new ApiError(
    403,
    'rg_session_limit',
    `Your session limit of ${minutes} minutes is reached. You can log in again after ${value.breakEndsAt}.`,
    value,
  );
}

/**
 * In the login's transaction, after the member's row is locked: the start of the sitting the
 * new session belongs to, or the refusal while the break after a session limit runs.
 */
export async function sittingForLogin(
  tx: Queryable,
  memberId: string,
  limitMinutes: number | null,
  breakMinutes: number,
  now: Date,
): Promise<Date> {
  const decision = sittingAtLogin(
    await lastSitting(tx, memberId, now),
    limitMinutes,
    breakMinutes,
    now,
  );
  if ('breakEndsAt' in decision) throw sessionBreakError(limitMinutes!, decision.breakEndsAt);
  return decision.startedAt;
}

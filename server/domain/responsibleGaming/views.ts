import { toMoneyString } from '../../../src/shared/money';
import {
  leftOf,
  type LimitView,
  periodEnd,
  type RgHistoryItem,
  type RgSession,
  type RgStatus,
  usedOf,
} from '../../../src/shared/responsibleGaming';
import type { Queryable } from '../../db/types';
import type { Platform } from '../../platform/platform';
import { readRgState, type RgState } from './state';
import { usageWithin, usedFor } from './usage';

/** How many changes the member's page shows (the operator's view shows all). */
const PAGE_HISTORY = 20;

/** A member's recorded changes, newest first. */
export async function rgHistory(
  db: Queryable,
  memberId: string,
  limit: number | null,
): Promise<RgHistoryItem[]> {
  const rows = await db.query<{
    at: Date;
    actor: RgHistoryItem['actor'];
    subject: string;
    old_value: string | null;
    new_value: string | null;
    effective_at: Date;
  }>(
    `select at, actor, subject, old_value, new_value, effective_at from rg_changes
     where member_id = $1 order by id desc ${limit === null ? '' : 'limit $2'}`,
    limit === null ? [memberId] : [memberId, limit],
  );
  return rows.map((row) => ({
    at: new Date(row.at).toISOString(),
    actor: row.actor,
    subject: row.subject,
    old: row.old_value,
    new: row.new_value,
    effectiveAt: new Date(row.effective_at).toISOString(),
  }));
}

/** Every limit with what is used and left this period, and when the period ends. */
async function limitViews(
  db: Queryable,
  memberId: string,
  state: RgState,
  now: Date,
): Promise<LimitView[]> {
  const usage = await usageWithin(db, memberId, state.timeZone, now);
  return state.limits.map((limit) => {
    const used = usedFor(limit.kind, usage[limit.period]);
    const use = { kind: limit.kind, period: limit.period, limit: limit.value ?? 0n, used };
    return {
      kind: limit.kind,
      period: limit.period,
      limit: limit.value === null ? null : toMoneyString(limit.value),
      used: toMoneyString(usedOf(use)),
      left: limit.value === null ? null : toMoneyString(leftOf(use)),
      resetsAt: periodEnd(limit.period, now, state.timeZone).toISOString(),
      pending: limit.pending
        ? {
            limit: limit.pending.value === null ? null : toMoneyString(limit.pending.value),
            at: limit.pending.at.toISOString(),
          }
        : null,
    };
  });
}

/** The responsible-gaming page's reading (GET /wps/rg). */
export async function rgStatus(deps: Platform, memberId: string): Promise<RgStatus> {
  const now = deps.clock.now();
  const state = await readRgState(deps.db, memberId, now);
  return {
    timeZone: state.timeZone,
    timeZoneSet: state.timeZoneSet,
    pendingTimeZone: state.pendingTimeZone
      ? { timeZone: state.pendingTimeZone.value, at: state.pendingTimeZone.at.toISOString() }
      : null,
    limits: await limitViews(deps.db, memberId, state, now),
    sessionLimit: state.sessionLimit,
    pendingSessionLimit: state.pendingSessionLimit
      ? {
          minutes: state.pendingSessionLimit.value,
          at: state.pendingSessionLimit.at.toISOString(),
        }
      : null,
    realityCheckMinutes: state.realityCheckMinutes,
    coolingOffHours: deps.config.responsibleGaming.coolingOffHours,
    sessionBreakMinutes: deps.config.responsibleGaming.sessionBreakMinutes,
    history: await rgHistory(deps.db, memberId, PAGE_HISTORY),
    seq: state.version,
  };
}

/**
 * The current login session for the reality check (GET /wps/rg/session): when it and its
 * sitting (the session limit's count) started, the server's clock, the member's settings, and the session's real bets (since the login).
 */
export async function rgSession(
  deps: Platform,
  session: { memberId: string; sessionId: string },
): Promise<RgSession> {
  const now = deps.clock.now();
  const state = await readRgState(deps.db, session.memberId, now);
  const [row] = await deps.db.query<{
    created_at: Date;
    sitting_started_at: Date;
    wagered: string;
    won: string;
  }>(
    `select s.created_at, coalesce(s.sitting_started_at, s.created_at) as sitting_started_at,
       coalesce((select sum(b.bet_amount) from bets b
                 where b.member_id = s.member_id and b.created_at >= s.created_at), 0)::text
         as wagered,
       coalesce((select sum(b.win_amount) from bets b
                 where b.member_id = s.member_id and b.created_at >= s.created_at), 0)::text
         as won
     from sessions s where s.id = $1`,
    [session.sessionId],
  );
  const wagered = BigInt(row?.wagered ?? '0');
  const won = BigInt(row?.won ?? '0');
  return {
    startedAt: new Date(row?.created_at ?? now).toISOString(),
    sittingStartedAt: new Date(row?.sitting_started_at ?? row?.created_at ?? now).toISOString(),
    sessionBreakMinutes: deps.config.responsibleGaming.sessionBreakMinutes,
    serverNow: now.toISOString(),
    realityCheckMinutes: state.realityCheckMinutes,
    sessionLimit: state.sessionLimit,
    wagered: toMoneyString(wagered),
    won: toMoneyString(won),
    net: toMoneyString(won - wagered),
    timeZone: state.timeZone,
    timeZoneSet: state.timeZoneSet,
    seq: state.version,
  };
}

/** The operator's view of one member (`npm run ops -- rg <account>`): everything, all history. */
export async function rgOperatorView(deps: Platform, member: { id: string; account: string }) {
  const now = deps.clock.now();
  const state = await readRgState(deps.db, member.id, now);
  const [last] = await deps.db.query<{
    exclusion_kind: string | null;
    exclusion_started_at: Date | null;
    exclusion_ends_at: Date | null;
  }>(
    `select exclusion_kind, exclusion_started_at, exclusion_ends_at from rg_settings
     where member_id = $1`,
    [member.id],
  );
  const status = await rgStatus(deps, member.id);
  const history = await rgHistory(deps.db, member.id, null);
  return {
    account: member.account,
    excluded: state.exclusion
      ? {
          kind: state.exclusion.kind,
          startedAt: state.exclusion.startedAt.toISOString(),
          endsAt: state.exclusion.endsAt?.toISOString() ?? null,
        }
      : null,
    lastExclusion:
      last?.exclusion_kind && !state.exclusion
        ? {
            kind: last.exclusion_kind,
            startedAt: new Date(last.exclusion_started_at!).toISOString(),
            endsAt: last.exclusion_ends_at ? new Date(last.exclusion_ends_at).toISOString() : null,
          }
        : null,
    timeZone: status.timeZone,
    pendingTimeZone: status.pendingTimeZone,
    limits: status.limits,
    sessionLimit: status.sessionLimit,
    pendingSessionLimit: status.pendingSessionLimit,
    realityCheckMinutes: status.realityCheckMinutes,
    exclusions: history.filter((item) => item.subject === 'exclusion'),
    history,
  };
}

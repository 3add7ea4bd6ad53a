import {
  type ExclusionKind,
  type ExclusionRefusal,
  exclusionRunning,
  limitAt,
  RG_LIMIT_KINDS,
  RG_PERIODS,
  type RgLimitKind,
  type RgPeriod,
} from '../../../src/shared/responsibleGaming';
import type { Queryable } from '../../db/types';
import { ApiError } from '../../platform/apiError';

/** One money limit as it stands at a moment: in force, and the change still waiting. */
export interface LimitState {
  kind: RgLimitKind;
  period: RgPeriod;
  value: bigint | null;
  pending: { value: bigint | null; at: Date } | null;
}

export interface ExclusionState {
  kind: ExclusionKind;
  startedAt: Date;
  endsAt: Date | null;
}

/** A member's responsible-gaming settings at `now`, pending changes whose time came applied. */
export interface RgState {
  /** The zone periods are counted in: the stored one, UTC until one is stored. */
  timeZone: string;
  timeZoneSet: boolean;
  pendingTimeZone: { value: string; at: Date } | null;
  sessionLimit: number | null;
  pendingSessionLimit: { value: number | null; at: Date } | null;
  realityCheckMinutes: number | null;
  /** The exclusion in force at `now`, if any. */
  exclusion: ExclusionState | null;
  limits: LimitState[];
  version: number;
}

interface SettingsRow {
  time_zone: string | null;
  pending_time_zone: string | null;
  pending_time_zone_at: Date | null;
  session_limit_minutes: number | null;
  pending_session_limit: number | null;
  pending_session_limit_at: Date | null;
  reality_check_minutes: number | null;
  exclusion_kind: ExclusionKind | null;
  exclusion_started_at: Date | null;
  exclusion_ends_at: Date | null;
  version: string | null;
  limits:
    | {
        kind: RgLimitKind;
        period: RgPeriod;
        amount: string | null;
        pending_amount: string | null;
        pending_at: string | null;
      }[]
    | null;
}

const date = (value: Date | string | null): Date | null =>
  value === null ? null : new Date(value);
const big = (value: string | null): bigint | null => (value === null ? null : BigInt(value));

/**
 * Reads the settings and the limits in one round trip (it runs in every real bet's
 * transaction). A member who never set anything has no row: everything is off, UTC.
 */
export async function readRgState(db: Queryable, memberId: string, now: Date): Promise<RgState> {
  const [row] = await db.query<SettingsRow>(
    `select ${SETTINGS_COLUMNS}
     from (select $1::bigint as member_id) k
     left join rg_settings s on s.member_id = k.member_id`,
    [memberId],
  );
  return rgStateOf(row!, now);
}

/** The settings row's columns and the member's limits, on `rg_settings s` (member `$1`). */
const SETTINGS_COLUMNS = `s.time_zone, s.pending_time_zone, s.pending_time_zone_at,
  s.session_limit_minutes, s.pending_session_limit, s.pending_session_limit_at,
  s.reality_check_minutes, s.exclusion_kind, s.exclusion_started_at, s.exclusion_ends_at,
  s.version::text,
  (select json_agg(json_build_object('kind', l.kind, 'period', l.period,
     'amount', l.amount::text, 'pending_amount', l.pending_amount::text,
     'pending_at', l.pending_at))
   from rg_limits l where l.member_id = $1) as limits`;

/** The login session a game was opened from, as a bet checks it. */
export interface PlaySession {
  sittingStartedAt: Date;
  ended: boolean;
}

/**
 * In a real bet's transaction (issue 31: one round trip where there were three): the member's
 * row locked first — an exclusion committed while the bet was on its way is then seen (it takes
 * the same lock), and parallel bets are counted one after the other — with the settings and the
 * limits at `now`, and the login session the game was opened from (null when there is none or
 * it is unknown).
 */
export async function lockRgStateWithin(
  tx: Queryable,
  memberId: string,
  sessionId: string | null,
  now: Date,
  /** More columns to read in the same statement (the member is `$1`), answered in `also`. */
  alsoRead?: string,
): Promise<{ state: RgState; session: PlaySession | null; also: Record<string, unknown> }> {
  const [row] = await tx.query<
    SettingsRow & { session: { started: string; ended: boolean } | null }
  >(
    `select ${SETTINGS_COLUMNS}, ${alsoRead ? `${alsoRead},` : ''}
       (select json_build_object('started', coalesce(x.sitting_started_at, x.created_at),
          'ended', x.revoked_at is not null or x.expires_at <= now())
        from sessions x where x.id = $2) as session
     from (select $1::bigint as member_id) k
     left join lateral (select id from members where id = k.member_id for no key update) m
       on true
     left join rg_settings s on s.member_id = k.member_id`,
    [memberId, sessionId],
  );
  const session = row!.session;
  return {
    also: row as unknown as Record<string, unknown>,
    state: rgStateOf(row!, now),
    session: session ? { sittingStartedAt: new Date(session.started), ended: session.ended } : null,
  };
}

function rgStateOf(settings: SettingsRow, now: Date): RgState {
  const zone = limitAt(
    {
      value: settings.time_zone,
      pendingValue: settings.pending_time_zone,
      pendingAt: date(settings.pending_time_zone_at),
    },
    now,
  );
  const session = limitAt(
    {
      value: settings.session_limit_minutes,
      pendingValue: settings.pending_session_limit,
      pendingAt: date(settings.pending_session_limit_at),
    },
    now,
  );
  const stored = new Map(
    (settings.limits ?? []).map((limit) => [`${limit.kind}:${limit.period}`, limit]),
  );
  const limits: LimitState[] = [];
  for (const kind of RG_LIMIT_KINDS) {
    for (const period of RG_PERIODS) {
      const limit = stored.get(`${kind}:${period}`);
      const at = limitAt(
        {
          value: big(limit?.amount ?? null),
          pendingValue: big(limit?.pending_amount ?? null),
          pendingAt: date(limit?.pending_at ?? null),
        },
        now,
      );
      limits.push({ kind, period, value: at.value, pending: at.pending });
    }
  }
  const endsAt = date(settings.exclusion_ends_at);
  const exclusion =
    settings.exclusion_kind && exclusionRunning(endsAt, now)
      ? { kind: settings.exclusion_kind, startedAt: date(settings.exclusion_started_at)!, endsAt }
      : null;
  return {
    timeZone: zone.value ?? 'UTC',
    timeZoneSet: zone.value !== null,
    pendingTimeZone: zone.pending?.value
      ? { value: zone.pending.value, at: zone.pending.at }
      : null,
    sessionLimit: session.value,
    pendingSessionLimit: session.pending,
    realityCheckMinutes: settings.reality_check_minutes,
    exclusion,
    limits,
    version: Number(settings.version ?? 0),
  };
}

/** The limits of `kinds` in force (value set), for a check. */
export const limitsInForce = (state: RgState, kinds: readonly RgLimitKind[]) =>
  state.limits.filter(
    (limit): limit is LimitState & { value: bigint } =>
      limit.value !== null && kinds.includes(limit.kind),
  );

/** The refusal of anything an excluded member tries (login, deposit, play). */
export function exclusionError(exclusion: ExclusionState): ApiError {
  const value: ExclusionRefusal = {
    kind: exclusion.kind,
    endsAt: exclusion.endsAt?.toISOString() ?? null,
  };
  const what = exclusion.kind === 'timeOut' ? 'You are taking a break' : 'You excluded yourself';
  const until = exclusion.endsAt ? `until ${exclusion.endsAt.toISOString()}` : 'permanently';
  return new ApiError(403, 'rg_excluded', `${what} ${until}.`, value);
}

/** Whether `memberId` is timed out or self-excluded at `now` (promotions, agents, messages). */
export async function isExcluded(db: Queryable, memberId: string, now: Date): Promise<boolean> {
  const [row] = await db.query<{ excluded: boolean }>(
    `select exists (select 1 from rg_settings where member_id = $1 and ${EXCLUDED_AT('$2')})
       as excluded`,
    [memberId, now],
  );
  return row?.excluded === true;
}

/**
 * The SQL condition, on an `rg_settings` row in scope, of an exclusion in force at the
 * parameter `at` (e.g. `$2`).
 */
export const EXCLUDED_AT = (at: string, alias = 'rg_settings') =>
  `${alias}.exclusion_kind is not null and (${alias}.exclusion_ends_at is null or ${alias}.exclusion_ends_at > ${at})`;

/**
 * What the operator or an agent is told when something promotional would reach an excluded
 * member (a bonus, an approval, a contract offer, a message): that they are excluded, no more.
 */
export function memberExcluded(account: string): ApiError {
  return new ApiError(
    409,
    'member_excluded',
    `${account} has taken a break or excluded themselves from play: no offer can reach them.`,
  );
}

import { toMoneyString } from '../../../src/shared/money';
import {
  canonicalTimeZone,
  type ExclusionDuration,
  type ExclusionKind,
  exclusionEnd,
  isExtension,
  planLimitChange,
  type RgActor,
  type RgLimitKind,
  type RgPeriod,
} from '../../../src/shared/responsibleGaming';
import type { Queryable } from '../../db/types';
import type { IdentityDeps } from '../identity/services';
import { ApiError } from '../../platform/apiError';
import { revokeMemberSessions } from '../identity/sessions';
import { lockMember } from '../../db/locks';
import { exclusionError, readRgState, type RgState } from './state';
import { commit, type Work } from '../../platform/unitOfWork';

/** One recorded change (rg_changes): who, when, what, from what to what, from when. */
interface Change {
  actor: RgActor;
  subject: string;
  old: string | null;
  new: string | null;
  effectiveAt: Date;
}

const money = (amount: bigint | null) => (amount === null ? null : toMoneyString(amount));
const minutes = (value: number | null) => (value === null ? null : String(value));
const iso = (at: Date | null) => (at === null ? null : at.toISOString());

/**
 * Runs one change of a member's settings: under the member's row lock (a deposit or a bet that
 * counts against a limit waits for it, and two changes do not interleave), with the settings
 * row in place and the state as of now. Every change is recorded with its actor; the version
 * grows once per call that changed something, and the member's pages are told after commit.
 */
async function changeSettings(
  deps: IdentityDeps,
  memberId: string,
  change: (tx: Queryable, state: RgState, now: Date, work: Work) => Promise<Change[]>,
): Promise<number> {
  const now = deps.clock.now();
  const result = await commit(
    deps,
    async (work) => {
      const { tx } = work;
      await lockMember(tx, memberId);
      await tx.query('insert into rg_settings (member_id) values ($1) on conflict do nothing', [
        memberId,
      ]);
      const state = await readRgState(tx, memberId, now);
      const changes = await change(tx, state, now, work);
      if (changes.length === 0) return { version: state.version, changed: false };
      for (const change of changes) {
        await tx.query(
          `insert into rg_changes (member_id, at, actor, subject, old_value, new_value, effective_at)
         values ($1, $2, $3, $4, $5, $6, $7)`,
          [memberId, now, change.actor, change.subject, change.old, change.new, change.effectiveAt],
        );
      }
      const [row] = await tx.query<{ version: string }>(
        'update rg_settings set version = version + 1 where member_id = $1 returning version::text',
        [memberId],
      );
      return { version: Number(row!.version), changed: true };
    },
    (done) => (done.changed ? [{ kind: 'rg', change: { memberId, version: done.version } }] : []),
  );
  return result.version;
}

/**
 * Sets deposit, loss and wager limits (null: remove). Lowering (or setting a first limit)
 * applies at once and drops a raise still waiting; raising or removing waits for the
 * cooling-off delay, while the limit in force stays; asking again for the same pending change
 * does not restart its wait.
 */
export async function changeLimits(
  deps: IdentityDeps,
  memberId: string,
  requests: readonly { kind: RgLimitKind; period: RgPeriod; limit: bigint | null }[],
): Promise<number> {
  const hours = deps.config.responsibleGaming.coolingOffHours;
  return changeSettings(deps, memberId, async (tx, state, now) => {
    const changes: Change[] = [];
    for (const request of requests) {
      const limit = state.limits.find(
        (candidate) => candidate.kind === request.kind && candidate.period === request.period,
      )!;
      const subject = `limit.${request.kind}.${request.period}`;
      const plan = planLimitChange(limit.value, request.limit, now, hours);
      if (plan.apply === 'now') {
        if (limit.value === request.limit && limit.pending === null) continue;
        await tx.query(
          `insert into rg_limits (member_id, kind, period, amount) values ($1, $2, $3, $4)
           on conflict (member_id, kind, period) do update set amount = excluded.amount,
             pending_amount = null, pending_at = null`,
          [memberId, request.kind, request.period, request.limit?.toString() ?? null],
        );
        changes.push({
          actor: 'member',
          subject,
          old: money(limit.value),
          new: money(request.limit),
          effectiveAt: now,
        });
      } else {
        if (limit.pending !== null && limit.pending.value === request.limit) continue;
        await tx.query(
          `insert into rg_limits (member_id, kind, period, amount, pending_amount, pending_at)
           values ($1, $2, $3, $4, $5, $6)
           on conflict (member_id, kind, period) do update set amount = excluded.amount,
             pending_amount = excluded.pending_amount, pending_at = excluded.pending_at`,
          [
            memberId,
            request.kind,
            request.period,
            limit.value?.toString() ?? null,
            request.limit?.toString() ?? null,
            plan.at,
          ],
        );
        changes.push({
          actor: 'member',
          subject,
          old: money(limit.value),
          new: money(request.limit),
          effectiveAt: plan.at,
        });
      }
    }
    return changes;
  });
}

/** The session-time limit in minutes (null: none), under the same rule as the money limits. */
export async function changeSessionLimit(
  deps: IdentityDeps,
  memberId: string,
  requested: number | null,
): Promise<number> {
  const hours = deps.config.responsibleGaming.coolingOffHours;
  return changeSettings(deps, memberId, async (tx, state, now) => {
    const current = state.sessionLimit;
    const plan = planLimitChange(
      current === null ? null : BigInt(current),
      requested === null ? null : BigInt(requested),
      now,
      hours,
    );
    if (plan.apply === 'now') {
      if (current === requested && state.pendingSessionLimit === null) return [];
      await tx.query(
        `update rg_settings set session_limit_minutes = $2, pending_session_limit = null,
           pending_session_limit_at = null where member_id = $1`,
        [memberId, requested],
      );
    } else {
      if (state.pendingSessionLimit?.value === requested) return [];
      await tx.query(
        `update rg_settings set session_limit_minutes = $2, pending_session_limit = $3,
           pending_session_limit_at = $4 where member_id = $1`,
        [memberId, current, requested, plan.at],
      );
    }
    const effectiveAt = plan.apply === 'now' ? now : plan.at;
    return [
      {
        actor: 'member',
        subject: 'sessionLimit',
        old: minutes(current),
        new: minutes(requested),
        effectiveAt,
      },
    ];
  });
}

/** The reality check's interval (null: none): a reminder, so it applies at once either way. */
export async function changeRealityCheck(
  deps: IdentityDeps,
  memberId: string,
  requested: number | null,
): Promise<number> {
  return changeSettings(deps, memberId, async (tx, state, now) => {
    if (state.realityCheckMinutes === requested) return [];
    await tx.query('update rg_settings set reality_check_minutes = $2 where member_id = $1', [
      memberId,
      requested,
    ]);
    return [
      {
        actor: 'member',
        subject: 'realityCheck',
        old: minutes(state.realityCheckMinutes),
        new: minutes(requested),
        effectiveAt: now,
      },
    ];
  });
}

/**
 * The time zone periods are counted in. The first one (the page sends the device's; `initial`
 * asks for nothing when one is stored) applies at once. Later, with a deposit, loss or wager
 * limit in force or waiting, a change waits for the cooling-off delay: moving the day's start
 * would otherwise open a fresh day's limit at will.
 */
export async function changeTimeZone(
  deps: IdentityDeps,
  memberId: string,
  request: { timeZone: string; initial: boolean },
): Promise<number> {
  const zone = canonicalTimeZone(request.timeZone);
  if (zone === null) {
    throw new ApiError(400, 'rg_time_zone_invalid', `Unknown time zone: ${request.timeZone}.`, {
      field: 'timeZone',
    });
  }
  const hours = deps.config.responsibleGaming.coolingOffHours;
  return changeSettings(deps, memberId, async (tx, state, now) => {
    if (request.initial && state.timeZoneSet) return [];
    const limited = state.limits.some((limit) => limit.value !== null || limit.pending !== null);
    const old = state.timeZoneSet ? state.timeZone : null;
    // At once only while no limit is in force or waiting: a zone is where a day begins, and a
    // member who could move it at will (even the first time, from the UTC default) could start
    // a fresh day's limit whenever one ran out.
    if (!limited || zone === state.timeZone) {
      if (state.timeZoneSet && zone === state.timeZone && state.pendingTimeZone === null) return [];
      await tx.query(
        `update rg_settings set time_zone = $2, pending_time_zone = null,
           pending_time_zone_at = null where member_id = $1`,
        [memberId, zone],
      );
      return [{ actor: 'member', subject: 'timeZone', old, new: zone, effectiveAt: now }];
    }
    if (state.pendingTimeZone?.value === zone) return [];
    const at = new Date(now.getTime() + hours * 60 * 60_000);
    await tx.query(
      `update rg_settings set time_zone = $2, pending_time_zone = $3, pending_time_zone_at = $4
       where member_id = $1`,
      [memberId, state.timeZone, zone, at],
    );
    return [{ actor: 'member', subject: 'timeZone', old, new: zone, effectiveAt: at }];
  });
}

const exclusionText = (kind: ExclusionKind, endsAt: Date | null) =>
  `${kind} ${endsAt ? `until ${endsAt.toISOString()}` : 'permanent'}`;

/**
 * The member takes a break or excludes itself: from now until the end of `duration` (never,
 * for a permanent one). Every session ends (open tabs are told and log out), open games stop
 * (their launches expire), and nothing can shorten it: the member cannot log in, and the
 * operator can only extend it. Withdrawals already asked for go on.
 */
export async function excludeMember(
  deps: IdentityDeps,
  memberId: string,
  request: { kind: ExclusionKind; duration: ExclusionDuration },
): Promise<{ kind: ExclusionKind; endsAt: Date | null }> {
  let endsAt: Date | null = null;
  await changeSettings(deps, memberId, async (tx, state, now, work) => {
    if (state.exclusion) throw exclusionError(state.exclusion);
    endsAt = exclusionEnd(request.duration, now);
    await tx.query(
      `update rg_settings set exclusion_kind = $2, exclusion_started_at = $3,
         exclusion_ends_at = $4 where member_id = $1`,
      [memberId, request.kind, now, endsAt],
    );
    await tx.query(
      `update game_launches set expires_at = least(expires_at, now())
       where member_id = $1 and not demo and expires_at > now()`,
      [memberId],
    );
    const ended = await revokeMemberSessions(tx, memberId, 'excluded');
    work.changed('sessionsEnded', { sessionIds: ended, reason: 'excluded' });
    return [
      {
        actor: 'member',
        subject: 'exclusion',
        old: null,
        new: exclusionText(request.kind, endsAt),
        effectiveAt: now,
      },
    ];
  });
  return { kind: request.kind, endsAt };
}

/**
 * The operator lengthens a member's exclusion in force (`npm run ops -- rg extend`): to a later
 * end or to permanent, never shorter, never ending one. Recorded as the operator's change.
 */
export async function extendExclusion(
  deps: IdentityDeps,
  memberId: string,
  endsAt: Date | null,
): Promise<{ kind: ExclusionKind; endsAt: string | null }> {
  let kind: ExclusionKind = 'selfExclusion';
  await changeSettings(deps, memberId, async (tx, state, now) => {
    const current = state.exclusion;
    if (!current) {
      throw new ApiError(409, 'rg_not_excluded', 'This member is not excluded at the moment.');
    }
    kind = current.kind;
    if (!isExtension(current.endsAt, endsAt)) {
      throw new ApiError(
        409,
        'rg_exclusion_shorter',
        `An exclusion can only be extended: it ends ${current.endsAt ? current.endsAt.toISOString() : 'never'}.`,
        { endsAt: iso(current.endsAt) },
      );
    }
    if (endsAt === null && current.endsAt === null) return [];
    await tx.query('update rg_settings set exclusion_ends_at = $2 where member_id = $1', [
      memberId,
      endsAt,
    ]);
    return [
      {
        actor: 'operator',
        subject: 'exclusion',
        old: exclusionText(current.kind, current.endsAt),
        new: exclusionText(current.kind, endsAt),
        effectiveAt: now,
      },
    ];
  });
  return { kind, endsAt: iso(endsAt) };
}

import { z } from 'zod';
import type { Queryable } from '../../db/types';
import { isKnownLanguage } from '../../../src/shared/languages';
import {
  popupExecutions,
  type OperatorAnnouncement,
  type PopupExecution,
} from '../../../src/shared/announcements';
import { ApiError } from '../../platform/apiError';
import { EXCLUDED_AT } from '../responsibleGaming/state';
import type { AnnouncementChange } from '../../platform/changes';
import type { Platform } from '../../platform/platform';
import { commit } from '../../platform/unitOfWork';
export type { AnnouncementChange };

/**
 * Operator announcements (issue 16): the notices and pop-ups the operator creates while the site
 * runs (`npm run ops -- announce …`), shown beside the configured ones. A change (created,
 * ended) is announced so every open page fetches its announcements again (the `announcement`
 * socket event, whose seq is the change's `version`).
 */

/** Texts per language code; English required (the fallback), every key a known language. */
const texts = (max: number) =>
  z
    .record(
      z.string(),
      z.string().trim().min(1, 'may not be empty').max(max, `at most ${max} characters`),
    )
    .refine((value) => Object.keys(value).every((code) => isKnownLanguage(code)), {
      message: 'keys must be language codes (EN, ES, …)',
    })
    .refine((value) => Object.hasOwn(value, 'EN'), {
      message: 'needs an EN text (the fallback language)',
    });

const account = z.string().regex(/^[A-Za-z0-9_]{1,40}$/, 'an account name');

/**
 * What the operator sends. `announcement` is the after-login pop-up (execution A, or F for a
 * first login only); `popup` a pop-up of any execution (B, the public one, by default);
 * `notice` a player notice (the marquee and the notice list).
 */
export const announcementInputSchema = z
  .object({
    kind: z.enum(['announcement', 'notice', 'popup'], {
      message: 'kind must be announcement, notice or popup',
    }),
    execution: z.enum(popupExecutions, { message: 'execution must be A, B or F' }).optional(),
    title: texts(120),
    content: texts(5000),
    goReward: z.boolean().default(false),
    startsAt: z.iso.datetime({ offset: true, message: 'startsAt: an ISO date-time' }).optional(),
    endsAt: z.iso.datetime({ offset: true, message: 'endsAt: an ISO date-time' }).optional(),
    /** Only these members see it (logged in); absent: everyone. */
    accounts: z.array(account).min(1).max(100).optional(),
  })
  .strict()
  .superRefine((value, ctx) => {
    const problem = (path: string, message: string) =>
      ctx.addIssue({ code: 'custom', path: [path], message });
    if (value.kind === 'notice' && value.execution !== undefined)
      problem('execution', 'a notice has no execution (only pop-ups do)');
    if (value.kind === 'notice' && value.goReward)
      problem('goReward', 'a notice has no Go button (only pop-ups do)');
    if (value.kind === 'announcement' && value.execution === 'B')
      problem('execution', 'an announcement shows after login: A, or F (first login only)');
    if (value.startsAt && value.endsAt && Date.parse(value.endsAt) <= Date.parse(value.startsAt))
      problem('endsAt', 'must be after startsAt');
    if (value.endsAt && Date.parse(value.endsAt) <= Date.now())
      problem('endsAt', 'is already past');
  });

export type AnnouncementInput = z.infer<typeof announcementInputSchema>;

/** The stored execution: announcement A by default, popup B by default, notice none. */
export function executionOf(input: AnnouncementInput): PopupExecution | null {
  if (input.kind === 'notice') return null;
  return input.execution ?? (input.kind === 'announcement' ? 'A' : 'B');
}

interface Row {
  id: string;
  kind: 'notice' | 'popup';
  execution: PopupExecution | null;
  title: Record<string, string>;
  content: Record<string, string>;
  go_reward: boolean;
  member_ids: string[] | null;
  accounts: string[] | null;
  starts_at: Date | string;
  ends_at: Date | string | null;
  ended_at: Date | string | null;
  version: string;
  created_at: Date | string;
}

const iso = (value: Date | string | null): string | null =>
  value === null ? null : new Date(value).toISOString();

const parseJson = <T>(value: T | string): T =>
  typeof value === 'string' ? (JSON.parse(value) as T) : value;

function view(row: Row, now: number): OperatorAnnouncement {
  const endsAt = iso(row.ends_at);
  const endedAt = iso(row.ended_at);
  const startsAt = iso(row.starts_at)!;
  const state =
    endedAt !== null || (endsAt !== null && Date.parse(endsAt) <= now)
      ? 'ended'
      : Date.parse(startsAt) > now
        ? 'scheduled'
        : 'showing';
  return {
    id: `op-${row.id}`,
    kind: row.kind,
    execution: row.execution,
    title: parseJson(row.title),
    content: parseJson(row.content),
    goReward: row.go_reward,
    accounts: row.accounts,
    startsAt,
    endsAt,
    endedAt,
    state,
    createdAt: iso(row.created_at)!,
  };
}

const SELECT = `select a.id::text as id, a.kind, a.execution, a.title, a.content, a.go_reward,
    a.member_ids::text[] as member_ids, a.starts_at, a.ends_at, a.ended_at,
    a.version::text as version, a.created_at,
    (select array_agg(m.account order by m.account) from members m
      where m.id = any(a.member_ids)) as accounts
  from operator_announcements a`;

/** Creates one; unknown accounts are refused and nothing is stored. */
export async function createAnnouncement(
  deps: Pick<Platform, 'db' | 'changes'>,
  input: AnnouncementInput,
): Promise<{ announcement: OperatorAnnouncement; change: AnnouncementChange }> {
  return commit(
    deps,
    async ({ tx }) => {
      let memberIds: string[] | null = null;
      if (input.accounts) {
        const wanted = [...new Set(input.accounts.map((name) => name.toLowerCase()))];
        const found = await tx.query<{ id: string; account: string }>(
          `select id::text as id, lower(account) as account from members
         where kind = 'member' and lower(account) = any(string_to_array($1, ','))`,
          [wanted.join(',')],
        );
        const missing = wanted.filter((name) => !found.some((row) => row.account === name));
        if (missing.length > 0)
          throw new ApiError(400, 'unknown_account', `No such account: ${missing.join(', ')}.`);
        memberIds = found.map((row) => row.id);
        // Nothing is aimed at a member on a time-out or self-exclusion (issue 17): they cannot
        // log in to see it, and an operator aiming at them should know why.
        const excluded = await tx.query<{ account: string }>(
          `select m.account from members m join rg_settings r on r.member_id = m.id
         where m.id = any(string_to_array($1, ',')::bigint[]) and ${EXCLUDED_AT('now()', 'r')}
         order by m.account`,
          [memberIds.join(',')],
        );
        if (excluded.length > 0) {
          const names = excluded.map((row) => row.account).join(', ');
          throw new ApiError(
            409,
            'member_excluded',
            `Taking a break or self-excluded, so not to be aimed at: ${names}.`,
          );
        }
      }
      const [inserted] = await tx.query<{ id: string }>(
        `insert into operator_announcements
         (kind, execution, title, content, go_reward, member_ids, starts_at, ends_at,
          start_told_at)
       values ($1, $2, $3, $4, $5, string_to_array($6, ',')::bigint[],
               coalesce($7::timestamptz, now()), $8::timestamptz,
               case when coalesce($7::timestamptz, now()) <= now() then now() end)
       returning id::text as id`,
        [
          input.kind === 'notice' ? 'notice' : 'popup',
          executionOf(input),
          JSON.stringify(input.title),
          JSON.stringify(input.content),
          input.goReward,
          memberIds === null ? null : memberIds.join(','),
          input.startsAt ?? null,
          input.endsAt ?? null,
        ],
      );
      const [row] = await tx.query<Row>(`${SELECT} where a.id = $1`, [inserted!.id]);
      return {
        announcement: view(row!, Date.now()),
        change: { version: Number(row!.version), memberIds },
      };
    },
    (created) => [{ kind: 'announcement', change: created.change }],
  );
}

/** Ends one now (it leaves every page); ending one already ended is refused. */
export async function endAnnouncement(
  db: Queryable,
  id: string,
): Promise<{ announcement: OperatorAnnouncement; change: AnnouncementChange }> {
  const match = /^(?:op-)?(\d{1,18})$/.exec(id);
  if (!match) throw new ApiError(400, 'invalid_request', 'id: an announcement id such as op-12.');
  const [updated] = await db.query<{ id: string }>(
    `update operator_announcements
        set ended_at = now(), end_told_at = now(),
            version = nextval('operator_announcement_versions')
      where id = $1 and ended_at is null
      returning id::text as id`,
    [match[1]!],
  );
  if (!updated) {
    const [exists] = await db.query(`select 1 from operator_announcements where id = $1`, [
      match[1]!,
    ]);
    throw exists
      ? new ApiError(409, 'announcement_ended', `Announcement op-${match[1]} has already ended.`)
      : new ApiError(404, 'announcement_not_found', `No announcement op-${match[1]}.`);
  }
  const [row] = await db.query<Row>(`${SELECT} where a.id = $1`, [updated.id]);
  return {
    announcement: view(row!, Date.now()),
    change: { version: Number(row!.version), memberIds: row!.member_ids },
  };
}

/** For the operator: newest first; ended ones only with `all`. */
export async function listOperatorAnnouncements(
  db: Queryable,
  options: { all: boolean },
): Promise<OperatorAnnouncement[]> {
  const rows = await db.query<Row>(
    `${SELECT} ${options.all ? '' : 'where a.ended_at is null and (a.ends_at is null or a.ends_at > now())'}
     order by a.id desc limit 500`,
  );
  const now = Date.now();
  return rows.map((row) => view(row, now));
}

/** What one visitor sees now: showing, for everyone or for this member; oldest first. */
export interface VisibleAnnouncement {
  id: string;
  kind: 'notice' | 'popup';
  execution: PopupExecution | null;
  title: Record<string, string>;
  content: Record<string, string>;
  goReward: boolean;
}

export async function visibleAnnouncements(
  db: Queryable,
  memberId: string | null,
): Promise<{ items: VisibleAnnouncement[]; seq: number }> {
  const rows = await db.query<Row>(
    `${SELECT}
     where a.ended_at is null and a.starts_at <= now() and (a.ends_at is null or a.ends_at > now())
       and (a.member_ids is null or $1::bigint = any(a.member_ids))
     order by a.id`,
    [memberId],
  );
  const [{ seq } = { seq: '0' }] = await db.query<{ seq: string }>(
    `select coalesce(max(version), 0)::text as seq from operator_announcements`,
  );
  return {
    items: rows.map((row) => ({
      id: `op-${row.id}`,
      kind: row.kind,
      execution: row.execution,
      title: parseJson(row.title),
      content: parseJson(row.content),
      goReward: row.go_reward,
    })),
    seq: Number(seq),
  };
}

import type { Database, Queryable } from '../../db/types';
import {
  type PromotionAudience,
  type PromotionList,
  type PromotionState,
  type PromotionType,
  type PromotionView,
  promotionPhaseOf,
  promotionStatusOf,
} from '../../../src/shared/promotions';
import { ApiError } from '../../platform/apiError';
import type { PromotionDefinition } from '../../config/promotions';
import { ensureRaffleSeed } from '../raffles/raffles';

interface PromotionRow {
  id: string;
  code: string;
  type: PromotionType;
  content: Record<string, { title: string; summary: string; terms: string }>;
  banner: string | null;
  starts_at: Date | string;
  ends_at: Date | string | null;
  closed_at: Date | string | null;
  audience: PromotionAudience;
  terms: Record<string, unknown>;
  state: PromotionState | null;
}

const iso = (value: Date | string | null): string | null =>
  value === null ? null : new Date(value).toISOString();

/**
 * Creates or replaces a promotion by its code (the operator's `create` and `update`). A
 * promotion the operator closed stays closed: an update changes its texts and terms only.
 * `onlyNew`: leave an existing one alone (the configuration file's promotions are seeded so,
 * never undoing what the operator changed since).
 */
export async function upsertPromotion(
  db: Queryable,
  definition: PromotionDefinition,
  options: { onlyNew?: boolean } = {},
): Promise<{ code: string; created: boolean }> {
  const values = [
    definition.code,
    definition.type,
    JSON.stringify(definition.content),
    definition.banner,
    definition.startsAt,
    definition.endsAt,
    JSON.stringify(definition.audience),
    JSON.stringify(definition.terms),
  ];
  const conflict = options.onlyNew
    ? 'do nothing'
    : `do update set type = excluded.type, content = excluded.content, banner = excluded.banner,
         starts_at = excluded.starts_at, ends_at = excluded.ends_at,
         audience = excluded.audience, terms = excluded.terms, updated_at = now()`;
  const rows = await db.query<{ id: string; created: boolean }>(
    `insert into promotions (code, type, content, banner, starts_at, ends_at, audience, terms)
     values ($1, $2, $3, $4, $5, $6, $7, $8)
     on conflict (code) ${conflict}
     returning id::text, (xmax = 0) as created`,
    values,
  );
  // A raffle's seed is committed at once: its hash is shown from the start (issue 14).
  if (rows[0] && definition.type === 'raffle') await ensureRaffleSeed(db, rows[0].id);
  return { code: definition.code, created: rows[0]?.created ?? false };
}

/** Closes a promotion now: it leaves the list; rewards already issued stay claimable. */
export async function closePromotion(db: Queryable, code: string): Promise<void> {
  const rows = await db.query(
    `update promotions set closed_at = coalesce(closed_at, now()), updated_at = now()
     where code = $1 returning id`,
    [code],
  );
  if (rows.length === 0) throw new ApiError(404, 'not_found', `No promotion ${code}.`);
}

/** Every promotion with its phase, for the operator (`npm run ops -- promotion list`). */
export async function listPromotionsForOps(db: Database, now = new Date()) {
  const rows = await db.query<PromotionRow>(
    `select id::text, code, type, content, banner, starts_at, ends_at, closed_at, audience,
       terms, null as state
     from promotions order by starts_at desc, code`,
  );
  return rows.map((row) => ({
    code: row.code,
    type: row.type,
    title: row.content.EN?.title ?? row.code,
    startsAt: iso(row.starts_at)!,
    endsAt: iso(row.ends_at),
    closedAt: iso(row.closed_at),
    phase: promotionPhaseOf(
      { start: iso(row.starts_at)!, end: iso(row.ends_at), closedAt: iso(row.closed_at) },
      now,
    ),
    audience: row.audience,
    terms: row.terms,
  }));
}

/**
 * One promotion's whole definition as the operator wrote it (the back office's edit form, issue
 * 30), with when it was closed; null when no promotion has that code.
 */
export async function promotionDefinitionForOps(db: Database, code: string) {
  const [row] = await db.query<PromotionRow>(
    `select id::text, code, type, content, banner, starts_at, ends_at, closed_at, audience,
       terms, null as state
     from promotions where code = $1`,
    [code],
  );
  if (!row) return null;
  return {
    definition: {
      code: row.code,
      type: row.type,
      content: row.content,
      banner: row.banner,
      startsAt: iso(row.starts_at)!,
      endsAt: iso(row.ends_at),
      audience: row.audience,
      terms: row.terms,
    },
    closedAt: iso(row.closed_at),
  };
}

/**
 * The promotions page (guests too): the open and coming ones this visitor may take part in, in
 * `language` (English where the operator wrote none), newest start first; for a member also
 * those of a closed promotion where a reward still waits or a bonus is still being wagered.
 * A guest sees those for everyone and for new members (as a prospect), not a team's or a VIP
 * level's.
 */
export async function listPromotions(
  db: Database,
  options: { language: string; memberId: string | null; now?: Date },
): Promise<PromotionList> {
  const now = options.now ?? new Date();
  const rows = await db.query<PromotionRow>(
    `with me as (
       select m.id, m.created_at from members m where m.id = $1::bigint
     ),
     my_uplines as (
       -- The member's uplines, for team promotions (bounded, as the team walks are).
       with recursive chain (id, upline_id, depth) as (
         select m.id, m.upline_id, 0 from members m where m.id = $1::bigint
         union all
         select u.id, u.upline_id, c.depth + 1 from chain c join members u on u.id = c.upline_id
         where c.depth < 20
       )
       select u.account from chain c join members u on u.id = c.upline_id
     )
     select p.id::text, p.code, p.type, p.content, p.banner, p.starts_at, p.ends_at,
       p.closed_at, p.audience, p.terms, pp.state
     from promotions p
     left join promotion_participations pp
       on pp.promotion_id = p.id and pp.member_id = $1::bigint
     where (
         (p.closed_at is null or p.closed_at > $2) and (p.ends_at is null or p.ends_at > $2)
         or pp.state in ('issued', 'process')
       )
       and (
         p.audience ->> 'kind' = 'all'
         or (p.audience ->> 'kind' = 'newMembers' and (
           $1::bigint is null
           or exists (select 1 from me
                      where me.created_at > $2 - make_interval(days => (p.audience ->> 'days')::int))
         ))
         or (p.audience ->> 'kind' = 'agentTeam'
             and exists (select 1 from my_uplines where account = p.audience ->> 'agent'))
         or (p.audience ->> 'kind' = 'vipAtLeast'
             and exists (select 1 from member_vip v where v.member_id = $1::bigint
                         and v.level >= (p.audience ->> 'level')::int))
         or pp.state is not null
       )
       -- A first-deposit bonus is not offered to a member who has deposited (issue 28,
       -- finding 9): signing up would be refused.
       and not (
         coalesce((p.terms ->> 'firstDepositOnly')::boolean, false) and pp.state is null
         and exists (select 1 from deposits d
                     where d.member_id = $1::bigint and d.status = 'credited')
       )
     order by p.starts_at desc, p.code`,
    [options.memberId, now],
  );
  const items: PromotionView[] = rows.map((row) => {
    const text = row.content[options.language] ?? row.content.EN!;
    const phase = promotionPhaseOf(
      { start: iso(row.starts_at)!, end: iso(row.ends_at), closedAt: iso(row.closed_at) },
      now,
    );
    return {
      code: row.code,
      type: row.type,
      title: text.title,
      summary: text.summary,
      terms: text.terms,
      banner: row.banner,
      startsAt: iso(row.starts_at)!,
      endsAt: iso(row.ends_at),
      phase,
      status: promotionStatusOf(phase, row.state ?? 'none'),
      state: options.memberId === null ? null : (row.state ?? 'none'),
    };
  });
  const open = items.filter((item) => item.status === 'open').length;
  const referral = items.some((item) => item.type === 'referralReward' && item.phase === 'open');
  return {
    items,
    availablePromoCount: open,
    availableCount: open,
    availablePromo: [{ type: 'REFERRAL', enabled: referral }],
  };
}

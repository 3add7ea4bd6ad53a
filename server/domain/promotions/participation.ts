import { parseMoney, toMoneyString } from '../../../src/shared/money';
import {
  type PromotionAudience,
  type PromotionState,
  type PromotionOptIn,
  type PromotionType,
  promotionOptInEvent,
  promotionPhaseOf,
} from '../../../src/shared/promotions';
import type { Queryable } from '../../db/types';
import type { Platform } from '../../platform/platform';
import { ApiError } from '../../platform/apiError';
import { commit } from '../../platform/unitOfWork';
import { applyParticipationEvent } from '../participation/apply';
import { issueRewardWithin } from '../rewards/issue';
import { enterRaffleWithin } from '../raffles/raffles';

interface OpenPromotion {
  id: string;
  type: PromotionType;
  terms: Record<string, unknown>;
  audience: PromotionAudience;
  starts_at: Date | string;
  ends_at: Date | string | null;
  closed_at: Date | string | null;
}

const iso = (value: Date | string | null) =>
  value === null ? null : new Date(value).toISOString();

/** Whether the member is in the promotion's audience (the list's rules, for one member). */
export async function inAudience(tx: Queryable, audience: PromotionAudience, memberId: string) {
  switch (audience.kind) {
    case 'all':
      return true;
    case 'newMembers': {
      const [row] = await tx.query<{ recent: boolean }>(
        `select created_at > now() - make_interval(days => $2) as recent
         from members where id = $1`,
        [memberId, audience.days],
      );
      return row?.recent === true;
    }
    case 'agentTeam': {
      const [row] = await tx.query<{ found: boolean }>(
        `with recursive chain (id, upline_id, depth) as (
           select m.id, m.upline_id, 0 from members m where m.id = $1
           union all
           select u.id, u.upline_id, c.depth + 1 from chain c join members u on u.id = c.upline_id
           where c.depth < 20
         )
         select exists (select 1 from chain c join members u on u.id = c.upline_id
                        where u.account = $2) as found`,
        [memberId, audience.agent],
      );
      return row?.found === true;
    }
    case 'vipAtLeast': {
      const [row] = await tx.query<{ level: number }>(
        'select level from member_vip where member_id = $1',
        [memberId],
      );
      return Number(row?.level ?? 0) >= audience.level;
    }
  }
}

/**
 * A member opts in to a promotion from its card (`sign` a deposit bonus before depositing,
 * `join` a raffle, `apply` for a bonus the operator reviews): only while it is open, only for its audience, only the opt-in its type
 * takes, once (the machine refuses a second).
 */
export async function optIn(
  deps: Platform,
  memberId: string,
  code: string,
  action: PromotionOptIn,
): Promise<PromotionState> {
  return deps.db.transaction(async (tx) => {
    const [promotion] = await tx.query<OpenPromotion>(
      `select id::text, type, terms, audience, starts_at, ends_at, closed_at from promotions
       where code = $1`,
      [code],
    );
    if (!promotion) throw new ApiError(404, 'not_found', `No promotion ${code}.`);
    const phase = promotionPhaseOf(
      {
        start: iso(promotion.starts_at)!,
        end: iso(promotion.ends_at),
        closedAt: iso(promotion.closed_at),
      },
      new Date(),
    );
    if (phase !== 'open') {
      throw new ApiError(409, 'promotion_not_open', 'This promotion is not open.', { phase });
    }
    if (promotionOptInEvent(promotion.type) !== `promotion.${action}`) {
      throw new ApiError(400, 'invalid_request', 'This promotion does not take that action.');
    }
    if (!(await inAudience(tx, promotion.audience, memberId))) {
      throw new ApiError(403, 'promotion_not_eligible', 'This promotion is not open to you.');
    }
    if (
      promotion.type === 'depositBonus' &&
      (promotion.terms as { firstDepositOnly?: boolean }).firstDepositOnly === true &&
      (
        await tx.query(
          `select 1 from deposits where member_id = $1 and status = 'credited' limit 1`,
          [memberId],
        )
      ).length > 0
    ) {
      throw new ApiError(
        403,
        'promotion_not_eligible',
        'This bonus is for a first deposit, and you have deposited before.',
        { reason: 'first_deposit_only' },
      );
    }
    await tx.query(
      `insert into promotion_participations (promotion_id, member_id, state, context)
       values ($1, $2, 'none', $3) on conflict (promotion_id, member_id) do nothing`,
      [promotion.id, memberId, JSON.stringify({ wagering: false, outcome: null })],
    );
    const [participation] = await tx.query<{ id: string }>(
      `select id::text from promotion_participations where promotion_id = $1 and member_id = $2`,
      [promotion.id, memberId],
    );
    const next = await applyParticipationEvent(tx, participation!.id, {
      type: `promotion.${action}`,
    });
    if (promotion.type === 'raffle') {
      // Tickets count only until the draw.
      const drawAt = Date.parse(String((promotion.terms as { drawAt?: string }).drawAt));
      const [draw] = await tx.query<{ drawn: boolean }>(
        'select drawn_at is not null as drawn from raffle_draws where promotion_id = $1',
        [promotion.id],
      );
      if (!(Date.now() < drawAt) || draw?.drawn) {
        throw new ApiError(409, 'promotion_not_open', 'This raffle has been drawn.', {
          phase: 'closed',
        });
      }
      await enterRaffleWithin(tx, promotion.id, memberId);
    }
    return next.state;
  });
}

/** Hundredths of a percent ("2.5" → 250) from a checked percent string. */
const basisPointsOf = (percent: string): bigint => parseMoney(percent);

/**
 * In the transaction that credits a deposit: the deposit bonus the member signed up for is
 * issued to the reward centre when the deposit reaches its minimum — the percent of the deposit
 * up to the cap, with a requirement to wager (deposit + bonus) × the multiplier once claimed.
 * One deposit earns one bonus (the earliest signed, if several are); a deposit below the minimum
 * leaves the sign-up waiting for the next one. Answers whether a reward was issued.
 */
export async function qualifyDepositBonusWithin(
  tx: Queryable,
  deposit: { id: string; memberId: string; amount: bigint },
): Promise<boolean> {
  const candidates = await tx.query<{
    participation_id: string;
    promotion_id: string;
    terms: {
      percent: string;
      cap: string;
      minDeposit: string;
      wageringMultiplier: number;
      firstDepositOnly?: boolean;
    };
  }>(
    `select pp.id::text as participation_id, p.id::text as promotion_id, p.terms
     from promotion_participations pp join promotions p on p.id = pp.promotion_id
     where pp.member_id = $1 and pp.state = 'signed' and p.type = 'depositBonus'
       and p.starts_at <= now() and (p.ends_at is null or p.ends_at > now())
       and (p.closed_at is null or p.closed_at > now())
     order by pp.updated_at, pp.id
     for update of pp`,
    [deposit.memberId],
  );
  const earlier = async () =>
    (
      await tx.query(
        `select 1 from deposits where member_id = $1 and status = 'credited' and id <> $2 limit 1`,
        [deposit.memberId, deposit.id],
      )
    ).length > 0;
  for (const candidate of candidates) {
    const terms = candidate.terms;
    if (deposit.amount < parseMoney(terms.minDeposit)) continue;
    // A first-deposit bonus waits for no later deposit: this one was not the first.
    if (terms.firstDepositOnly && (await earlier())) continue;
    const uncapped = (deposit.amount * basisPointsOf(terms.percent)) / 10_000n;
    const cap = parseMoney(terms.cap);
    const bonus = uncapped < cap ? uncapped : cap;
    if (bonus <= 0n) continue;
    const wagering = terms.wageringMultiplier > 0;
    await applyParticipationEvent(tx, candidate.participation_id, {
      type: 'promotion.qualify',
      wagering,
    });
    await issueRewardWithin(tx, {
      memberId: deposit.memberId,
      source: 'promotion',
      sourceKey: `promotion:${candidate.participation_id}`,
      promotionId: candidate.promotion_id,
      participationId: candidate.participation_id,
      houseAccount: 'promotions',
      amount: bonus,
      wageringRequired: (deposit.amount + bonus) * BigInt(terms.wageringMultiplier),
      detail: { deposit: toMoneyString(deposit.amount), depositId: deposit.id },
    });
    return true;
  }
  return false;
}

/**
 * After a registration: every open sign-up bonus for the new member's audience is issued to its
 * reward centre (to be wagered as its terms say) — except where an account registered from the
 * same address already received it: one per address, so a farm of new accounts earns one.
 * Answers whether any was issued.
 */
export async function issueSignupBonuses(
  deps: Pick<Platform, 'db' | 'changes'>,
  memberId: string,
  ip: string,
): Promise<boolean> {
  const offers = await deps.db.query<{
    id: string;
    audience: PromotionAudience;
    terms: { amount: string; wageringMultiplier: number };
  }>(
    `select p.id::text, p.audience, p.terms from promotions p
     where p.type = 'signupBonus' and p.starts_at <= now()
       and (p.ends_at is null or p.ends_at > now()) and (p.closed_at is null or p.closed_at > now())
       and not exists (
         select 1 from rewards r join member_known_ips k on k.member_id = r.member_id
         where r.promotion_id = p.id and k.ip = $1 and r.member_id <> $2
       )`,
    [ip, memberId],
  );
  let issued = false;
  for (const offer of offers) {
    await commit(deps, async (work) => {
      const { tx } = work;
      if (!(await inAudience(tx, offer.audience, memberId))) return;
      const [participation] = await tx.query<{ id: string }>(
        `insert into promotion_participations (promotion_id, member_id, state, context)
         values ($1, $2, 'none', $3) on conflict (promotion_id, member_id) do nothing
         returning id::text`,
        [offer.id, memberId, JSON.stringify({ wagering: false, outcome: null })],
      );
      if (!participation) return;
      const id = await issueFixedBonusWithin(tx, {
        memberId,
        promotionId: offer.id,
        participationId: participation.id,
        terms: offer.terms,
        event: 'promotion.qualify',
      });
      if (id !== null) {
        issued = true;
        work.changed('reward', { memberId, reason: 'issued' });
      }
    });
  }
  return issued;
}

/**
 * A fixed bonus (`{ amount, wageringMultiplier }` terms) issued on a participation: the machine
 * moves it to `issued` (by `qualify`, or the operator's `approve`) and the reward waits in the
 * reward centre, to be wagered amount × multiplier once claimed. Answers the reward's id.
 */
export async function issueFixedBonusWithin(
  tx: Queryable,
  bonus: {
    memberId: string;
    promotionId: string;
    participationId: string;
    terms: { amount: string; wageringMultiplier: number };
    event: 'promotion.qualify' | 'promotion.approve';
    detail?: Record<string, string>;
  },
): Promise<string | null> {
  const amount = parseMoney(bonus.terms.amount);
  await applyParticipationEvent(tx, bonus.participationId, {
    type: bonus.event,
    wagering: bonus.terms.wageringMultiplier > 0,
  });
  return issueRewardWithin(tx, {
    memberId: bonus.memberId,
    source: 'promotion',
    sourceKey: `promotion:${bonus.participationId}`,
    promotionId: bonus.promotionId,
    participationId: bonus.participationId,
    houseAccount: 'promotions',
    amount,
    wageringRequired: amount * BigInt(bonus.terms.wageringMultiplier),
    ...(bonus.detail ? { detail: bonus.detail } : {}),
  });
}

/**
 * In the transaction that raised a member's VIP level from `from` to `to`: every open VIP
 * upgrade promotion whose level lies in (from, to] issues its bonus, once per member ever (a
 * level lost and reached again pays nothing, as the level's own bonus). Answers whether any was.
 */
export async function qualifyVipUpgradePromotionsWithin(
  tx: Queryable,
  memberId: string,
  from: number,
  to: number,
): Promise<boolean> {
  const offers = await tx.query<{
    id: string;
    audience: PromotionAudience;
    terms: { amount: string; wageringMultiplier: number; level: number };
  }>(
    `select p.id::text, p.audience, p.terms from promotions p
     where p.type = 'vipUpgradeBonus' and p.starts_at <= now()
       and (p.ends_at is null or p.ends_at > now()) and (p.closed_at is null or p.closed_at > now())
       and (p.terms ->> 'level')::int > $1 and (p.terms ->> 'level')::int <= $2
     order by p.id`,
    [from, to],
  );
  let issued = false;
  for (const offer of offers) {
    if (!(await inAudience(tx, offer.audience, memberId))) continue;
    const [participation] = await tx.query<{ id: string }>(
      `insert into promotion_participations (promotion_id, member_id, state, context)
       values ($1, $2, 'none', $3) on conflict (promotion_id, member_id) do nothing
       returning id::text`,
      [offer.id, memberId, JSON.stringify({ wagering: false, outcome: null })],
    );
    if (!participation) continue;
    const id = await issueFixedBonusWithin(tx, {
      memberId,
      promotionId: offer.id,
      participationId: participation.id,
      terms: offer.terms,
      event: 'promotion.qualify',
      detail: { level: String(offer.terms.level) },
    });
    issued ||= id !== null;
  }
  return issued;
}

import { randomInt } from 'node:crypto';
import { maskCustomerName } from '../../../src/shared/games';
import { parseMoney, toMoneyString } from '../../../src/shared/money';
import type { PromotionAudience } from '../../../src/shared/promotions';
import type { ReferralView, ReferredFriend } from '../../../src/shared/referrals';
import type { Queryable } from '../../db/types';
import { inAudience } from '../promotions/participation';
import { issueRewardWithin } from '../rewards/issue';
import { isExcluded } from '../responsibleGaming/state';

/**
 * A device id as the server issues it (server/domain/identity/deviceIds.ts: random, signed, kept
 * in an HttpOnly cookie; the HTTP layer passes only an id it verified or just issued).
 */
export const DEVICE_PATTERN = /^[A-Za-z0-9_-]{16,64}$/;

/** Remembers a device the member logged in or registered from (for the self-referral check). */
export async function recordDevice(db: Queryable, memberId: string, device: string | null) {
  if (!device || !DEVICE_PATTERN.test(device)) return;
  await db.query(
    `insert into member_devices (member_id, device) values ($1, $2) on conflict do nothing`,
    [memberId, device],
  );
}

const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** The member's invite code, made on first use (8 characters without look-alikes). */
export async function referralCodeOf(db: Queryable, memberId: string): Promise<string> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const [existing] = await db.query<{ referral_code: string | null }>(
      'select referral_code from members where id = $1',
      [memberId],
    );
    if (existing?.referral_code) return existing.referral_code;
    const code = Array.from(
      { length: 8 },
      () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)],
    ).join('');
    const updated = await db
      .query(
        `update members set referral_code = $2 where id = $1 and referral_code is null
         returning 1`,
        [memberId, code],
      )
      .catch((error: unknown) => {
        // Another member drew the same code: draw again.
        if ((error as { code?: string }).code === '23505') return [];
        throw error;
      });
    if (updated.length > 0) return code;
  }
  throw new Error('could not make an invite code');
}

/**
 * A friend registered with an invite code: linked to the inviter, and refused any reward at
 * once when it registered from an address or a device the inviter, or anyone up its referral
 * chain, has used. An unknown code, a
 * free-play or inactive inviter, links nothing. Answers the inviter linked (to tell its
 * invite page), or null.
 */
export async function recordReferral(
  db: Queryable,
  friendId: string,
  code: string | undefined,
  from: { ip: string; device: string | null },
): Promise<string | null> {
  if (!code) return null;
  const [inviter] = await db.query<{ id: string }>(
    `select id::text from members where upper(referral_code) = upper($1) and type <> 4
       and status = 'active' and id <> $2`,
    [code, friendId],
  );
  if (!inviter) return null;
  const device = from.device && DEVICE_PATTERN.test(from.device) ? from.device : null;
  // The whole chain above the friend (issue 28, finding 5): a ring of accounts registering from
  // two alternating addresses never shares one with its direct inviter, but does with the
  // inviter's inviter. Every member up the chain (20 levels at most) counts.
  const [seen] = await db.query<{ address: boolean; device: boolean }>(
    `with recursive chain (member_id, depth) as (
       select $1::bigint, 0
       union all
       select r.inviter_id, c.depth + 1 from referrals r join chain c on r.friend_id = c.member_id
       where c.depth < 20
     )
     select
       exists (select 1 from member_known_ips k join chain c on c.member_id = k.member_id
               where k.ip = $2) as address,
       exists (select 1 from member_devices d join chain c on c.member_id = d.member_id
               where d.device = $3) as device`,
    [inviter.id, from.ip, device],
  );
  const refused = seen?.address ? 'same_address' : seen?.device ? 'same_device' : null;
  const linked = await db.query(
    `insert into referrals (friend_id, inviter_id, ip, device, state, refused_reason)
     values ($1, $2, $3, $4, $5, $6) on conflict (friend_id) do nothing returning friend_id`,
    [friendId, inviter.id, from.ip, device, refused ? 'refused' : 'registered', refused],
  );
  return linked.length > 0 ? inviter.id : null;
}

interface ReferralOffer {
  id: string;
  code: string;
  content: Record<string, { title: string }>;
  audience: PromotionAudience;
  terms: {
    amount: string;
    wageringMultiplier: number;
    minFirstDeposit?: string;
    minTurnover?: string;
    turnoverMultiplier?: number;
  };
}

/**
 * How many times its first deposit the friend bets with real money before its inviter is paid
 * (issue 28, finding 5): the terms' `turnoverMultiplier`, 1 when they name none (promotions
 * made before it), never less.
 */
const turnoverMultiplierOf = (terms: ReferralOffer['terms']): number =>
  Math.max(1, Math.trunc(terms.turnoverMultiplier ?? 1));

/**
 * The friend's real-money turnover the inviter's reward waits for: its first deposit × the
 * multiplier, and never less than `minTurnover`. Never 0 once the friend has deposited, so a
 * deposit alone never pays.
 */
export function requiredTurnover(terms: ReferralOffer['terms'], firstDeposit: bigint): bigint {
  const byDeposit = firstDeposit * BigInt(turnoverMultiplierOf(terms));
  const floor = parseMoney(terms.minTurnover ?? '0');
  const required = byDeposit > floor ? byDeposit : floor;
  return required > 0n ? required : 1n;
}

/** The open referral promotion for this inviter (the newest whose audience it is in). */
async function openOffer(tx: Queryable, inviterId: string): Promise<ReferralOffer | null> {
  const offers = await tx.query<ReferralOffer>(
    `select id::text, code, content, audience, terms from promotions
     where type = 'referralReward' and starts_at <= now()
       and (ends_at is null or ends_at > now()) and (closed_at is null or closed_at > now())
     order by starts_at desc, id desc`,
  );
  for (const offer of offers) if (await inAudience(tx, offer.audience, inviterId)) return offer;
  return null;
}

/**
 * In the transaction of the friend's bet or credited deposit: the turnover (or the first
 * deposit) counts, and once both reach the open referral promotion's condition the inviter's
 * reward goes to its reward centre, once (the statement that turns the row `rewarded` pays).
 * The turnover is the friend's real-money valid turnover (the bet accrual passes only the
 * real-money part of a stake), and the condition always asks for some (`requiredTurnover`):
 * a deposit alone never pays (issue 28, finding 5). Answers the inviter to tell, or null.
 */
export async function referralProgressWithin(
  tx: Queryable,
  friendId: string,
  event: { kind: 'bet'; valid: bigint } | { kind: 'deposit'; amount: bigint },
): Promise<string | null> {
  const [row] = await tx.query<{
    inviter_id: string;
    first_deposit: string | null;
    turnover: string;
  }>(
    event.kind === 'bet'
      ? `update referrals set turnover = turnover + $2 where friend_id = $1 and state = 'registered'
         returning inviter_id::text, first_deposit::text, turnover::text`
      : `update referrals set first_deposit = coalesce(first_deposit, $2)
         where friend_id = $1 and state = 'registered'
         returning inviter_id::text, first_deposit::text, turnover::text`,
    [friendId, (event.kind === 'bet' ? event.valid : event.amount).toString()],
  );
  return referralSettleWithin(tx, friendId, row ?? null);
}

/** The referral step's database function (migration 046): a friend's turnover counted. */
export const REFERRAL_FUNCTION = 'referral_bet';

/** Whether the member `$1` is a registered friend (else the referral step has nothing to do). */
export const REFERRAL_PROBE = `exists (select 1 from referrals r
  where r.friend_id = $1 and r.state = 'registered')`;

/**
 * The referral as a friend's bet or deposit left it (null: the member is no registered friend):
 * when the offer's terms are met now, the friend is marked rewarded and the inviter's reward is
 * issued. Answers the inviter rewarded, if any.
 */
export async function referralSettleWithin(
  tx: Queryable,
  friendId: string,
  row: { inviter_id: string; first_deposit: string | null; turnover: string } | null,
): Promise<string | null> {
  if (!row || row.first_deposit === null) return null;
  // No reward reaches an inviter on a time-out or self-exclusion (issue 17): the friend stays
  // registered, and a later bet or deposit pays once the exclusion is over.
  if (await isExcluded(tx, row.inviter_id, new Date())) return null;
  const offer = await openOffer(tx, row.inviter_id);
  if (!offer) return null;
  const terms = offer.terms;
  const firstDeposit = BigInt(row.first_deposit);
  if (
    firstDeposit < parseMoney(terms.minFirstDeposit ?? '0') ||
    BigInt(row.turnover) < requiredTurnover(terms, firstDeposit)
  ) {
    return null;
  }
  const [rewarded] = await tx.query(
    `update referrals set state = 'rewarded', rewarded_at = now()
     where friend_id = $1 and state = 'registered' returning 1`,
    [friendId],
  );
  if (!rewarded) return null;
  const amount = parseMoney(terms.amount);
  await issueRewardWithin(tx, {
    memberId: row.inviter_id,
    source: 'referral',
    sourceKey: `referral:${friendId}`,
    promotionId: offer.id,
    houseAccount: 'promotions',
    amount,
    wageringRequired: amount * BigInt(terms.wageringMultiplier),
    detail: { friend: friendId },
  });
  return row.inviter_id;
}

/** The referral page: the code, the friends and where each stands, the open offer. */
export async function referralView(
  db: Queryable,
  memberId: string,
  language: string,
): Promise<ReferralView> {
  const code = await referralCodeOf(db, memberId);
  const rows = await db.query<{
    account: string;
    created_at: Date;
    state: ReferredFriend['state'];
    refused_reason: ReferredFriend['refusedReason'];
    first_deposit: string | null;
    turnover: string;
  }>(
    `select m.account, r.created_at, r.state, r.refused_reason, r.first_deposit::text,
       r.turnover::text
     from referrals r join members m on m.id = r.friend_id
     where r.inviter_id = $1 order by r.created_at desc limit 200`,
    [memberId],
  );
  const offer = await openOffer(db, memberId);
  return {
    code,
    friends: rows.map((row) => ({
      name: maskCustomerName(row.account),
      joinedAt: new Date(row.created_at).toISOString(),
      state: row.state,
      refusedReason: row.refused_reason,
      firstDeposit: row.first_deposit === null ? null : toMoneyString(BigInt(row.first_deposit)),
      turnover: toMoneyString(BigInt(row.turnover)),
    })),
    offer: offer
      ? {
          code: offer.code,
          title: (offer.content[language] ?? offer.content.EN)?.title ?? offer.code,
          amount: offer.terms.amount,
          minFirstDeposit: offer.terms.minFirstDeposit ?? '0.00',
          minTurnover: offer.terms.minTurnover ?? '0.00',
          turnoverMultiplier: turnoverMultiplierOf(offer.terms),
        }
      : null,
  };
}

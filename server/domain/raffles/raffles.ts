import { createHash, createHmac, randomBytes } from 'node:crypto';
import { maskCustomerName } from '../../../src/shared/games';
import { parseMoney } from '../../../src/shared/money';
import type { PromotionContext, PromotionState } from '../../../src/shared/promotions';
import {
  drawRaffle,
  type Hmac,
  type RafflePrize,
  type RaffleView,
} from '../../../src/shared/raffle';
import type { Queryable } from '../../db/types';
import type { Platform } from '../../platform/platform';
import { JobLock } from '../../db/locks';
import { ApiError } from '../../platform/apiError';
import { applyParticipationEvent } from '../participation/apply';
import { issueRewardWithin } from '../rewards/issue';
import { isExcluded } from '../responsibleGaming/state';
import { commitExclusive } from '../../platform/unitOfWork';

interface RaffleTerms {
  ticketPer: string;
  drawAt: string;
  prizes: RafflePrize[];
  wageringMultiplier: number;
}

/** HMAC-SHA256 of the draw (src/shared/raffle.ts) with node:crypto. */
export const nodeHmac: Hmac = (seedHex, message) =>
  BigInt(`0x${createHmac('sha256', Buffer.from(seedHex, 'hex')).update(message).digest('hex')}`);

/** Commits a raffle's seed when the raffle is created: only its hash is shown until the draw. */
export async function ensureRaffleSeed(db: Queryable, promotionId: string): Promise<void> {
  const seed = randomBytes(32);
  await db.query(
    `insert into raffle_draws (promotion_id, seed, seed_hash) values ($1, $2, $3)
     on conflict (promotion_id) do nothing`,
    [promotionId, seed, createHash('sha256').update(seed).digest('hex')],
  );
}

/** A member who joins a raffle gets its entry (its number is published after the draw). */
export async function enterRaffleWithin(tx: Queryable, promotionId: string, memberId: string) {
  await tx.query(
    `insert into raffle_entries (promotion_id, member_id) values ($1, $2)
     on conflict (promotion_id, member_id) do nothing`,
    [promotionId, memberId],
  );
}

/**
 * The raffle step's database function (migration 046): in the bet's transaction, the valid bet
 * adds to the turnover of every raffle the member entered that is still open.
 */
export const RAFFLE_FUNCTION = 'raffle_turnover_bet';

/** Whether the member `$1` is in a raffle still open (else the raffle step has nothing to do). */
export const RAFFLE_PROBE = `exists (select 1 from raffle_entries e
  join promotions p on p.id = e.promotion_id
  where e.member_id = $1 and p.starts_at <= now()
    and now() < (p.terms ->> 'drawAt')::timestamptz
    and (p.closed_at is null or p.closed_at > now()))`;

const ticketsOf = (turnover: bigint, ticketPer: string) => Number(turnover / parseMoney(ticketPer));

/**
 * The draw job: every raffle whose time has come is drawn once (under the job's advisory lock,
 * in one transaction): tickets counted from each entry's turnover, winners by `drawRaffle` with
 * the committed seed, prizes to the winners' reward centres (key raffle:<promotion>:<award>),
 * the other entries' participations closed as expired, the seed and every entry published.
 * Answers the winners to tell.
 */
export async function drawDueRaffles(deps: Platform, now = new Date()): Promise<string[]> {
  const run = await commitExclusive(deps, JobLock.raffleDraw, async (work) => {
    const { tx } = work;
    const due = await tx.query<{ id: string; terms: RaffleTerms; seed: Buffer | Uint8Array }>(
      `select p.id::text, p.terms, d.seed from promotions p
       join raffle_draws d on d.promotion_id = p.id
       where p.type = 'raffle' and d.drawn_at is null
         and (p.terms ->> 'drawAt')::timestamptz <= $1
       order by p.id`,
      [now],
    );
    const told: string[] = [];
    for (const raffle of due) {
      const entries = await tx.query<{
        id: string;
        member_id: string;
        account: string;
        turnover: string;
        participation_id: string | null;
      }>(
        `select e.id::text, e.member_id::text, m.account, e.turnover::text,
           pp.id::text as participation_id
         from raffle_entries e join members m on m.id = e.member_id
         left join promotion_participations pp
           on pp.promotion_id = e.promotion_id and pp.member_id = e.member_id
         where e.promotion_id = $1 order by e.id`,
        [raffle.id],
      );
      const seedHex = Buffer.from(raffle.seed).toString('hex');
      const tickets = entries.map((entry) => ({
        entry: entry.id,
        tickets: ticketsOf(BigInt(entry.turnover), raffle.terms.ticketPer),
      }));
      const wins = drawRaffle(seedHex, tickets, raffle.terms.prizes, nodeHmac);
      const byEntry = new Map(entries.map((entry) => [entry.id, entry]));
      for (const win of wins) {
        const winner = byEntry.get(win.entry)!;
        // A winner timed out or self-excluded gets no prize (issue 17: no promotion reaches
        // them); the draw stays as drawn, so anyone can still rerun it from the seed.
        if (await isExcluded(tx, winner.member_id, now)) {
          if (winner.participation_id) {
            await applyParticipationEvent(tx, winner.participation_id, {
              type: 'promotion.expire',
            });
          }
          continue;
        }
        const amount = parseMoney(win.amount);
        if (winner.participation_id) {
          await applyParticipationEvent(tx, winner.participation_id, {
            type: 'promotion.qualify',
            wagering: raffle.terms.wageringMultiplier > 0,
          });
        }
        await issueRewardWithin(tx, {
          memberId: winner.member_id,
          source: 'raffle',
          sourceKey: `raffle:${raffle.id}:${win.prize}`,
          promotionId: raffle.id,
          participationId: winner.participation_id,
          houseAccount: 'promotions',
          amount,
          wageringRequired: amount * BigInt(raffle.terms.wageringMultiplier),
          detail: { prize: String(win.prize + 1) },
        });
        told.push(winner.member_id);
      }
      const winners = new Set(wins.map((win) => win.entry));
      for (const entry of entries) {
        if (winners.has(entry.id) || !entry.participation_id) continue;
        const [state] = await tx.query<{ state: PromotionState; context: PromotionContext }>(
          'select state, context from promotion_participations where id = $1',
          [entry.participation_id],
        );
        if (state?.state === 'joined') {
          await applyParticipationEvent(tx, entry.participation_id, { type: 'promotion.expire' });
        }
      }
      const result = {
        entries: entries.map((entry, index) => ({
          entry: entry.id,
          name: maskCustomerName(entry.account),
          tickets: tickets[index]!.tickets,
        })),
        winners: wins.map((win) => ({
          prize: win.prize,
          amount: win.amount,
          entry: win.entry,
          name: maskCustomerName(byEntry.get(win.entry)!.account),
        })),
      };
      await tx.query(`update raffle_draws set drawn_at = $2, result = $3 where promotion_id = $1`, [
        raffle.id,
        now,
        JSON.stringify(result),
      ]);
    }
    for (const memberId of new Set(told)) work.changed('reward', { memberId, reason: 'issued' });
    return told;
  });
  return run.ran ? run.result : [];
}

/** A raffle's page: its rule, the seed's hash (and the seed once drawn), tickets, result. */
export async function raffleView(
  db: Queryable,
  code: string,
  memberId: string | null,
): Promise<RaffleView> {
  const [row] = await db.query<{
    id: string;
    terms: RaffleTerms;
    seed: Buffer | Uint8Array;
    seed_hash: string;
    drawn_at: Date | null;
    result: { entries: RaffleView['entries']; winners: RaffleView['winners'] } | null;
  }>(
    `select p.id::text, p.terms, d.seed, d.seed_hash, d.drawn_at, d.result
     from promotions p join raffle_draws d on d.promotion_id = p.id
     where p.code = $1 and p.type = 'raffle'`,
    [code],
  );
  if (!row) throw new ApiError(404, 'not_found', `No raffle ${code}.`);
  const entries = await db.query<{ id: string; member_id: string; turnover: string }>(
    'select id::text, member_id::text, turnover::text from raffle_entries where promotion_id = $1',
    [row.id],
  );
  const mine = entries.find((entry) => entry.member_id === memberId);
  const count = (turnover: string) => ticketsOf(BigInt(turnover), row.terms.ticketPer);
  return {
    code,
    ticketPer: row.terms.ticketPer,
    drawAt: new Date(row.terms.drawAt).toISOString(),
    prizes: row.terms.prizes,
    seedHash: row.seed_hash,
    seed: row.drawn_at ? Buffer.from(row.seed).toString('hex') : null,
    drawnAt: row.drawn_at ? new Date(row.drawn_at).toISOString() : null,
    myTickets: mine ? count(mine.turnover) : 0,
    totalTickets: entries.reduce((sum, entry) => sum + count(entry.turnover), 0),
    myEntry: mine?.id ?? null,
    entries: row.result?.entries ?? [],
    winners: row.result?.winners ?? [],
  };
}

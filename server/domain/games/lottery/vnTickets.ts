import {
  oddsText,
  type VnLine,
  type VnResult,
  type VnResultEntry,
} from '../../../../src/shared/vnLotto';
import type { DrawLine, DrawResultEntry, SlipTicket } from '../../../../src/shared/drawBets';
import { toMoneyString } from '../../../../src/shared/money';
import type { Queryable } from '../../../db/types';
import type { Platform } from '../../../platform/platform';
import type { Launch } from '../demoVendor/launches';
import { numbersOf } from './draws';
import { realVnGame } from './vnGames';

/**
 * What a player reads of the scheduled lotteries: their slips (placed by vnSlips.ts) as tickets,
 * and a game's opened draws.
 */

/** A line as stored with its slip: what was placed, and its hits and win once settled. */
export type StoredLine = (VnLine | DrawLine) & {
  stake: string;
  payout: number;
  hits?: number;
  win?: string;
};

type TicketRow = {
  id: string;
  slip_key: string;
  node_id: string;
  game_name: string;
  numero: string;
  placed_at: Date | string;
  stake: string;
  status: 'open' | 'settled' | 'void';
  win: string | null;
  settled_at: Date | string | null;
  lines: StoredLine[] | string;
};

const iso = (value: Date | string) => new Date(value).toISOString();

/** A member's tickets: one by its id or key, or a game's newest. */
export async function ticketsOf(
  db: Queryable,
  memberId: string,
  which: { slipId: string } | { slipKey: string } | { nodeId: string; limit: number },
  language: string,
): Promise<SlipTicket[]> {
  const [filter, value, limit] =
    'slipId' in which
      ? ['s.id = $3::bigint', which.slipId, 1]
      : 'slipKey' in which
        ? ['s.slip_key = $3', which.slipKey, 1]
        : ['s.node_id = $3', which.nodeId, which.limit];
  const rows = await db.query<TicketRow>(
    `select s.id::text, s.slip_key, s.node_id, coalesce(ln.name, en.name) as game_name, s.numero,
       s.placed_at, s.stake::text, s.status, s.win::text, s.settled_at, s.lines
     from vn_slips s
     join game_names en on en.node_id = s.node_id and en.language = 'EN'
     left join game_names ln on ln.node_id = s.node_id and ln.language = $2
     where s.member_id = $1 and ${filter}
     order by s.placed_at desc, s.id desc limit $4`,
    [memberId, language, value, limit],
  );
  return rows.map((row) => {
    const lines =
      typeof row.lines === 'string' ? (JSON.parse(row.lines) as StoredLine[]) : row.lines;
    return {
      slipId: row.slip_key,
      gameCode: row.node_id,
      gameName: row.game_name,
      numero: row.numero,
      placedAt: iso(row.placed_at),
      stake: toMoneyString(BigInt(row.stake)),
      // A voided slip (its draw never opened) shows as settled with its stake returned.
      status: row.status === 'open' ? 'open' : 'settled',
      win:
        row.status === 'void'
          ? toMoneyString(BigInt(row.stake))
          : row.win === null
            ? null
            : toMoneyString(BigInt(row.win)),
      settledAt: row.settled_at === null ? null : iso(row.settled_at),
      lines: lines.map((line) => ({
        betType: line.betType,
        ...('position' in line && line.position !== undefined ? { position: line.position } : {}),
        numbers: line.numbers,
        unit: line.unit,
        multiplier: line.multiplier,
        stake: line.stake,
        odds: oddsText(line.payout),
        hits: line.hits ?? null,
        win: line.win ?? null,
      })),
    } as SlipTicket;
  });
}

/** The player's tickets of the launched game, newest first. */
export async function vnTickets(
  deps: Platform,
  launch: Launch,
  language: string,
): Promise<SlipTicket[]> {
  const game = await realVnGame(deps, launch);
  return ticketsOf(deps.db, launch.memberId!, { nodeId: game.nodeId, limit: 20 }, language);
}

/**
 * The launched game's opened draws, newest first: a Vietnamese game's with their prize tiers,
 * another's with their numbers.
 */
export async function vnResults(
  deps: Platform,
  launch: Launch,
  limit: number,
): Promise<VnResultEntry[] | DrawResultEntry[]> {
  const game = await realVnGame(deps, launch);
  const rows = await deps.db.query<{
    numero: string;
    opened_at: Date | string;
    numbers: number[] | string;
    prizes: VnResult | string | null;
  }>(
    `select numero, opened_at, numbers, prizes from lottery_draws
     where node_id = $1 and ($3::boolean or prizes is not null)
     order by closes_at desc limit $2`,
    [game.nodeId, limit, game.format === null],
  );
  if (game.format === null) {
    return rows.map((row) => ({
      numero: row.numero,
      openedAt: iso(row.opened_at),
      numbers: numbersOf(row.numbers),
    }));
  }
  return rows.map((row) => ({
    numero: row.numero,
    openedAt: iso(row.opened_at),
    prizes: typeof row.prizes === 'string' ? (JSON.parse(row.prizes) as VnResult) : row.prizes!,
  }));
}

import { createHash, randomBytes } from 'node:crypto';
import { isTrialType } from '../../../../src/shared/identity';
import type { LottoLaunch } from '../../../../src/shared/lottery';
import { parseMoney } from '../../../../src/shared/money';
import type { Queryable } from '../../../db/types';
import type { Platform } from '../../../platform/platform';
import { ApiError } from '../../../platform/apiError';
import { assertLaunchAllowed } from '../../responsibleGaming/enforce';

/** How long a launched game can be played before the player must launch it again. */
const LAUNCH_HOURS = 12;

export interface LaunchedGame {
  nodeId: string;
  vendor: string;
  gameName: string;
  engine: 'slot' | 'draw';
}

export interface Launch extends LaunchedGame {
  id: string;
  /** A lottery launch's area, prize mode and view (launchGame's lotto fields); else null. */
  lotto: LottoLaunch | null;
  /** The catalogue's game type (RNG, LOTT…): the rebate's and the missions' rates go by it. */
  gameType: string;
  memberId: string | null;
  /** The login session a real launch was opened from (the session limit counts from it). */
  sessionId: string | null;
  demo: boolean;
  /** The hash of the token it was resolved by (a round checks it is still the launch's). */
  tokenHash: string;
  /** When it ends by itself. */
  expiresAt: Date;
}

const hash = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * Opens a game for a member (real money) or as a free trial (play money kept with the launch).
 * The token goes in the game's URL; only its hash is stored. A trial account plays free trials
 * only (spec 5): its real launch is refused here, whatever route asks, so it never bets against
 * the house nor reaches the winner board (issue 11).
 */
export async function createLaunch(
  deps: Platform,
  request: {
    memberId: string | null;
    sessionId?: string | null;
    demo: boolean;
    game: LaunchedGame;
    lotto?: LottoLaunch;
  },
): Promise<string> {
  if (!request.demo && request.memberId === null) {
    throw new ApiError(401, 'not_logged_in', 'Not logged in, please log in.');
  }
  if (!request.demo) {
    const [member] = await deps.db.query<{ type: number; status: string }>(
      'select type, status from members where id = $1',
      [request.memberId],
    );
    if (!member || isTrialType(Number(member.type))) {
      throw new ApiError(403, 'in_need_true_account', 'This needs a real account.');
    }
    // Responsible gaming (issue 17): no play while excluded, past the session limit, or with
    // no room left under a loss or wager limit.
    await assertLaunchAllowed(deps, request.memberId!, request.sessionId ?? null);
  }
  const token = randomBytes(24).toString('base64url');
  await deps.db.query(
    `insert into game_launches (token_hash, member_id, node_id, vendor, game_name, engine, demo,
       demo_balance, expires_at, session_id, lotto_area, lotto_prize_mode, lotto_view)
     values ($1, $2, $3, $4, $5, $6, $7, $8, now() + make_interval(hours => $9), $10, $11, $12,
       $13)`,
    [
      hash(token),
      request.memberId,
      request.game.nodeId,
      request.game.vendor,
      request.game.gameName,
      request.game.engine,
      request.demo,
      request.demo ? parseMoney(deps.config.games.freeTrialCredit).toString() : '0',
      LAUNCH_HOURS,
      request.demo ? null : (request.sessionId ?? null),
      request.lotto?.area ?? null,
      request.lotto?.prizeMode ?? null,
      request.lotto?.view ?? null,
    ],
  );
  return token;
}

/** The launch behind a game URL's token; refuses unknown and expired ones. */
export async function resolveLaunch(db: Queryable, token: string): Promise<Launch> {
  const [row] = await db.query<{
    id: string;
    member_id: string | null;
    session_id: string | null;
    node_id: string;
    vendor: string;
    game_name: string;
    engine: 'slot' | 'draw';
    demo: boolean;
    live: boolean;
    game_type: string;
    lotto_area: string | null;
    lotto_prize_mode: string | null;
    lotto_view: 'lobby' | 'betting' | null;
    expires_at: Date;
  }>(
    `select l.id::text, l.member_id::text, l.session_id::text, l.node_id, l.vendor, l.game_name,
       l.engine, l.demo, l.expires_at > now() as live, coalesce(g.game_type, 'RNG') as game_type,
       l.expires_at,
       l.lotto_area, l.lotto_prize_mode, l.lotto_view
     from game_launches l left join games g on g.node_id = l.node_id
     where l.token_hash = $1`,
    [hash(token)],
  );
  if (!row || !row.live) throw launchEnded();
  return {
    id: row.id,
    memberId: row.member_id,
    sessionId: row.session_id,
    nodeId: row.node_id,
    vendor: row.vendor,
    gameName: row.game_name,
    engine: row.engine,
    demo: row.demo,
    gameType: row.game_type,
    tokenHash: hash(token),
    expiresAt: new Date(row.expires_at),
    lotto:
      row.lotto_view === null
        ? null
        : { area: row.lotto_area!, prizeMode: row.lotto_prize_mode!, view: row.lotto_view },
  };
}

/** The refusal of a round or a read of a launch that has ended (or never was). */
export const launchEnded = () =>
  new ApiError(401, 'launch_expired', 'This game session has ended. Please launch it again.');

/** Real launches resolved lately, per database, by token hash (see `resolveLaunchToPlay`). */
const known = new WeakMap<object, Map<string, Launch>>();
const KNOWN_LIMIT = 10_000;

/**
 * `resolveLaunch` for a round of real play (issue 31: a bet costs no round trip to find its
 * launch): a real launch once resolved is remembered in this process until it ends by itself.
 * What a launch holds never changes but its token (a fallback reissues it) and its end (a
 * responsible-gaming stop ends it early), so the round's own transaction checks those when it
 * writes the betting record (`liveLaunchSql`): a remembered launch is never played once it is
 * no longer live, in any process. Free trials are not remembered (their money is the launch's).
 */
export async function resolveLaunchToPlay(
  db: Queryable & object,
  token: string,
  now = new Date(),
): Promise<Launch> {
  const map = known.get(db) ?? new Map<string, Launch>();
  known.set(db, map);
  const key = hash(token);
  const remembered = map.get(key);
  if (remembered && remembered.expiresAt > now) return remembered;
  if (remembered) map.delete(key);
  const launch = await resolveLaunch(db, token);
  if (!launch.demo) {
    map.set(key, launch);
    if (map.size > KNOWN_LIMIT) map.delete(map.keys().next().value!);
  }
  return launch;
}

/**
 * The SQL condition that the launch `$id` is still live under the token hash `$hash` (both
 * parameter references), for the statement that writes a round.
 */
export const liveLaunchSql = (id: string, tokenHash: string) =>
  `exists (select 1 from game_launches l where l.id = ${id}::bigint
     and l.token_hash = ${tokenHash} and l.expires_at > now())`;

/**
 * The launch fallback (GCS_gameLaunchFB, issue 16): the same launch under a new token, for the
 * member whose launch it is while it is valid. The old token stops working in the same
 * statement (the row's hash is replaced), so a launch is never open under two addresses; its
 * game, its free-trial money and its rounds stay with it.
 */
export async function reissueLaunch(
  db: Queryable,
  token: string,
  memberId: string,
): Promise<{ token: string; engine: 'slot' | 'draw'; view: 'lobby' | 'betting' | null }> {
  const fresh = randomBytes(24).toString('base64url');
  const [row] = await db.query<{ engine: 'slot' | 'draw'; lotto_view: 'lobby' | 'betting' | null }>(
    `update game_launches set token_hash = $2
      where token_hash = $1 and member_id = $3 and expires_at > now()
      returning engine, lotto_view`,
    [hash(token), hash(fresh), memberId],
  );
  if (!row) {
    throw new ApiError(
      401,
      'launch_expired',
      'This game session has ended. Please launch it again.',
    );
  }
  return { token: fresh, engine: row.engine, view: row.lotto_view };
}

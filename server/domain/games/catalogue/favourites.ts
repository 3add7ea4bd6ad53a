import type { FavouriteList, FavouritePayload } from '../../../../src/shared/games';
import type { Queryable } from '../../../db/types';
import { ApiError } from '../../../platform/apiError';
import { gameRowsSql, type GameRow, toGameItem } from './gameItems';

/** An enabled game of the catalogue, or the game_not_found refusal. */
async function knownGame(db: Queryable, nodeId: string) {
  const [game] = await db.query<{ vendor: string; game_type: string }>(
    'select vendor, game_type from games where node_id = $1 and enabled',
    [nodeId],
  );
  if (!game) throw new ApiError(404, 'game_not_found', `No game "${nodeId}" in the catalogue.`);
  return game;
}

/** MCSFE_getFavoriteGames: the member's favourite nodeIds, newest first. */
export async function favouriteIds(db: Queryable, memberId: string): Promise<string[]> {
  const rows = await db.query<{ node_id: string }>(
    `select f.node_id from favourite_games f join games g on g.node_id = f.node_id
     where f.member_id = $1 and g.enabled order by f.created_at desc, f.node_id`,
    [memberId],
  );
  return rows.map((row) => row.node_id);
}

/**
 * MCSFE_addFavoriteGameV2. Adding a favourite twice is fine (the spec's client skips it, an
 * older tab may not). vendor and gameType are the spec's payload: when sent they must be the
 * game's, so a client that mixed up its cards learns it. Answers the favourite ids.
 */
export async function addFavourite(
  db: Queryable,
  memberId: string,
  payload: Pick<FavouritePayload, 'nodeId'> & Partial<FavouritePayload>,
): Promise<string[]> {
  const game = await knownGame(db, payload.nodeId);
  if (
    (payload.vendor && payload.vendor !== game.vendor) ||
    (payload.gameType && payload.gameType !== game.game_type)
  ) {
    throw new ApiError(
      400,
      'game_mismatch',
      `Game "${payload.nodeId}" is ${game.vendor} ${game.game_type}.`,
    );
  }
  await db.query(
    `insert into favourite_games (member_id, node_id) values ($1, $2)
     on conflict (member_id, node_id) do nothing`,
    [memberId, payload.nodeId],
  );
  return favouriteIds(db, memberId);
}

/** MCSFE_removeFavoriteGameV2: removing one that is not a favourite is fine too. */
export async function removeFavourite(
  db: Queryable,
  memberId: string,
  nodeId: string,
): Promise<string[]> {
  const [game] = await db.query('select 1 from games where node_id = $1', [nodeId]);
  if (!game) throw new ApiError(404, 'game_not_found', `No game "${nodeId}" in the catalogue.`);
  await db.query('delete from favourite_games where member_id = $1 and node_id = $2', [
    memberId,
    nodeId,
  ]);
  return favouriteIds(db, memberId);
}

/** MCSFE_getFavoriteGamesList: one page of the member's favourite games, newest first. */
export async function favouriteList(
  db: Queryable,
  memberId: string,
  query: { language: string; gameType: string | null; pageNo: number; pageSize: number },
): Promise<FavouriteList> {
  const where = `from favourite_games f join games g on g.node_id = f.node_id
    where f.member_id = $1 and g.enabled and ($2::text is null or g.game_type = $2::text)`;
  const [count] = await db.query<{ total: number }>(`select count(*)::int as total ${where}`, [
    memberId,
    query.gameType,
  ]);
  const rows = await db.query<GameRow>(
    `${gameRowsSql('$3')}
     join favourite_games f on f.node_id = g.node_id and f.member_id = $1
     where g.enabled and ($2::text is null or g.game_type = $2::text)
     order by f.created_at desc, g.node_id limit $4 offset $5`,
    [memberId, query.gameType, query.language, query.pageSize, (query.pageNo - 1) * query.pageSize],
  );
  return {
    content: rows.map(toGameItem),
    pageNum: query.pageNo,
    totalPages: Math.ceil((count?.total ?? 0) / query.pageSize),
  };
}

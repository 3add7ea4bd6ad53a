import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { GameCategory, GameSubtype } from '../../../src/shared/games';
import { searchKey } from '../../domain/games/catalogue/data';
import {
  addFavourite,
  favouriteIds,
  favouriteList,
  removeFavourite,
} from '../../domain/games/catalogue/favourites';
import { gameList, hotGames, storedCategory } from '../../domain/games/catalogue/gameList';
import { recentGames } from '../../domain/games/catalogue/recentGames';
import { categoryVendors, vendorGameTypes } from '../../domain/games/catalogue/vendors';
import { sessionOf } from '../auth';
import type { AppDeps } from '../../deps';
import { parseInput } from '../errors';
import { requestLanguage } from '../language';
import { parseQueryOnce } from '../queryPolicy';
import { createReadCache } from '../../domain/games/catalogue/readCache';
import { type PreparedAnswer, prepareAnswer } from '../preparedAnswer';
import type { RelayTable } from '../relay/dispatcher';

/** Browsers send empty parameters for "none"; read them as absent. */
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === '' ? undefined : value), schema.optional());
const upper = (value: string) => value.toUpperCase();

const text = optional(z.string().max(60));
const language = optional(
  z
    .string()
    .regex(/^[A-Za-z]{2}$/, 'a two-letter language code')
    .transform(upper),
);
const vendorCode = z
  .string()
  .regex(/^[A-Za-z0-9_]{1,30}$/, 'a vendor code')
  .transform(upper);
const gameType = z.string().max(20).transform(upper).pipe(z.enum(GameCategory));
const nodeId = z.string().regex(/^[A-Za-z0-9_-]{1,60}$/, 'a game nodeId');
const count = (min: number, max: number, fallback: number) =>
  z.preprocess(
    (value) => (value === '' || value === undefined ? fallback : value),
    z.coerce.number().int().min(min).max(max),
  );
const pageNo = count(1, 10_000, 1);
const clientType = optional(z.coerce.number().int().min(0).max(99));

const gameListQuery = z.object({
  clientType,
  platform: text,
  // One brand per server: the merchant (query or Merchant header) does not pick a catalogue.
  merchant: text,
  gameType: optional(gameType),
  pageNo,
  // 12 on the home page, 24 elsewhere (spec 9); anything from 1 to 60 is served.
  pageSize: count(1, 60, 24),
  vassalage: optional(vendorCode),
  gameClassify: optional(z.string().max(10).transform(upper).pipe(z.enum(GameSubtype))),
  language,
  // Ours, for the game search page: part of the name, in the language or else in EN.
  keyword: optional(z.string().max(50)),
});
const hotGamesQuery = z.object({
  merchantCode: text,
  isPlatform: optional(z.coerce.number().int().min(0).max(9)),
  platform: text,
  language,
});
const vendorQuery = z.object({ platform: text, merchantCode: text });
const vassGameTypeQuery = z.object({ vassalage: optional(vendorCode) });
const favouriteListQuery = z.object({
  clientType,
  platform: text,
  language,
  pageNo,
  pageSize: count(1, 999, 999),
  gameType: optional(gameType),
});
const addFavouriteBody = z
  .object({ nodeId, vendor: optional(vendorCode), gameType: optional(gameType) })
  .strict();
const removeFavouriteInput = z.object({ nodeId });
const recentQuery = z.object({ language, vassalage: optional(vendorCode) });

/**
 * The catalogue's relays (spec 7). Auth per call: browsing needs no session, favourites and
 * recent games do. Trial accounts may keep favourites and see their recent games: the spec's
 * trial is "logged in but limited to demo play", and favourites move no money, so they are not
 * among the real actions trial accounts are refused (spec 5, 6); the browser also fetches
 * favourites on every logged-in transition, trial included (spec 4).
 */
export function catalogueRelays(deps: AppDeps): RelayTable {
  const { db } = deps;
  // One cache per server: the catalogue does not change while it runs (readCache.ts).
  // Kept serialized, with their ETags (issue 31): a page is JSON text sent as it is.
  const listCache = createReadCache<PreparedAnswer<Awaited<ReturnType<typeof gameList>>>>();
  const hotCache = createReadCache<PreparedAnswer<Awaited<ReturnType<typeof hotGames>>>>();
  const languageOf = (request: FastifyRequest, asked: string | undefined) =>
    asked ?? requestLanguage(request, deps.config);
  const gameListQueryOf = parseQueryOnce(gameListQuery);
  const hotGamesQueryOf = parseQueryOnce(hotGamesQuery);

  return {
    GCSGAME_newGameVendor: {
      method: 'GET',
      query: vendorQuery,
      handle: async (request) => {
        parseInput(vendorQuery, request.query);
        return categoryVendors(db);
      },
    },
    GCSGAME_getVassGameType: {
      method: 'GET',
      query: vassGameTypeQuery,
      auth: 'session',
      handle: async (request) => {
        const { vassalage } = parseInput(vassGameTypeQuery, request.query);
        const types = await vendorGameTypes(db);
        if (!vassalage) return types;
        return Object.hasOwn(types, vassalage) ? { [vassalage]: types[vassalage] } : {};
      },
    },
    // The spec marks GCSGAME_gameList (T), but also lets visitors browse game lists (spec 6
    // "Visitor: ... browse ... game lists"), so the list is public; playing needs the login.
    GCSGAME_gameList: {
      method: 'GET',
      query: gameListQuery,
      handle: async (request) => {
        const query = gameListQueryOf(request);
        const filter = {
          gameType: query.gameType ?? null,
          vassalage: query.vassalage ?? null,
          gameClassify: query.gameClassify ?? null,
          keyword: query.keyword ? searchKey(query.keyword) || null : null,
          language: languageOf(request, query.language),
          pageNo: query.pageNo,
          pageSize: query.pageSize,
        };
        return listCache.get(JSON.stringify(filter), async () =>
          prepareAnswer(await gameList(db, filter)),
        );
      },
    },
    GCSGAME_hotGamesV2: {
      method: 'GET',
      query: hotGamesQuery,
      handle: async (request) => {
        const query = hotGamesQueryOf(request);
        const language = languageOf(request, query.language);
        return hotCache.get(language, async () => prepareAnswer(await hotGames(db, language)));
      },
    },
    MCSFE_getFavoriteGames: {
      method: 'GET',
      auth: 'session',
      handle: async (request) => favouriteIds(db, sessionOf(request).memberId),
    },
    MCSFE_getFavoriteGamesList: {
      method: 'GET',
      query: favouriteListQuery,
      auth: 'session',
      handle: async (request) => {
        const query = parseInput(favouriteListQuery, request.query);
        return favouriteList(db, sessionOf(request).memberId, {
          language: languageOf(request, query.language),
          gameType: query.gameType ? storedCategory(query.gameType) : null,
          pageNo: query.pageNo,
          pageSize: query.pageSize,
        });
      },
    },
    MCSFE_addFavoriteGameV2: {
      method: 'POST',
      body: addFavouriteBody,
      auth: 'session',
      handle: async (request) => {
        const body = parseInput(addFavouriteBody, request.body);
        return addFavourite(db, sessionOf(request).memberId, {
          nodeId: body.nodeId,
          vendor: body.vendor,
          gameType: body.gameType ? storedCategory(body.gameType) : undefined,
        });
      },
    },
    MCSFE_removeFavoriteGameV2: {
      method: 'DELETE',
      query: removeFavouriteInput,
      auth: 'session',
      handle: async (request) => {
        // The nodeId comes in the query; a JSON body is read too.
        const body = typeof request.body === 'object' && request.body ? request.body : {};
        const query = typeof request.query === 'object' && request.query ? request.query : {};
        const { nodeId } = parseInput(removeFavouriteInput, { ...body, ...query });
        return removeFavourite(db, sessionOf(request).memberId, nodeId);
      },
    },
    GCS_recentGame: {
      method: 'GET',
      query: recentQuery,
      auth: 'session',
      handle: async (request) => {
        const query = parseInput(recentQuery, request.query);
        return recentGames(
          db,
          sessionOf(request).memberId,
          languageOf(request, query.language),
          query.vassalage ?? null,
        );
      },
    },
  };
}

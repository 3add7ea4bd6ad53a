import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { LaunchResult } from '../../../src/shared/games';
import { ROOM_CATEGORIES, type RoomList } from '../../../src/shared/rooms';
import { reissueLaunch } from '../../domain/games/demoVendor/launches';
import { roomList } from '../../domain/games/rooms';
import { sessionOf } from '../auth';
import type { AppDeps } from '../../deps';
import { parseInput } from '../errors';
import { requestLanguage } from '../language';
import type { RelayTable } from '../relay/dispatcher';

const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === '' ? undefined : value), schema.optional());
const count = (min: number, max: number, fallback: number) =>
  z.preprocess(
    (value) => (value === '' || value === undefined ? fallback : value),
    z.coerce
      .number({ message: 'a number' })
      .int('a whole number')
      .min(min, `at least ${min}`)
      .max(max, `at most ${max}`),
  );
const roomQuery = z
  .object({
    gameType: optional(
      z
        .string()
        .max(10)
        .transform((value) => value.toUpperCase())
        .pipe(z.enum(ROOM_CATEGORIES, { message: 'LIVE or PVP' })),
    ),
    vassalage: optional(
      z
        .string()
        .regex(/^[A-Za-z0-9_]{1,30}$/, 'a vendor code')
        .transform((value) => value.toUpperCase()),
    ),
    language: optional(
      z
        .string()
        .regex(/^[A-Za-z]{2}$/, 'a two-letter language code')
        .transform((value) => value.toUpperCase()),
    ),
    pageNo: count(1, 10_000, 1),
    pageSize: count(1, 60, 24),
  })
  .strict();
const fallbackBody = z
  .object({
    launch: z.string().regex(/^[A-Za-z0-9_-]{20,64}$/, 'the launch token of the game URL'),
  })
  .strict();

/** GLS2_roomList and GCS_gameLaunchFB (spec 7; their meaning: src/shared/rooms.ts). */
export function roomRelays(deps: AppDeps): RelayTable {
  return {
    GLS2_roomList: {
      method: 'GET',
      query: roomQuery,
      auth: 'session',
      handle: async (request: FastifyRequest): Promise<RoomList> => {
        const query = parseInput(roomQuery, request.query);
        const { rooms, total } = await roomList(deps.db, {
          categories: query.gameType ? [query.gameType] : ROOM_CATEGORIES,
          vendor: query.vassalage ?? null,
          language: query.language ?? requestLanguage(request, deps.config),
          capacity: deps.config.games.roomCapacity,
          pageNo: query.pageNo,
          pageSize: query.pageSize,
        });
        return { rooms, totalPages: Math.ceil(total / query.pageSize) };
      },
    },
    GCS_gameLaunchFB: {
      method: 'POST',
      body: fallbackBody,
      auth: 'session',
      handle: async (request: FastifyRequest): Promise<LaunchResult> => {
        const { launch } = parseInput(fallbackBody, request.body);
        const again = await reissueLaunch(deps.db, launch, sessionOf(request).memberId);
        const query = new URLSearchParams({ launch: again.token, engine: again.engine });
        if (again.view) query.set('view', again.view);
        const language = requestLanguage(request, deps.config);
        query.set('lang', language);
        // The site's own origin, in the whole window: the fallback of a frame or CDN that failed.
        return { url: `/play.html?${query}`, mode: 'page' };
      },
    },
  };
}

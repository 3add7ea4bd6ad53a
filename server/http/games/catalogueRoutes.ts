import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { ok } from '../../../src/shared/envelope';
import { LotteryPrizeMode } from '../../../src/shared/games';
import {
  lotteryMenu,
  menuVendorOf,
  recentLotteries,
  VN_LOTTERY_VENDOR,
} from '../../domain/games/catalogue/lotteryMenus';
import { sessionOf } from '../auth';
import type { AppDeps } from '../../deps';
import { parseInput } from '../errors';
import { requestLanguage } from '../language';
import { createReadCache } from '../../domain/games/catalogue/readCache';
import { type PreparedAnswer, prepareAnswer, sendPrepared } from '../preparedAnswer';
import { artworkRoutes } from './artwork';

const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === '' ? undefined : value), schema.optional());
const prizeMode = optional(
  z
    .string()
    .max(10)
    .transform((value) => value.toUpperCase())
    .pipe(z.enum(LotteryPrizeMode)),
);
const language = optional(
  z
    .string()
    .regex(/^[A-Za-z]{2}$/, 'a two-letter language code')
    .transform((value) => value.toUpperCase()),
);
const menuQuery = z.object({ prizeMode, language });
const vnMenuQuery = z.object({
  prizeMode,
  language,
  device: optional(z.enum(['WEB', 'MOBILE'])),
});

/**
 * The lottery menus (spec 7 /lgw/...; spec 3 "Lottery menu: groups with gameMenus") and the
 * image CDN's generated artwork. Menus are public like game lists; the member's recent Vietnam
 * lotteries need a session.
 */
export async function catalogueRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const languageOf = (request: FastifyRequest, asked: string | undefined) =>
    asked ?? requestLanguage(request, deps.config);

  // The menus change only with the catalogue, at start: kept serialized with their ETags.
  const menus = createReadCache<PreparedAnswer<Awaited<ReturnType<typeof lotteryMenu>>>>();
  const menu = (vendor: string, mode: LotteryPrizeMode, language: string) =>
    menus.get(`${vendor}:${mode}:${language}`, async () =>
      prepareAnswer(await lotteryMenu(deps.db, vendor, mode, language)),
    );

  app.get(
    '/lgw/games/game_menus',
    { schema: { querystring: menuQuery } },
    async (request, reply) => {
      const query = parseInput(menuQuery, request.query);
      const mode = query.prizeMode ?? 'LOTT';
      const language = languageOf(request, query.language);
      return sendPrepared(request, reply, await menu(menuVendorOf[mode], mode, language));
    },
  );

  app.get(
    '/lgw/vn/games/game_menu',
    { schema: { querystring: vnMenuQuery } },
    async (request, reply) => {
      const query = parseInput(vnMenuQuery, request.query);
      const mode = query.prizeMode ?? 'LOTT';
      const language = languageOf(request, query.language);
      return sendPrepared(request, reply, await menu(VN_LOTTERY_VENDOR, mode, language));
    },
  );

  app.get(
    '/lgw/vn/games/game_menu/recent',
    { schema: { querystring: vnMenuQuery }, config: { auth: 'session' } },
    async (request) => {
      const query = parseInput(vnMenuQuery, request.query);
      return ok(
        await recentLotteries(
          deps.db,
          sessionOf(request).memberId,
          query.prizeMode ?? 'LOTT',
          languageOf(request, query.language),
        ),
      );
    },
  );

  await artworkRoutes(app, deps);
}

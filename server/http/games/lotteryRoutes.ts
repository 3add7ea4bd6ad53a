import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { ok } from '../../../src/shared/envelope';
import { LOTTERY_ROUTES, LotteryPrizeMode } from '../../../src/shared/games';
import {
  lobbyInfo,
  openedDraws,
  openedNumero,
  recentResults,
} from '../../domain/games/lottery/draws';
import type { AppDeps } from '../../deps';
import { parseInput } from '../errors';
import { requestLanguage } from '../language';

const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === '' ? undefined : value), schema.optional());
const language = optional(
  z
    .string()
    .regex(/^[A-Za-z]{2}$/, 'a two-letter language code')
    .transform((value) => value.toUpperCase()),
);
const lotteryVendors = Object.keys(LOTTERY_ROUTES) as [string, ...string[]];
const vendor = optional(
  z
    .string()
    .max(20)
    .transform((value) => value.toUpperCase())
    .pipe(z.enum(lotteryVendors, { message: `one of ${lotteryVendors.join(', ')}` })),
);
const gameCode = z.string().regex(/^[A-Za-z0-9_-]{1,60}$/, 'a lottery game code');
const numero = z.string().regex(/^[0-9]{8}-[0-9]{4}$/, 'a draw number such as 20261126-0042');
const limit = z.preprocess(
  (value) => (value === '' || value === undefined ? 20 : value),
  z.coerce.number().int().min(1, 'at least 1').max(50, 'at most 50'),
);
const device = optional(z.enum(['WEB', 'MOBILE']));

const prizeMode = optional(
  z
    .string()
    .max(10)
    .transform((value) => value.toUpperCase())
    .pipe(z.enum(LotteryPrizeMode)),
);
const lobbyQuery = z.object({ vendor, language, prizeMode, device }).strict();
const openedGameQuery = z.object({ gameCode, limit, language, device }).strict();
const openedNumeroQuery = z
  .object({ gameCode, numero: optional(numero), language, device })
  .strict();

/**
 * The lottery lobby (issue 16, spec 7): the lobby info and the recent results at the paths the
 * configuration gives (public, like the lottery menus), and the opened draws of a game and an
 * opened draw by its number (a session needed: spec 7 marks them T). The draws are the demo
 * vendor's, opened on schedule by the lotteryDraws job.
 */
export async function lotteryRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const { paths } = deps.config.lottery;
  const languageOf = (request: FastifyRequest, asked: string | undefined) =>
    asked ?? requestLanguage(request, deps.config);

  // Their paths come from the configuration: the document knows their answers by name.
  app.get(
    paths.lobbyInfo,
    { schema: { querystring: lobbyQuery }, config: { answer: 'lotteryLobbyInfo' } },
    async (request) => {
      const query = parseInput(lobbyQuery, request.query);
      return ok(
        await lobbyInfo(
          deps.db,
          deps.config.lottery,
          query.vendor ?? 'TCG_LOTTO_VN',
          languageOf(request, query.language),
        ),
      );
    },
  );

  app.get(
    paths.recentResults,
    { schema: { querystring: lobbyQuery }, config: { answer: 'lotteryRecentResults' } },
    async (request) => {
      const query = parseInput(lobbyQuery, request.query);
      return ok(
        await recentResults(
          deps.db,
          query.vendor ?? 'TCG_LOTTO_VN',
          languageOf(request, query.language),
        ),
      );
    },
  );

  app.get(
    '/lgw/vn/numeros/opened/game',
    { schema: { querystring: openedGameQuery }, config: { auth: 'session' } },
    async (request) => {
      const query = parseInput(openedGameQuery, request.query);
      return ok(
        await openedDraws(
          deps.db,
          query.gameCode,
          languageOf(request, query.language),
          query.limit,
        ),
      );
    },
  );

  app.get(
    '/lotto/lgw/games/opened/numero',
    { schema: { querystring: openedNumeroQuery }, config: { auth: 'session' } },
    async (request) => {
      const query = parseInput(openedNumeroQuery, request.query);
      return ok(
        await openedNumero(
          deps.db,
          query.gameCode,
          query.numero ?? null,
          languageOf(request, query.language),
        ),
      );
    },
  );
}

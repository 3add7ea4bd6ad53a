import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ok } from '../../../src/shared/envelope';
import { MAX_LINES, MAX_MULTIPLIER, VN_BET_TYPES, type VnLine } from '../../../src/shared/vnLotto';
import { DRAW_BET_TYPES, type DrawLine } from '../../../src/shared/drawBets';
import { MONEY_AMOUNT_PATTERN } from '../../../src/shared/money';
import { resolveLaunchToPlay } from '../../domain/games/demoVendor/launches';
import {
  placeVnSlip,
  vnOpenDrawOf,
  vnResults,
  vnTickets,
} from '../../domain/games/lottery/vnSlips';
import type { AppDeps } from '../../deps';
import { parseInput } from '../errors';
import { requestLanguage } from '../language';

const launchToken = z.string().regex(/^[A-Za-z0-9_-]{20,64}$/);
// The Vietnamese lottery's bet types and the other lotteries' (src/shared/drawBets.ts): each
// game takes its own, checked when the slip is placed.
const betTypes = [...VN_BET_TYPES.map((shape) => shape.betType), ...DRAW_BET_TYPES] as [
  string,
  ...string[],
];
const line = z
  .object({
    betType: z.enum(betTypes),
    position: z.number().int().min(1).max(10).optional(),
    numbers: z
      .array(z.string().regex(/^(\d{1,4}|big|small)$/))
      .min(1)
      .max(4),
    unit: z.string().regex(MONEY_AMOUNT_PATTERN),
    multiplier: z.number().int().min(1).max(MAX_MULTIPLIER),
  })
  .strict();
const slipBody = z
  .object({
    launch: launchToken,
    slipId: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/),
    numero: z.string().regex(/^\d{8}-\d{4}$/),
    lines: z.array(line).min(1).max(MAX_LINES),
  })
  .strict();
const launchQuery = z.object({ launch: launchToken }).strict();
const resultsQuery = z
  .object({ launch: launchToken, limit: z.coerce.number().int().min(1).max(20).optional() })
  .strict();

/**
 * The scheduled lotteries' calls from the game page (issue 34, finding 4; the Vietnamese lottery
 * and the others, under the paths the Vietnamese one first had): place a slip on the
 * draw taking bets, the draw taking bets, the player's tickets and the drawn results. The launch
 * token is the player's credential, as for the demo vendor's rounds.
 */
export async function vnLottoRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  app.post('/wps/demo-vendor/vn/slips', { schema: { body: slipBody } }, async (request) => {
    const body = parseInput(slipBody, request.body);
    const launch = await resolveLaunchToPlay(deps.db, body.launch);
    return ok(
      await placeVnSlip(
        deps,
        launch,
        {
          slipId: body.slipId,
          numero: body.numero,
          lines: body.lines.map((entry) => entry as VnLine | DrawLine),
        },
        requestLanguage(request, deps.config),
      ),
    );
  });

  app.get('/wps/demo-vendor/vn/draw', { schema: { querystring: launchQuery } }, async (request) => {
    const query = parseInput(launchQuery, request.query);
    const launch = await resolveLaunchToPlay(deps.db, query.launch);
    return ok(await vnOpenDrawOf(deps, launch));
  });

  app.get(
    '/wps/demo-vendor/vn/tickets',
    { schema: { querystring: launchQuery } },
    async (request) => {
      const query = parseInput(launchQuery, request.query);
      const launch = await resolveLaunchToPlay(deps.db, query.launch);
      return ok(await vnTickets(deps, launch, requestLanguage(request, deps.config)));
    },
  );

  app.get(
    '/wps/demo-vendor/vn/results',
    { schema: { querystring: resultsQuery } },
    async (request) => {
      const query = parseInput(resultsQuery, request.query);
      const launch = await resolveLaunchToPlay(deps.db, query.launch);
      return ok(await vnResults(deps, launch, query.limit ?? 10));
    },
  );
}

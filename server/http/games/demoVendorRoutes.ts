import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ok } from '../../../src/shared/envelope';
import { LOTTERY_ROUTES, type LaunchResult } from '../../../src/shared/games';

const lotteryRouteFor = (vendor: string): string | null =>
  Object.hasOwn(LOTTERY_ROUTES, vendor)
    ? LOTTERY_ROUTES[vendor as keyof typeof LOTTERY_ROUTES]
    : null;
import { MONEY_AMOUNT_PATTERN, parseMoney, toMoneyString } from '../../../src/shared/money';
import { recordRecentGame } from '../../domain/games/catalogue/recentGames';
import { drawDigit, drawRtp, drawWin } from '../../domain/games/demoVendor/drawEngine';
import { findLaunchableGame } from '../../domain/games/demoVendor/findGame';
import {
  createLaunch,
  resolveLaunch,
  resolveLaunchToPlay,
} from '../../domain/games/demoVendor/launches';
import { lobbyInfo } from '../../domain/games/lottery/draws';
import { lottoLaunchOf } from '../../domain/games/lottery/lottoLaunch';
import { drawLottoSession, vnLottoSession } from '../../domain/games/lottery/vnSlips';
import { requestLanguage } from '../language';
import { takeRig } from '../../domain/games/demoVendor/rigs';
import { playRound } from '../../domain/games/demoVendor/rounds';
import {
  slotMultiple,
  slotRtp,
  spinReels,
  SLOT_SYMBOLS,
} from '../../domain/games/demoVendor/slotEngine';
import { memberWallets } from '../../domain/ledger/accounts';
import { resolveSession } from '../../domain/identity/sessions';
import type { AppDeps } from '../../deps';
import { ApiError, parseInput } from '../errors';

const launchBody = z
  .object({
    nodeId: z.string().min(1).max(64).optional(),
    vassalage: z.string().regex(/^[A-Z0-9_]{2,20}$/),
    gameCode: z.string().max(64).optional(),
    demo: z.boolean().optional(),
    device: z.string().max(20).optional(),
    backUrl: z.string().max(300).optional(),
    language: z.string().max(8).optional(),
    lottoArea: z.string().max(8).optional(),
    launchMode: z.string().max(8).optional(),
    lottoPrizeMode: z.string().max(20).optional(),
    lottoGameCode: z.string().max(64).optional(),
    lottoView: z.enum(['betting', 'lobby']).optional(),
  })
  .strict();
const launchToken = z.string().regex(/^[A-Za-z0-9_-]{20,64}$/);
const roundId = z.string().regex(/^[A-Za-z0-9_-]{8,64}$/);
const amount = z.string().regex(MONEY_AMOUNT_PATTERN);
const sessionQuery = z.object({ launch: launchToken }).strict();
const spinBody = z.object({ launch: launchToken, bet: amount, roundId }).strict();
const drawBody = z
  .object({ launch: launchToken, bet: amount, roundId, pick: z.number().int().min(0).max(9) })
  .strict();

/**
 * The built-in demo vendor (issue 5): launchGame (spec 7) opens any catalogue game into our
 * own slot or number draw, whose rounds bet against the wallet through the ledger.
 */
export async function demoVendorRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  // No route-level auth: a free trial ("demo") may be launched by anyone (spec 2 game card
  // "free trial"); real play needs a session, checked here.
  app.post('/wps/game/launchGame', { schema: { body: launchBody } }, async (request) => {
    const body = parseInput(launchBody, request.body);
    const header = request.headers.authorization ?? '';
    const token = header.startsWith('Bearer ') ? header.slice(7) : '';
    const session = token ? await resolveSession(deps.db, token).catch(() => null) : null;
    const demo = body.demo === true;
    // A lottery launch's fields agree with each other and the vendor, or the launch is refused.
    const lotto = lottoLaunchOf(body);
    if (!demo && !session)
      throw new ApiError(401, 'not_logged_in', 'Not logged in, please log in.');
    // A free trial needs no account, so each address may open only so many (each is a row).
    if (demo && !session) {
      const limit = await deps.identity.throttles.hit(`free-trial:${request.ip}`, {
        windowMs: 60 * 60_000,
        limit: 120,
      });
      if (!limit.allowed) {
        throw new ApiError(429, 'too_many_requests', 'Too many requests. Please try again later.');
      }
    }
    const game = await findLaunchableGame(deps.db, {
      // A lottery page names its game by lottoGameCode; an empty one means its lobby.
      nodeId: body.nodeId || body.lottoGameCode || body.gameCode || null,
      vendor: body.vassalage,
      language: body.language ?? 'EN',
    });
    const launch = await createLaunch(deps, {
      // Real play is a real account's (createLaunch refuses a trial one); a free trial plays
      // money kept with the launch.
      memberId: demo ? (session?.memberId ?? null) : session!.memberId,
      sessionId: session?.sessionId ?? null,
      demo,
      game,
      ...(lotto ? { lotto } : {}),
    });
    // Real play shows in the member's recent games (GCS_recentGame); free trials do not.
    if (!demo) await recordRecentGame(deps.db, session!.memberId, game.nodeId);
    const query = new URLSearchParams({ launch, engine: game.engine });
    if (body.language) query.set('lang', body.language);
    if (lotto) query.set('view', lotto.view);
    // Lottery pages show the game in the page; cards open the game popup.
    const mode = body.launchMode === 'LOTT' ? 'page' : 'popup';
    const result: LaunchResult = { url: `/play.html?${query}`, mode };
    return ok(result);
  });

  app.get(
    '/wps/demo-vendor/session',
    { schema: { querystring: sessionQuery } },
    async (request) => {
      const { launch: token } = parseInput(sessionQuery, request.query);
      const launch = await resolveLaunch(deps.db, token);
      let balance: bigint;
      if (launch.demo) {
        const [row] = await deps.db.query<{ demo_balance: string }>(
          'select demo_balance::text from game_launches where id = $1',
          [launch.id],
        );
        balance = BigInt(row!.demo_balance);
      } else {
        // What the game can stake: real money and bonus money together (issue 28).
        const wallets = await memberWallets(deps.db, launch.memberId!);
        balance = wallets
          .filter((wallet) => wallet.wallet === 'MAIN' || wallet.wallet === 'BONUS')
          .reduce((sum, wallet) => sum + wallet.balance, 0n);
      }
      // A lottery launch: the vendor's lobby (lobby view) or the game's draws (betting view).
      const language = requestLanguage(request, deps.config);
      // A Vietnamese lottery game bets on its scheduled draws (issue 34): real money only.
      const vnLotto = await vnLottoSession(deps, launch);
      // So does every other scheduled lottery, with its group's bet types.
      const drawLotto = vnLotto ? null : await drawLottoSession(deps, launch);
      const lobby = launch.lotto
        ? await lobbyInfo(deps.db, deps.config.lottery, launch.vendor, language)
        : null;
      if ((vnLotto || drawLotto) && !launch.demo) {
        // A lottery ticket stakes real money only: the game shows what it can stake.
        const wallets = await memberWallets(deps.db, launch.memberId!);
        balance = wallets.find((wallet) => wallet.wallet === 'MAIN')?.balance ?? 0n;
      }
      return ok({
        vnLotto,
        drawLotto,
        lotto: launch.lotto,
        lobby: launch.lotto?.view === 'lobby' ? lobby : null,
        draw: lobby?.find((entry) => entry.gameCode === launch.nodeId) ?? null,
        lotteryRoute: lotteryRouteFor(launch.vendor),
        gameName: launch.gameName,
        vendor: launch.vendor,
        engine: launch.engine,
        demo: launch.demo,
        balance: toMoneyString(balance),
        currency: deps.config.payments.currency,
        betLevels: deps.config.games.betLevels,
        // Published return to player, computed from the paytable (not a marketing number).
        rtp: launch.engine === 'slot' ? slotRtp() : drawRtp(),
        symbols: SLOT_SYMBOLS,
      });
    },
  );

  app.post('/wps/demo-vendor/spin', { schema: { body: spinBody } }, async (request) => {
    const body = parseInput(spinBody, request.body);
    const launch = await resolveLaunchToPlay(deps.db, body.launch);
    if (launch.engine !== 'slot') throw new ApiError(400, 'invalid_request', 'Not a slot.');
    const bet = parseMoney(body.bet);
    return ok(
      await playRound(deps, launch, { roundId: body.roundId, bet }, () => {
        const rig = takeRig(deps.demoRigs, launch.demo ? null : launch.memberId, 'slot');
        const symbols = rig?.engine === 'slot' ? rig.symbols : spinReels();
        return { win: bet * BigInt(slotMultiple(symbols)), detail: { symbols } };
      }),
    );
  });

  app.post('/wps/demo-vendor/draw', { schema: { body: drawBody } }, async (request) => {
    const body = parseInput(drawBody, request.body);
    const launch = await resolveLaunchToPlay(deps.db, body.launch);
    if (launch.engine !== 'draw') throw new ApiError(400, 'invalid_request', 'Not a draw.');
    const bet = parseMoney(body.bet);
    return ok(
      await playRound(deps, launch, { roundId: body.roundId, bet }, () => {
        const rig = takeRig(deps.demoRigs, launch.demo ? null : launch.memberId, 'draw');
        const drawn = rig?.engine === 'draw' ? rig.drawn : drawDigit();
        return { win: drawWin(bet, body.pick, drawn), detail: { pick: body.pick, drawn } };
      }),
    );
  });
}

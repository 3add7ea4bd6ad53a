import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ok } from '../../../src/shared/envelope';
import { optIn } from '../../domain/promotions/participation';
import { claimAllRewards, claimReward } from '../../domain/rewards/claim';
import { listRewards, rewardSummary } from '../../domain/rewards/list';
import { configuredTitles } from '../../domain/rewards/views';
import { referralView } from '../../domain/referrals/referrals';
import { raffleView } from '../../domain/raffles/raffles';
import { claimRafflePrizes } from '../../domain/rewards/claim';
import { missionLeaderboard, missionSummary } from '../../domain/missions/missions';
import type { RelayTable } from '../relay/dispatcher';
import { forfeitBonus } from '../../domain/rewards/wagering';
import { claimRebate, rebateView } from '../../domain/rebates/rebates';
import { vipStanding } from '../../domain/vip/progress';
import { vipStatusOf } from '../../../src/shared/vip';
import { optionalSession, sessionOf } from '../auth';
import type { AppDeps } from '../../deps';
import { parseInput } from '../errors';
import { requestLanguage } from '../language';
import { PROMOTION_OPT_INS } from '../../../src/shared/promotions';
import { foldAccruals } from '../../domain/accruals/fold';

const rewardParams = z.object({ id: z.string().regex(/^\d{1,18}$/, 'a reward id') }).strict();
const optInParams = z
  .object({
    code: z.string().regex(/^[A-Z0-9_]{2,32}$/, 'a promotion code'),
    action: z.enum(PROMOTION_OPT_INS),
  })
  .strict();

/**
 * The reward centre and taking part in promotions (issue 14), for real accounts: a free-play
 * account earns nothing. Every change is announced to the member's pages (`reward`, `balance`).
 */
export async function rewardRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const auth = { config: { auth: 'realMoney' as const } };

  app.get('/wps/rewards', auth, async (request) => {
    const language = requestLanguage(request, deps.config);
    // The rewards the member's bets earned (a level reached, a mission done) are in (issue 31).
    await foldAccruals(deps);
    return ok(
      await listRewards(
        deps.db,
        sessionOf(request).memberId,
        language,
        configuredTitles(deps.config, language),
      ),
    );
  });

  app.get('/wps/rewards/summary', auth, async (request) =>
    ok(
      await rewardSummary(
        deps.db,
        sessionOf(request).memberId,
        requestLanguage(request, deps.config),
      ),
    ),
  );

  app.post('/wps/rewards/:id/claim', auth, async (request) => {
    const { id } = parseInput(rewardParams, request.params);
    return ok(
      await claimReward(
        deps,
        sessionOf(request).memberId,
        id,
        requestLanguage(request, deps.config),
      ),
    );
  });

  app.post('/wps/rewards/claim-all', auth, async (request) =>
    ok(
      await claimAllRewards(
        deps,
        sessionOf(request).memberId,
        requestLanguage(request, deps.config),
      ),
    ),
  );

  app.post('/wps/rewards/bonus/forfeit', auth, async (request) => {
    const { forfeited } = await forfeitBonus(deps, sessionOf(request).memberId);
    return ok({ forfeited });
  });

  // VIP (issue 14): the member's level, the period's totals, the way to the next level and
  // every level's benefits.
  app.get('/wps/vip', auth, async (request) => {
    const memberId = sessionOf(request).memberId;
    const now = new Date();
    await foldAccruals(deps);
    const standing = await vipStanding(deps.db, deps.config.vip, memberId, now);
    return ok(
      vipStatusOf(
        deps.config.vip.levels,
        deps.config.vip.period,
        standing.totals,
        standing.level,
        requestLanguage(request, deps.config),
        now,
      ),
    );
  });

  // Invite friends (issue 14): the member's code, its friends, the open offer.
  app.get('/wps/referral', auth, async (request) =>
    ok(
      await referralView(
        deps.db,
        sessionOf(request).memberId,
        requestLanguage(request, deps.config),
      ),
    ),
  );

  // Manual rebate (issue 14): what valid bets since the last claim earned, claimed once.
  // Every bet folded in first (issue 31): the page and the claim see all of them.
  app.get('/wps/rebate', auth, async (request) => {
    await foldAccruals(deps);
    return ok(await rebateView(deps.db, sessionOf(request).memberId));
  });
  app.post('/wps/rebate/claim', auth, async (request) => {
    await foldAccruals(deps);
    return ok(await claimRebate(deps, sessionOf(request).memberId));
  });

  // A raffle's rule, committed seed hash, the member's tickets, and once drawn the seed, every
  // entry and the winners (open to guests: anyone may check a draw).
  app.get('/wps/raffles/:code', async (request) => {
    const { code } = parseInput(
      z.object({ code: z.string().regex(/^[A-Z0-9_]{2,32}$/, 'a promotion code') }).strict(),
      request.params,
    );
    const session = await optionalSession(deps, request);
    return ok(await raffleView(deps.db, code, session?.memberId ?? null));
  });

  app.post('/wps/promotions/:code/:action', auth, async (request) => {
    const { code, action } = parseInput(optInParams, request.params);
    const state = await optIn(deps, sessionOf(request).memberId, code, action);
    return ok({ code, state });
  });
}

/** The missions calls of spec 7 (T): this period's missions with progress, and the ranking. */
export function missionRelays(deps: AppDeps): RelayTable {
  return {
    MCSFE_getMissionSummaryDetails: {
      method: 'GET',
      auth: 'realMoney',
      handle: async (request) => {
        await foldAccruals(deps);
        return missionSummary(
          deps.db,
          deps.config.missions,
          sessionOf(request).memberId,
          requestLanguage(request, deps.config),
        );
      },
    },
    // Spec 7 MCS2_claimRafflePromotion (POST, T): claims the member's prizes of a drawn raffle.
    MCS2_claimRafflePromotion: {
      method: 'POST',
      auth: 'realMoney',
      handle: (request) => {
        const { code } = parseInput(
          z.object({ code: z.string().regex(/^[A-Z0-9_]{2,32}$/) }).strict(),
          request.body,
        );
        return claimRafflePrizes(
          deps,
          sessionOf(request).memberId,
          code,
          requestLanguage(request, deps.config),
        );
      },
    },
    MCSFE_getMissionLeaderboard: {
      method: 'GET',
      auth: 'realMoney',
      handle: (request) => missionLeaderboard(deps.db, sessionOf(request).memberId),
    },
  };
}

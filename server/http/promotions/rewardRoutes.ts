import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ok } from '../../../src/shared/envelope';
import { optIn } from '../../domain/promotions/participation';
import { claimAllRewards, claimReward } from '../../domain/rewards/claim';
import { listRewards, rewardSummary } from '../../domain/rewards/list';
import { forfeitBonus } from '../../domain/rewards/wagering';
import { sessionOf } from '../auth';
import type { AppDeps } from '../deps';
import { parseInput } from '../errors';
import { requestLanguage } from '../language';

const rewardParams = z.object({ id: z.string().regex(/^\d{1,18}$/, 'a reward id') }).strict();
const optInParams = z
  .object({
    code: z.string().regex(/^[A-Z0-9_]{2,32}$/, 'a promotion code'),
    action: z.enum(['sign', 'join']),
  })
  .strict();

/**
 * The reward centre and taking part in promotions (issue 14), for real accounts: a free-play
 * account earns nothing. Every change is announced to the member's pages (`reward`, `balance`).
 */
export async function rewardRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const auth = { config: { auth: 'realMoney' as const } };

  app.get('/wps/rewards', auth, async (request) =>
    ok(
      await listRewards(
        deps.db,
        sessionOf(request).memberId,
        requestLanguage(request, deps.config),
      ),
    ),
  );

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

  app.post('/wps/promotions/:code/:action', auth, async (request) => {
    const { code, action } = parseInput(optInParams, request.params);
    const state = await optIn(deps, sessionOf(request).memberId, code, action);
    return ok({ code, state });
  });
}

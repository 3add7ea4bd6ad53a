import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ok } from '../../../src/shared/envelope';
import { parseMoney } from '../../../src/shared/money';
import { earnPointsWithin } from '../../domain/points/points';
import { issueRewardWithin } from '../../domain/rewards/issue';
import type { AppDeps } from '../../deps';
import { ApiError, parseInput } from '../errors';

const pointsBody = z
  .object({
    account: z.string().min(1).max(40),
    points: z.number().int().min(1).max(1_000_000),
  })
  .strict();

const rewardBody = z
  .object({
    account: z.string().min(1).max(40),
    amount: z.string().regex(/^\d{1,6}\.\d{2}$/),
  })
  .strict();

async function memberId(deps: AppDeps, account: string): Promise<string> {
  const [member] = await deps.db.query<{ id: string }>(
    'select id::text from members where lower(account) = lower($1)',
    [account],
  );
  if (!member) throw new ApiError(404, 'not_found', 'No such account.');
  return member.id;
}

/**
 * Development tools that give a test account what play would earn it (issue 29): points, as
 * bets at one point per 1.00 would, and a reward waiting in the reward centre with nothing to
 * wager, as a mission or a promotion would. A tester's path that converts points or claims
 * rewards cannot play for them first. Registered only with DEV_TOOLS=1 (see devRoutes): the
 * house never grants either outside a test server.
 */
export async function devGrantRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  if (!deps.devTools) return;

  app.post('/wps/dev/points', { schema: { body: pointsBody } }, async (request) => {
    const body = parseInput(pointsBody, request.body);
    const id = await memberId(deps, body.account);
    // Earned as a bet of `points` × 1.00 at one point per 1.00.
    await earnPointsWithin(
      deps.db,
      { ...deps.config.points, earnPerUnit: { default: '1.00' } },
      { memberId: id, gameType: 'default', valid: BigInt(body.points) * 100n },
    );
    return ok({ points: body.points });
  });

  app.post('/wps/dev/rewards', { schema: { body: rewardBody } }, async (request) => {
    const body = parseInput(rewardBody, request.body);
    const id = await memberId(deps, body.account);
    const rewardId = await issueRewardWithin(deps.db, {
      memberId: id,
      source: 'mission',
      sourceKey: `dev:${randomBytes(8).toString('hex')}`,
      houseAccount: 'promotions',
      amount: parseMoney(body.amount),
      wageringRequired: 0n,
      detail: { title: 'Test reward' },
    });
    return ok({ rewardId });
  });
}

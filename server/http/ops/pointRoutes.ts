import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { ok } from '../../../src/shared/envelope';
import { goodsSchema } from '../../config/points';
import { upsertGoods } from '../../domain/points/points';
import { decideRedemption, openRedemptions } from '../../domain/points/redemptions';
import type { AppDeps } from '../../deps';
import { parseInput } from '../errors';

/**
 * Operator endpoints for the points mall (issue 14): `npm run ops -- redeem list` (what waits)
 * and `redeem approve|reject <id> [--reason <text>]` (a rejection refunds points and cash);
 * `goods upsert --file <json>` (a good's names, price, stock and status, by its code).
 */
export async function opsPointRoutes(
  app: FastifyInstance,
  deps: AppDeps,
  authorize: (request: FastifyRequest) => void,
): Promise<void> {
  app.post('/ops/goods', { schema: { body: goodsSchema } }, async (request) => {
    authorize(request);
    return ok(await upsertGoods(deps.db, parseInput(goodsSchema, request.body)));
  });

  app.get('/ops/redemptions', async (request) => {
    authorize(request);
    return ok(await openRedemptions(deps.db));
  });

  app.post('/ops/redemptions/:id/:decision', async (request) => {
    authorize(request);
    const { id, decision } = parseInput(
      z
        .object({ id: z.string().regex(/^\d{1,18}$/), decision: z.enum(['approve', 'reject']) })
        .strict(),
      request.params,
    );
    const { note } = parseInput(
      z.object({ note: z.string().trim().max(200).nullable().default(null) }).strict(),
      request.body ?? {},
    );
    return ok(await decideRedemption(deps, id, decision, note));
  });
}

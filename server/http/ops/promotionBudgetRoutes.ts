import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { ok } from '../../../src/shared/envelope';
import { promotionDefinitionSchema } from '../../config/promotions';
import { promotionBudgetVerdict, storedReturnsBudget } from '../../domain/economics/storedBudget';
import { budgetLineView } from '../../domain/economics/returnsBudgetReport';
import { formatPpm } from '../../domain/economics/returnsBudgetPpm';
import { promotionDefinitionForOps } from '../../domain/promotions/catalogue';
import { listGoodsForOps } from '../../domain/points/points';
import type { AppDeps } from '../../deps';
import { ApiError } from '../../platform/apiError';
import { parseInput } from '../errors';

const codeParams = z
  .object({ code: z.string().regex(/^[A-Z0-9_]{2,32}$/, 'a promotion code') })
  .strict();

/**
 * The back office's promotion pages (issue 30; roles: server/domain/backOffice/actionsPromotions.ts):
 * one promotion's whole definition for the edit form, and the returns budget's verdict on a new
 * or changed definition before it is saved — the same check `POST /ops/promotions` makes in the
 * transaction that saves it (which still refuses, whatever the page showed).
 */
export async function opsPromotionsPageRoutes(
  app: FastifyInstance,
  deps: AppDeps,
  authorize: (request: FastifyRequest) => void,
): Promise<void> {
  app.get('/ops/promotions/:code', async (request) => {
    authorize(request);
    const { code } = parseInput(codeParams, request.params);
    const found = await promotionDefinitionForOps(deps.db, code);
    if (!found) throw new ApiError(404, 'promotion_not_found', `No promotion ${code}.`);
    return ok(found);
  });

  // The returns budget as the platform runs it (issue 28): every game type at every VIP level,
  // itemised, with the worst line — `npm run ops -- economics` reads the files instead.
  app.get('/ops/economics', async (request) => {
    authorize(request);
    const budget = await storedReturnsBudget(deps.db, deps.config, deps.clock.now());
    return ok({
      ok: budget.ok,
      margin: formatPpm(budget.marginPpm),
      worst: budgetLineView(budget.worst),
      lines: budget.lines.map(budgetLineView),
    });
  });

  // The points mall's goods with their stock and redemptions (saved by POST /ops/goods).
  app.get('/ops/goods', async (request) => {
    authorize(request);
    return ok(await listGoodsForOps(deps.db));
  });

  app.post('/ops/promotions/check', async (request) => {
    authorize(request);
    const body = parseInput(z.object({ definition: z.unknown() }).strict(), request.body);
    const definition = parseInput(promotionDefinitionSchema, body.definition);
    return ok(
      await promotionBudgetVerdict(deps.db, deps.config, deps.clock.now(), {
        code: definition.code,
        type: definition.type,
        startsAt: definition.startsAt,
        endsAt: definition.endsAt,
        audience: definition.audience,
        terms: definition.terms,
      }),
    );
  });
}

import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { ok } from '../../../src/shared/envelope';
import { closePromotion, listPromotionsForOps } from '../../domain/promotions/catalogue';
import { saveOperatorPromotion } from '../../domain/economics/promotionChanges';
import { promotionDefinitionSchema } from '../../config/promotions';
import { listApplications, reviewApplication } from '../../domain/promotions/applications';
import type { AppDeps } from '../../deps';
import { parseInput } from '../errors';

const applicationsQuery = z
  .object({
    code: z
      .string()
      .regex(/^[A-Z0-9_]{2,32}$/, 'a promotion code')
      .optional(),
    all: z.enum(['true', 'false']).optional(),
  })
  .strict();

/**
 * Operator endpoints for promotions (issue 14): `npm run ops -- promotion list`, `create` and
 * `update` (one definition, checked as the configuration file's are, and against the returns
 * budget of issue 28), `close <code>`; the applications to an operator-reviewed bonus and their
 * answers (`applications`, `approve`, `reject`).
 */
export async function opsPromotionRoutes(
  app: FastifyInstance,
  deps: AppDeps,
  authorize: (request: FastifyRequest) => void,
): Promise<void> {
  app.get('/ops/promotions', async (request) => {
    authorize(request);
    return ok(await listPromotionsForOps(deps.db));
  });

  app.post('/ops/promotions', async (request) => {
    authorize(request);
    const body = parseInput(
      z.object({ mode: z.enum(['create', 'update']), definition: z.unknown() }).strict(),
      request.body,
    );
    const definition = parseInput(promotionDefinitionSchema, body.definition);
    // Refused when it breaks the returns budget (409 returns_budget_exceeded, itemised).
    return ok(await saveOperatorPromotion(deps, definition, body.mode));
  });

  app.get('/ops/applications', { schema: { querystring: applicationsQuery } }, async (request) => {
    authorize(request);
    const query = parseInput(applicationsQuery, request.query);
    return ok(
      await listApplications(deps.db, {
        ...(query.code ? { code: query.code } : {}),
        all: query.all === 'true',
      }),
    );
  });

  app.post('/ops/applications', async (request) => {
    authorize(request);
    const review = parseInput(
      z
        .object({
          code: z.string().regex(/^[A-Z0-9_]{2,32}$/, 'a promotion code'),
          account: z.string().min(1).max(40),
          decision: z.enum(['approve', 'reject']),
        })
        .strict(),
      request.body,
    );
    return ok(await reviewApplication(deps, review));
  });

  app.post('/ops/promotions/:code/close', async (request) => {
    authorize(request);
    const { code } = parseInput(z.object({ code: z.string().max(32) }).strict(), request.params);
    await closePromotion(deps.db, code);
    return ok({ code, closed: true });
  });
}

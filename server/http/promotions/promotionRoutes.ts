import type { FastifyInstance } from 'fastify';
import { ok } from '../../../src/shared/envelope';
import { listPromotions } from '../../domain/promotions/catalogue';
import { optionalSession } from '../auth';
import type { AppDeps } from '../../deps';
import { requestLanguage } from '../language';

/**
 * The promotions page's list (issue 14; spec 2 /promotions, open to guests): current and coming
 * promotions in the `Language` header's language, each with the member's own status when a
 * valid token comes with the request, and how many are open to take part in.
 */
export async function promotionRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  app.get('/wps/promotions', async (request) => {
    const session = await optionalSession(deps, request);
    return ok(
      await listPromotions(deps.db, {
        language: requestLanguage(request, deps.config),
        memberId: session?.memberId ?? null,
      }),
    );
  });
}

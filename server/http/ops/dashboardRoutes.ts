import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ok } from '../../../src/shared/envelope';
import { dailyFigures } from '../../domain/backOffice/figures';
import type { AppDeps } from '../../deps';

/** The back office's money routes (issue 30); their roles: server/domain/backOffice/actionsMoney.ts. */
export async function opsMoneyPageRoutes(
  app: FastifyInstance,
  deps: AppDeps,
  authorize: (request: FastifyRequest) => void,
): Promise<void> {
  app.get('/ops/dashboard', async (request) => {
    authorize(request);
    const days = await dailyFigures(deps);
    return ok({ today: days[days.length - 1], days, at: new Date().toISOString() });
  });
}

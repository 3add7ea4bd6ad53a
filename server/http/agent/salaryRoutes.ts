import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { CONTRACT_TYPES } from '../../../src/shared/contracts';
import { ok } from '../../../src/shared/envelope';
import { salaryView } from '../../domain/salary/salaryView';
import { sessionOf } from '../auth';
import type { AppDeps } from '../../deps';
import { parseInput } from '../errors';
import { foldAccruals } from '../../domain/accruals/fold';

const salaryQuery = z.object({ contractType: z.enum(CONTRACT_TYPES) }).strict();

/** The agent's salary pages' snapshot (path ours): live figures follow as `salary` events. */
export async function salaryRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  app.get(
    '/wps/agent/salary',
    { schema: { querystring: salaryQuery }, config: { auth: 'agent' } },
    async (request) => {
      const session = sessionOf(request);
      const { contractType } = parseInput(salaryQuery, request.query);
      // Every bet folded in first (issue 31): the snapshot the live figures continue.
      await foldAccruals(deps);
      return ok(await salaryView(deps.db, session.memberId, contractType));
    },
  );
}

import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { CONTRACT_TYPES } from '../../../src/shared/contracts';
import { ok } from '../../../src/shared/envelope';
import { agentRates, setAgentRate } from '../../domain/contracts/heldRates';
import type { AppDeps } from '../../deps';
import { parseInput } from '../errors';

const account = z.string().min(1).max(40);
const rateBody = z
  .object({
    account,
    contractType: z.enum(CONTRACT_TYPES),
    /** A percentage with up to two decimals ("1.5"); null removes the operator's rate. */
    rate: z
      .string()
      .regex(/^\d{1,3}(\.\d{1,2})?$/, 'a percentage with up to two decimals, like 1.5')
      .nullable(),
  })
  .strict();

/**
 * Operator endpoints for agents' own rates (issue 11): what each agent holds per contract type
 * when it has no upline contract, e.g. the top agents.
 */
export async function opsAgentRoutes(
  app: FastifyInstance,
  deps: AppDeps,
  authorize: (request: FastifyRequest) => void,
): Promise<void> {
  app.get('/ops/agents/:account/rates', async (request) => {
    authorize(request);
    const params = parseInput(z.object({ account }).strict(), request.params);
    return ok(await agentRates(deps.db, deps.config, params.account));
  });

  app.post('/ops/agents/rate', { schema: { body: rateBody } }, async (request) => {
    authorize(request);
    const body = parseInput(rateBody, request.body);
    return ok(await setAgentRate(deps.db, deps.config, { ...body, actor: 'operator' }));
  });
}

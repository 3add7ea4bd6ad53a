import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { ok } from '../../../src/shared/envelope';
import { agentContracts, agentTree } from '../../domain/backOffice/agents';
import { staffAccounts } from '../../domain/backOffice/staffAccounts';
import type { AppDeps } from '../../deps';
import { parseInput } from '../errors';

const account = z.string().trim().min(1).max(40);
const treeQuery = z.object({ under: account.optional() }).strict();
const accountParams = z.object({ account }).strict();

/**
 * The back office's admin routes (issue 30); their roles: server/domain/backOffice/actionsAdmin.ts.
 * The staff page's list (with two-factor and last seen), and the agents' tree and contracts for
 * the agents page; the changes themselves go through the existing staff, maintenance and rate
 * routes (supportStaffRoutes.ts, auditRoutes.ts, routes.ts, agentRateRoutes.ts).
 */
export async function opsAdminPageRoutes(
  app: FastifyInstance,
  deps: AppDeps,
  authorize: (request: FastifyRequest) => void,
): Promise<void> {
  app.get('/ops/staff', async (request) => {
    authorize(request);
    parseInput(z.object({}).strict(), request.query);
    return ok(await staffAccounts(deps.db));
  });

  // The top agents, or the agents directly under `under`.
  app.get('/ops/agents', { schema: { querystring: treeQuery } }, async (request) => {
    authorize(request);
    const { under } = parseInput(treeQuery, request.query);
    return ok(await agentTree(deps.db, under ?? null));
  });

  app.get('/ops/agents/:account/contracts', async (request) => {
    authorize(request);
    const params = parseInput(accountParams, request.params);
    return ok(await agentContracts(deps.db, params.account));
  });
}

import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { DOWNLINE_KINDS } from '../../../src/shared/agentReports';
import { ok } from '../../../src/shared/envelope';
import { teamMembers } from '../../domain/agent/members';
import { teamMembersQuerySchema } from '../../domain/agent/query';
import { registerDownline } from '../../domain/agent/registerDownline';
import { sessionOf } from '../auth';
import type { AppDeps } from '../../deps';
import { parseInput } from '../errors';

/** The registerCenter body; the field rules themselves are checked by registerDownline. */
const registerBody = z
  .object({
    username: z.string().max(64),
    password: z.string().max(128),
    confirmPassword: z.string().max(128),
    nickname: z.string().max(64).optional(),
    kind: z.enum(DOWNLINE_KINDS).optional(),
  })
  .strict();

/**
 * Team management in the back office: the team's members (downlineManagmentView) and new
 * direct downlines (registerCenter, an (E) call: it carries a password). Agents only.
 */
export async function teamRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  app.get(
    '/wps/agent/team/members',
    { schema: { querystring: teamMembersQuerySchema }, config: { auth: 'agent' } },
    async (request) => {
      const session = sessionOf(request);
      const query = parseInput(teamMembersQuerySchema, request.query);
      return ok(await teamMembers(deps.db, session.memberId, query));
    },
  );

  app.post(
    '/wps/agent/team/register',
    { schema: { body: registerBody }, config: { auth: 'agent', encrypted: true } },
    async (request) => {
      const session = sessionOf(request);
      const body = parseInput(registerBody, request.body);
      return ok(await registerDownline(deps, session.memberId, body));
    },
  );
}

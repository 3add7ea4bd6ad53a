import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppDeps } from '../../deps';

/** The back office's members routes (issue 30); their roles: server/domain/backOffice/actionsMembers.ts. */
export async function opsMembersPageRoutes(
  _app: FastifyInstance,
  _deps: AppDeps,
  _authorize: (request: FastifyRequest) => void,
): Promise<void> {}

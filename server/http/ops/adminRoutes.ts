import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppDeps } from '../../deps';

/** The back office's admin routes (issue 30); their roles: server/domain/backOffice/actionsAdmin.ts. */
export async function opsAdminPageRoutes(
  _app: FastifyInstance,
  _deps: AppDeps,
  _authorize: (request: FastifyRequest) => void,
): Promise<void> {}

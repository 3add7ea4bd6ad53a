import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppDeps } from '../../deps';

/** The back office's queues routes (issue 30); their roles: server/domain/backOffice/actionsQueues.ts. */
export async function opsQueuesPageRoutes(
  _app: FastifyInstance,
  _deps: AppDeps,
  _authorize: (request: FastifyRequest) => void,
): Promise<void> {}

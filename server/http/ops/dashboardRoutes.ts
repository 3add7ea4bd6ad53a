import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppDeps } from '../../deps';

/** The back office's money routes (issue 30); their roles: server/domain/backOffice/actionsMoney.ts. */
export async function opsMoneyPageRoutes(
  _app: FastifyInstance,
  _deps: AppDeps,
  _authorize: (request: FastifyRequest) => void,
): Promise<void> {}

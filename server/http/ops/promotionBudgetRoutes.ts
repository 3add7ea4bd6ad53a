import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppDeps } from '../../deps';

/** The back office's promotions routes (issue 30); their roles: server/domain/backOffice/actionsPromotions.ts. */
export async function opsPromotionsPageRoutes(
  _app: FastifyInstance,
  _deps: AppDeps,
  _authorize: (request: FastifyRequest) => void,
): Promise<void> {}

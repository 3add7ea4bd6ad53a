import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { ok } from '../../../src/shared/envelope';
import { readOutbox } from '../../domain/messaging/providers';
import type { AppDeps } from '../../deps';
import { ApiError, parseInput } from '../errors';
import { opsAgentRoutes } from './agentRateRoutes';
import { opsMoneyRoutes } from './moneyRoutes';
import { opsPromotionRoutes } from './promotionRoutes';
import { opsPointRoutes } from './pointRoutes';
import { opsFeedbackRoutes } from './feedbackRoutes';
import { opsAnnouncementRoutes } from './announcementRoutes';
import { opsMemberRoutes } from './memberRoutes';
import { opsRgRoutes } from './rgRoutes';
import { opsSupportRoutes } from './supportStaffRoutes';

const maintenanceBody = z
  .object({
    enabled: z.boolean(),
    end: z.iso.datetime({ offset: true }).nullable().default(null),
  })
  .strict();

const outboxQuery = z
  .object({
    recipient: z.string().min(1).max(254).optional(),
    limit: z.coerce.number().int().min(1).max(500).default(50),
  })
  .strict();

function isLoopback(address: string | undefined): boolean {
  return address === '127.0.0.1' || address === '::1' || address === '::ffff:127.0.0.1';
}

/**
 * Operator endpoints behind `npm run ops`. Two locks: the caller must be on this machine (the
 * socket's own address, not a forwarded one) and hold the token the server wrote to its data
 * folder at start.
 */
export function operatorGuard(deps: AppDeps): (request: FastifyRequest) => void {
  const expected = deps.opsToken ? Buffer.from(deps.opsToken) : null;
  return function authorize(request: FastifyRequest): void {
    const header = request.headers.authorization ?? '';
    const given = Buffer.from(header.startsWith('Bearer ') ? header.slice(7) : '');
    const tokenMatches =
      expected !== null && given.length === expected.length && timingSafeEqual(given, expected);
    if (!isLoopback(request.raw.socket.remoteAddress) || !tokenMatches) {
      throw new ApiError(403, 'forbidden', 'Operator access only.');
    }
  };
}

export async function opsRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const authorize = operatorGuard(deps);

  app.get('/ops/maintenance', async (request) => {
    authorize(request);
    return ok(deps.maintenance.get());
  });

  app.post('/ops/maintenance', async (request) => {
    authorize(request);
    const body = parseInput(maintenanceBody, request.body);
    return ok(
      await deps.maintenance.set({ enabled: body.enabled, end: body.enabled ? body.end : null }),
    );
  });

  // The SMS codes and e-mails the outbox providers "sent", newest first (`npm run ops -- outbox`):
  // the demo's SMS login needs them, and only the operator may read them.
  app.get('/ops/outbox', async (request) => {
    authorize(request);
    const { recipient, limit } = parseInput(outboxQuery, request.query);
    return ok(await readOutbox(deps.db, recipient, limit));
  });

  await opsMoneyRoutes(app, deps, authorize);
  await opsAgentRoutes(app, deps, authorize);
  await opsPromotionRoutes(app, deps, authorize);
  await opsPointRoutes(app, deps, authorize);
  await opsFeedbackRoutes(app, deps, authorize);
  await opsAnnouncementRoutes(app, deps, authorize);
  await opsRgRoutes(app, deps, authorize);
  await opsSupportRoutes(app, deps, authorize);
  await opsMemberRoutes(app, deps, authorize);
}

import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { ok } from '../../../src/shared/envelope';
import { readOutbox } from '../../domain/messaging/providers';
import type { AppDeps } from '../../deps';
import { parseInput } from '../errors';
import { siteLimits } from '../../domain/signIn/siteLimits';
import { opsAgentRoutes } from './agentRateRoutes';
import { opsMoneyRoutes } from './moneyRoutes';
import { opsPromotionRoutes } from './promotionRoutes';
import { opsPointRoutes } from './pointRoutes';
import { opsFeedbackRoutes } from './feedbackRoutes';
import { opsAnnouncementRoutes } from './announcementRoutes';
import { opsMemberRoutes } from './memberRoutes';
import { opsRgRoutes } from './rgRoutes';
import { opsSupportRoutes } from './supportStaffRoutes';
import { installOpsAccess, requireOpsActor } from './access';
import { opsAuditRoutes } from './auditRoutes';
import { opsApprovalRoutes } from './approvalRoutes';
import { opsMoneyPageRoutes } from './dashboardRoutes';
import { opsMembersPageRoutes } from './memberDetailRoutes';
import { opsQueuesPageRoutes } from './queueRoutes';
import { opsAdminPageRoutes } from './adminRoutes';
import { opsPromotionsPageRoutes } from './promotionBudgetRoutes';
import { opsSettingsRoutes } from './settingsRoutes';

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

/**
 * The routes' own check (defence in depth): the back office's door (./access.ts) has let the
 * caller in for this route's action — the command line with the operator's token on this
 * machine, or a staff member whose roles allow it.
 */
export function operatorGuard(_deps: AppDeps): (request: FastifyRequest) => void {
  return function authorize(request: FastifyRequest): void {
    requireOpsActor(request);
  };
}

export async function opsRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  installOpsAccess(app, deps);
  const authorize = operatorGuard(deps);

  app.get('/ops/maintenance', async (request) => {
    authorize(request);
    return ok(deps.maintenance.get());
  });

  app.post('/ops/maintenance', { schema: { body: maintenanceBody } }, async (request) => {
    authorize(request);
    const body = parseInput(maintenanceBody, request.body);
    return ok(
      await deps.maintenance.set({ enabled: body.enabled, end: body.enabled ? body.end : null }),
    );
  });

  // The limits a visitor meets (issue 33): what the testers' doctor prints, and what an
  // operator checks before a campaign or a load test.
  app.get('/ops/limits', async (request) => {
    authorize(request);
    return ok(siteLimits(deps));
  });

  // The SMS codes and e-mails the outbox providers "sent", newest first (`npm run ops -- outbox`):
  // the demo's SMS login needs them, and only the operator may read them.
  app.get('/ops/outbox', { schema: { querystring: outboxQuery } }, async (request) => {
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
  await opsAuditRoutes(app, deps, authorize);
  await opsApprovalRoutes(app, deps, authorize);
  // The back office's pages (issue 30), by area.
  await opsMoneyPageRoutes(app, deps, authorize);
  await opsMembersPageRoutes(app, deps, authorize);
  await opsQueuesPageRoutes(app, deps, authorize);
  await opsAdminPageRoutes(app, deps, authorize);
  await opsPromotionsPageRoutes(app, deps, authorize);
  await opsSettingsRoutes(app, deps, authorize);
}

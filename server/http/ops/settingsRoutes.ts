import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ok } from '../../../src/shared/envelope';
import {
  saveSettings,
  settingsDraftSchema,
  settingsVerdict,
  settingsView,
} from '../../domain/backOffice/economySettings';
import type { AppDeps } from '../../deps';
import { parseInput } from '../errors';
import { requireOpsActor } from './access';

/**
 * The back office's VIP levels and missions (issue 30); their roles:
 * server/domain/backOffice/actionsPromotions.ts. Read the sections in force with their version;
 * the returns budget's verdict on a draft (saves nothing); save (refused over the budget or on
 * an older version; a more generous change waits for a second person first).
 */
export async function opsSettingsRoutes(
  app: FastifyInstance,
  deps: AppDeps,
  authorize: (request: FastifyRequest) => void,
): Promise<void> {
  app.get('/ops/settings/economy', async (request) => {
    authorize(request);
    return ok(await settingsView(deps.db, deps.config));
  });

  app.post(
    '/ops/settings/economy/check',
    { schema: { body: settingsDraftSchema } },
    async (request) => {
      authorize(request);
      const draft = parseInput(settingsDraftSchema, request.body);
      return ok(await settingsVerdict(deps.db, deps.config, draft, deps.clock.now()));
    },
  );

  app.post('/ops/settings/economy', { schema: { body: settingsDraftSchema } }, async (request) => {
    authorize(request);
    const draft = parseInput(settingsDraftSchema, request.body);
    return ok(await saveSettings(deps, draft, requireOpsActor(request).id));
  });
}

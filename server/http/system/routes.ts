import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ok } from '../../../src/shared/envelope';
import { buildStatusInfo, buildStatusResponse } from '../../domain/system/statusReport';
import type { AppDeps } from '../../deps';
import { parseInput } from '../errors';
import { type HelpCentreService, helpCenterLanguage, helpCenterQuery } from './helpCenter';
import { registrationSettings, registrationValidation } from './registrationSettings';

const registerQuery = z
  .object({ type: z.enum(['SETTINGS', 'VALIDATION']).default('SETTINGS') })
  .strict();

/** Public settings and status (spec 7: /wps/system/*). None of them needs a token. */
export async function systemRoutes(
  app: FastifyInstance,
  deps: AppDeps,
  help: HelpCentreService,
): Promise<void> {
  const info = buildStatusInfo(deps.config);

  app.get('/wps/system/status', async (request) => {
    const visitor = deps.visitorOf(request.raw);
    return ok(
      buildStatusResponse(info, deps.maintenance.get(), visitor, deps.region.isRestricted(visitor)),
    );
  });

  app.get('/wps/system/whitelabel', async () => ok(deps.config.whitelabel));

  app.get('/wps/system/domainRoute', async () => ok(deps.config.domainRoute));

  // Open in maintenance too (a /wps/system path): the blocking screens' support link leads here.
  app.get('/wps/system/helpCenter', { schema: { querystring: helpCenterQuery } }, async (request) =>
    ok(help.for(helpCenterLanguage(request, deps.config))),
  );

  // Spec 7: "called twice: settings and validation rules" — one path, two readings.
  app.get(
    '/wps/system/setting/register',
    { schema: { querystring: registerQuery } },
    async (request) => {
      const { type } = parseInput(registerQuery, request.query);
      return ok(
        type === 'SETTINGS'
          ? registrationSettings(deps.config)
          : registrationValidation(deps.config),
      );
    },
  );
}

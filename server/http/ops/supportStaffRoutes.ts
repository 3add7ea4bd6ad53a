import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { ok } from '../../../src/shared/envelope';
import { addStaff, listStaff, resetStaffPassword, setStaffStatus } from '../../domain/chat/staff';
import { staffNameOfActor } from '../../domain/backOffice/staffAccounts';
import type { AppDeps } from '../../deps';
import { parseInput } from '../errors';
import { requireOpsActor } from './access';

const nameParams = z.object({ name: z.string().min(1).max(64) }).strict();
const addBody = z
  .object({
    name: z.string().min(1).max(64),
    displayName: z.string().max(200).nullable().default(null),
    /** The back office's roles (issue 30); support when not given. */
    roles: z.array(z.string().max(20)).min(1).max(5).optional(),
  })
  .strict();
const statusBody = z.object({ status: z.enum(['active', 'disabled']) }).strict();

/**
 * Support staff accounts (issue 16): `npm run ops -- support add <name> [--display-name …]`
 * (the generated password is answered once), `support list`, `support password <name>` (a new
 * one; every console session of the account ends), `support disable|enable <name>`.
 */
export async function opsSupportRoutes(
  app: FastifyInstance,
  deps: AppDeps,
  authorize: (request: FastifyRequest) => void,
): Promise<void> {
  app.get('/ops/support/staff', async (request) => {
    authorize(request);
    return ok(await listStaff(deps.db));
  });

  app.post('/ops/support/staff', { schema: { body: addBody } }, async (request) => {
    authorize(request);
    const body = parseInput(addBody, request.body);
    return ok(await addStaff(deps.db, body, requireOpsActor(request).id));
  });

  app.post('/ops/support/staff/:name/password', async (request) => {
    authorize(request);
    const { name } = parseInput(nameParams, request.params);
    const reset = await resetStaffPassword(deps, name);
    return ok({ staff: reset.staff, password: reset.password });
  });

  app.post('/ops/support/staff/:name/status', { schema: { body: statusBody } }, async (request) => {
    authorize(request);
    const { name } = parseInput(nameParams, request.params);
    const { status } = parseInput(statusBody, request.body);
    const actor = staffNameOfActor(request.opsActor?.id);
    const changed = await setStaffStatus(deps, name, status, actor);
    return ok(changed.staff);
  });
}

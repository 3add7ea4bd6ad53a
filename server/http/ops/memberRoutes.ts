import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { ok } from '../../../src/shared/envelope';
import { resetMemberPassword, setMemberStatus } from '../../domain/identity/memberStatus';
import type { AppDeps } from '../../deps';
import { parseInput } from '../errors';

const accountParams = z.object({ account: z.string().min(1).max(40) }).strict();
const statusBody = z.object({ status: z.enum(['active', 'disabled']) }).strict();

/**
 * A member's login, for the operator (`npm run ops -- member password <account>`: a new
 * generated password, answered once, every session of the member ends; `member disable|enable
 * <account>`: enabling refuses while the password is still the published demo one). What a
 * production start disabled (the demo members on the demo password) comes back this way.
 */
export async function opsMemberRoutes(
  app: FastifyInstance,
  deps: AppDeps,
  authorize: (request: FastifyRequest) => void,
): Promise<void> {
  app.post('/ops/members/:account/password', async (request) => {
    authorize(request);
    const { account } = parseInput(accountParams, request.params);
    const rule = deps.config.registration.fields.password;
    const reset = await resetMemberPassword(deps, account, rule);
    return ok({ account: reset.account, status: reset.status, password: reset.password });
  });

  app.post('/ops/members/:account/status', { schema: { body: statusBody } }, async (request) => {
    authorize(request);
    const { account } = parseInput(accountParams, request.params);
    const { status } = parseInput(statusBody, request.body);
    const changed = await setMemberStatus(deps, account, status);
    return ok({ account: changed.account, status: changed.status });
  });
}

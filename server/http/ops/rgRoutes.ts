import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { ok } from '../../../src/shared/envelope';
import { extendExclusion } from '../../domain/responsibleGaming/changes';
import { payOutExcludedMember } from '../../domain/withdrawals/rgPayout';
import { rgOperatorView } from '../../domain/responsibleGaming/views';
import type { AppDeps } from '../../deps';
import { ApiError, parseInput } from '../errors';

const account = z.string().min(1).max(40);
const extendBody = z
  .object({
    account,
    /** The new end (ISO date-time), or null: permanent. */
    endsAt: z.iso.datetime({ offset: true }).nullable(),
  })
  .strict();

const payoutBody = z
  .object({
    account,
    /** The operator's request key: a retry with the same key answers the first payout. */
    requestKey: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/),
  })
  .strict();

async function findMember(deps: AppDeps, name: string): Promise<{ id: string; account: string }> {
  const [member] = await deps.db.query<{ id: string; account: string }>(
    `select id::text, account from members where lower(account) = lower($1) and kind = 'member'`,
    [name],
  );
  if (!member) throw new ApiError(404, 'not_found', `No member ${name}.`);
  return member;
}

/**
 * The operator's responsible-gaming view (issue 17): a member's limits, settings, exclusion and
 * every change (`npm run ops -- rg <account>`), and extending an exclusion
 * (`npm run ops -- rg extend <account> --until <iso> | --permanent`): never shortening it; and
 * paying out the balance of a member who cannot log in to withdraw it
 * (`npm run ops -- rg payout <account>`).
 */
export async function opsRgRoutes(
  app: FastifyInstance,
  deps: AppDeps,
  authorize: (request: FastifyRequest) => void,
): Promise<void> {
  app.get('/ops/rg/:account', async (request) => {
    authorize(request);
    const params = parseInput(z.object({ account }).strict(), request.params);
    return ok(await rgOperatorView(deps, await findMember(deps, params.account)));
  });

  app.post('/ops/rg/extend', { schema: { body: extendBody } }, async (request) => {
    authorize(request);
    const body = parseInput(extendBody, request.body);
    const member = await findMember(deps, body.account);
    const endsAt = body.endsAt === null ? null : new Date(body.endsAt);
    return ok({ account: member.account, ...(await extendExclusion(deps, member.id, endsAt)) });
  });

  app.post('/ops/rg/payout', { schema: { body: payoutBody } }, async (request) => {
    authorize(request);
    const body = parseInput(payoutBody, request.body);
    const member = await findMember(deps, body.account);
    return ok(await payOutExcludedMember(deps, member, body.requestKey));
  });
}

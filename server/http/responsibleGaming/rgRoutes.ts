import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ok } from '../../../src/shared/envelope';
import { MONEY_AMOUNT_PATTERN, parseMoney } from '../../../src/shared/money';
import {
  type ExclusionDuration,
  isExclusionDuration,
  REALITY_CHECK_MINUTES,
  RG_LIMIT_KINDS,
  RG_PERIODS,
  SESSION_LIMIT_MINUTES,
} from '../../../src/shared/responsibleGaming';
import { boundedAmount } from '../../domain/ledger/wallets';
import {
  changeLimits,
  changeRealityCheck,
  changeSessionLimit,
  changeTimeZone,
  excludeMember,
} from '../../domain/responsibleGaming/changes';
import { confirmWithPassword } from '../../domain/responsibleGaming/confirm';
import { rgSession, rgStatus } from '../../domain/responsibleGaming/views';
import { sessionOf } from '../auth';
import type { AppDeps } from '../deps';
import { ApiError, parseInput } from '../errors';

const limitsBody = z
  .object({
    limits: z
      .array(
        z
          .object({
            kind: z.enum(RG_LIMIT_KINDS),
            period: z.enum(RG_PERIODS),
            limit: z.string().regex(MONEY_AMOUNT_PATTERN, 'an amount like 100 or 99.50').nullable(),
          })
          .strict(),
      )
      .min(1)
      .max(RG_LIMIT_KINDS.length * RG_PERIODS.length),
  })
  .strict()
  .refine(
    (body) =>
      new Set(body.limits.map((limit) => `${limit.kind}:${limit.period}`)).size ===
      body.limits.length,
    'each limit at most once',
  );
const sessionLimitBody = z
  .object({
    minutes: z
      .number()
      .int()
      .min(SESSION_LIMIT_MINUTES.min)
      .max(SESSION_LIMIT_MINUTES.max)
      .nullable(),
  })
  .strict();
const realityCheckBody = z
  .object({
    minutes: z
      .number()
      .int()
      .refine((value) => (REALITY_CHECK_MINUTES as readonly number[]).includes(value), {
        message: `one of ${REALITY_CHECK_MINUTES.join(', ')}`,
      })
      .nullable(),
  })
  .strict();
const timeZoneBody = z
  .object({ timeZone: z.string().min(1).max(64), initial: z.boolean().default(false) })
  .strict();
const exclusionBody = z
  .object({
    kind: z.enum(['timeOut', 'selfExclusion']),
    duration: z.string().max(16),
    password: z.string().min(1).max(128),
  })
  .strict();

/**
 * Responsible gaming (issue 17): the member's limits, session settings, time-outs and
 * self-exclusion (`/wps/rg…`, ours: the spec has no such calls). Real accounts only; every
 * answer that changes something is the new status.
 */
export async function rgRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const auth = { config: { auth: 'realMoney' } } as const;

  app.get('/wps/rg', auth, async (request) =>
    ok(await rgStatus(deps, sessionOf(request).memberId)),
  );

  app.get('/wps/rg/session', auth, async (request) =>
    ok(await rgSession(deps, sessionOf(request))),
  );

  app.put('/wps/rg/limits', auth, async (request) => {
    const { memberId } = sessionOf(request);
    const body = parseInput(limitsBody, request.body);
    await changeLimits(
      deps,
      memberId,
      body.limits.map((limit) => ({
        kind: limit.kind,
        period: limit.period,
        limit: limit.limit === null ? null : boundedAmount(parseMoney(limit.limit)),
      })),
    );
    return ok(await rgStatus(deps, memberId));
  });

  app.put('/wps/rg/sessionLimit', auth, async (request) => {
    const { memberId } = sessionOf(request);
    await changeSessionLimit(deps, memberId, parseInput(sessionLimitBody, request.body).minutes);
    return ok(await rgStatus(deps, memberId));
  });

  app.put('/wps/rg/realityCheck', auth, async (request) => {
    const { memberId } = sessionOf(request);
    await changeRealityCheck(deps, memberId, parseInput(realityCheckBody, request.body).minutes);
    return ok(await rgStatus(deps, memberId));
  });

  app.put('/wps/rg/timeZone', auth, async (request) => {
    const { memberId } = sessionOf(request);
    await changeTimeZone(deps, memberId, parseInput(timeZoneBody, request.body));
    return ok(await rgStatus(deps, memberId));
  });

  // Sealed (E): it carries the login password.
  app.post(
    '/wps/rg/exclusion',
    { config: { auth: 'realMoney', encrypted: true } },
    async (request) => {
      const { memberId } = sessionOf(request);
      const body = parseInput(exclusionBody, request.body);
      if (!isExclusionDuration(body.kind, body.duration)) {
        throw new ApiError(400, 'invalid_request', `duration: not offered for ${body.kind}`, {
          field: 'duration',
        });
      }
      await confirmWithPassword(deps, memberId, body.password);
      const excluded = await excludeMember(deps, memberId, {
        kind: body.kind,
        duration: body.duration as ExclusionDuration,
      });
      return ok({ kind: excluded.kind, endsAt: excluded.endsAt?.toISOString() ?? null });
    },
  );
}

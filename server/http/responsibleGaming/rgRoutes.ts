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
import { boundedAmount } from '../../domain/ledger/amounts';
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
import type { AppDeps } from '../../deps';
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
 * Setting writes a member may make in a window (every route below that changes something, a
 * refused or malformed one included): far more than a person saving the page needs (the page's
 * session card sends up to three), few enough that a script cannot churn the settings, the
 * history and the `rg` events of open tabs.
 */
export const RG_WRITES = { windowMs: 15 * 60_000, limit: 30 } as const;

/**
 * Reserves one of the member's setting writes before anything is read or checked: one atomic
 * upsert of the shared throttles (`throttles.hit`), so a parallel burst cannot pass the limit.
 */
async function reserveWrite(deps: AppDeps, memberId: string): Promise<void> {
  const attempt = await deps.identity.throttles.hit(`rg-write:${memberId}`, RG_WRITES);
  if (!attempt.allowed) {
    throw new ApiError(
      429,
      'too_many_requests',
      'Too many changes to your responsible-gaming settings. Please try again in a few minutes.',
      { retryAfterSeconds: Math.max(1, Math.ceil(attempt.retryAfterMs / 1000)) },
    );
  }
}

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

  app.put('/wps/rg/limits', { ...auth, schema: { body: limitsBody } }, async (request) => {
    const { memberId } = sessionOf(request);
    await reserveWrite(deps, memberId);
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

  app.put(
    '/wps/rg/sessionLimit',
    { ...auth, schema: { body: sessionLimitBody } },
    async (request) => {
      const { memberId } = sessionOf(request);
      await reserveWrite(deps, memberId);
      await changeSessionLimit(deps, memberId, parseInput(sessionLimitBody, request.body).minutes);
      return ok(await rgStatus(deps, memberId));
    },
  );

  app.put(
    '/wps/rg/realityCheck',
    { ...auth, schema: { body: realityCheckBody } },
    async (request) => {
      const { memberId } = sessionOf(request);
      await reserveWrite(deps, memberId);
      await changeRealityCheck(deps, memberId, parseInput(realityCheckBody, request.body).minutes);
      return ok(await rgStatus(deps, memberId));
    },
  );

  app.put('/wps/rg/timeZone', { ...auth, schema: { body: timeZoneBody } }, async (request) => {
    const { memberId } = sessionOf(request);
    await reserveWrite(deps, memberId);
    await changeTimeZone(deps, memberId, parseInput(timeZoneBody, request.body));
    return ok(await rgStatus(deps, memberId));
  });

  // Sealed (E): it carries the login password.
  app.post(
    '/wps/rg/exclusion',
    { schema: { body: exclusionBody }, config: { auth: 'realMoney', encrypted: true } },
    async (request) => {
      const { memberId } = sessionOf(request);
      await reserveWrite(deps, memberId);
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

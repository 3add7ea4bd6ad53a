import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { type AuditEntry, STAFF_ROLES, type StaffRole } from '../../../src/shared/staffRoles';
import { opsActionOf, type OpsAction } from '../../domain/backOffice/actions';
import { appendAudit, AUDIT_STARTED, redact } from '../../domain/backOffice/audit';
import {
  amountToApprove,
  releaseDirectGrant,
  requestApproval,
} from '../../domain/backOffice/approvals';
import { ok } from '../../../src/shared/envelope';
import { resolveStaffSession } from '../../domain/chat/staffSessions';
import type { AppDeps } from '../../deps';
import { bearerToken } from '../auth';
import { beforeState } from './beforeStates';
import { ApiError } from '../errors';

/** Who makes a back-office call: a staff member signed in, or the command line on this machine. */
export interface OpsActor {
  /** `staff:<name>` or `cli:<user>`: how the audit trail names it. */
  id: string;
  roles: readonly StaffRole[];
  action: OpsAction;
  /** An approved request running (four-eyes): its approval's id and who asked for it. */
  approval?: { id: string; requestedBy: string };
  /** A grant counted against the person's day (four-eyes): given back if the route refuses. */
  reservation?: string;
  /** The seq of the row that said this write started (its outcome row names it). */
  intent?: string;
  /** What the write changes, as it was before it ran (./beforeStates.ts); undefined: none. */
  before?: unknown;
}

/**
 * Approved requests about to run (four-eyes), by a one-time key the approval route gives the
 * request it makes in this process: the door lets that request through as the approver's.
 */
const approvedRuns = new Map<string, { actor: Omit<OpsActor, 'action'> }>();

export function admitApprovedRun(actor: Omit<OpsActor, 'action'>): string {
  const key = randomBytes(24).toString('base64url');
  approvedRuns.set(key, { actor });
  return key;
}

declare module 'fastify' {
  interface FastifyRequest {
    opsActor: OpsActor | null;
  }
}

function isLoopback(address: string | undefined): boolean {
  return address === '127.0.0.1' || address === '::1' || address === '::ffff:127.0.0.1';
}

/** The command line's user (`x-ops-user`), as an audit name: `cli:unknown` when not given. */
function cliUser(request: FastifyRequest): string {
  const header = request.headers['x-ops-user'];
  const given = (typeof header === 'string' ? header : '')
    .toLowerCase()
    .replace(/[^a-z0-9_.-]/g, '-')
    .slice(0, 32);
  return `cli:${given || 'unknown'}`;
}

const routeKey = (request: FastifyRequest) =>
  opsActionOf(request.method === 'HEAD' ? 'GET' : request.method, request.routeOptions.url ?? '');

/**
 * The back office's door (issue 30). Every `/ops/*` route must be listed with its roles in
 * server/domain/backOffice/actions.ts (start-up fails otherwise); each request is let in when it
 * carries either the operator's token from this machine (the command line: every role, named
 * `cli:<user>`) or a staff session that proved the second factor and whose roles include one
 * the action allows; then the call is appended to the audit trail with its outcome, refusals of
 * a known caller included. A caller with neither gets the same 403 as before.
 */
export function installOpsAccess(app: FastifyInstance, deps: AppDeps): void {
  const expected = deps.opsToken ? Buffer.from(deps.opsToken) : null;
  app.decorateRequest('opsActor', null);

  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/ops/') && route.url !== '/ops') return;
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      if (method === 'HEAD') continue;
      if (!opsActionOf(method, route.url)) {
        throw new Error(
          `${method} ${route.url} has no entry in server/domain/backOffice/actions.ts: name the roles that may call it`,
        );
      }
    }
  });

  app.addHook('preHandler', async (request, reply) => {
    const url = request.routeOptions.url;
    if (!url?.startsWith('/ops/')) return;
    const action = routeKey(request);
    if (!action) throw new ApiError(403, 'forbidden', 'Operator access only.');
    const runKey = request.headers['x-ops-approved-run'];
    if (typeof runKey === 'string') {
      const run = approvedRuns.get(runKey);
      if (!run) throw new ApiError(403, 'forbidden', 'Operator access only.');
      approvedRuns.delete(runKey);
      request.opsActor = { ...run.actor, action };
      return recordIntent(request);
    }
    const token = bearerToken(request) ?? '';
    const given = Buffer.from(token);
    const isCli =
      expected !== null &&
      given.length === expected.length &&
      timingSafeEqual(given, expected) &&
      isLoopback(request.raw.socket.remoteAddress);
    if (isCli) {
      request.opsActor = { id: cliUser(request), roles: STAFF_ROLES, action };
      return letIn(request, reply);
    }
    const staff = token ? await resolveStaffSession(deps.db, token) : null;
    if (!staff) throw new ApiError(403, 'forbidden', 'Operator access only.');
    request.opsActor = { id: `staff:${staff.name}`, roles: staff.roles, action };
    // The back office needs a session that proved the second factor (issue 30).
    if (!staff.twoFactor) {
      throw new ApiError(
        403,
        'staff_two_factor_required',
        staff.twoFactorOn
          ? 'Sign in again with the code from your authenticator app.'
          : 'Set up two-factor sign-in first.',
      );
    }
    if (!action.roles.some((role) => staff.roles.includes(role))) {
      throw new ApiError(403, 'forbidden_role', 'Your role does not allow this.', {
        allowed: [...action.roles],
      });
    }
    return letIn(request, reply);
  });

  /** A caller let in: held for a second person (four-eyes), or its write is about to run. */
  async function letIn(request: FastifyRequest, reply: FastifyReply) {
    const held = await holdForApproval(request, reply);
    if (held) return held;
    return recordIntent(request);
  }

  /**
   * A write about to run is in the trail before it runs (outcome `started`), so a process that
   * dies between the action's commit and its outcome row still leaves a trace of who started
   * what; the outcome row names this row (`target.intent`), and the trail's list folds the two.
   */
  async function recordIntent(request: FastifyRequest): Promise<void> {
    const actor = request.opsActor!;
    if (actor.action.unaudited || request.method !== 'POST') return;
    const before = await beforeState(deps, actor.action.action, request.params, request.body);
    if (before !== undefined) actor.before = redact(before);
    const row = await appendAudit(deps.db, {
      actor: actor.id,
      roles: actor.roles,
      address: request.ip ?? null,
      action: actor.action.action,
      target: targetOf(request, actor),
      detail: redact(request.body ?? null),
      outcome: withBefore({ status: 0, code: AUDIT_STARTED }, actor),
      reason: reasonOf(request.body),
    });
    actor.intent = row.seq;
  }

  /**
   * Four-eyes: an action above its configured amount is kept as a pending approval (202) and
   * does not run now; a second staff member's approval runs it (./approvalRoutes.ts).
   */
  async function holdForApproval(request: FastifyRequest, reply: FastifyReply) {
    const actor = request.opsActor!;
    const kind = actor.action.fourEyes;
    if (!kind) return;
    const params = stringParams(request.params);
    const need = await amountToApprove(
      deps.db,
      deps.config.backOffice.approvals,
      kind,
      params,
      request.body,
      actor.id,
      deps.config,
    );
    if (!need) return;
    if ('reserved' in need) {
      actor.reservation = need.reserved;
      return;
    }
    const pending = await requestApproval(deps, {
      action: actor.action.action,
      url: request.url.split('?')[0]!,
      params,
      body: request.body ?? {},
      ...need,
      requestedBy: actor.id,
    });
    return reply.code(202).send(ok({ pending }));
  }

  app.addHook('onSend', async (request, reply, payload) => {
    const actor = request.opsActor;
    if (!actor || actor.action.unaudited) return payload;
    if (actor.reservation && reply.statusCode !== 200) {
      await releaseDirectGrant(deps.db, actor.reservation).catch((error: unknown) =>
        request.log.error({ err: error }, 'releasing a grant reservation failed'),
      );
    }
    try {
      await appendAudit(deps.db, {
        actor: actor.id,
        roles: actor.roles,
        address: request.ip ?? null,
        action: actor.action.action,
        target: {
          ...targetOf(request, actor),
          ...(actor.intent ? { intent: actor.intent } : {}),
        },
        detail: redact(request.body ?? null),
        outcome: withBefore(outcomeOf(reply, payload), actor),
        reason: reasonOf(request.body),
      });
    } catch (error) {
      // The action has committed; its record must not be silently lost.
      request.log.error({ err: error, action: actor.action.action }, 'audit append failed');
    }
    return payload;
  });
}

/** An outcome with the before-state beside it: the trail's row then holds before and after. */
function withBefore(outcome: AuditOutcome, actor: OpsActor): AuditOutcome {
  return actor.before === undefined ? outcome : { ...outcome, before: actor.before };
}

/** What a call acts on: its route's parameters, and the approval it runs under. */
function targetOf(request: FastifyRequest, actor: OpsActor): Record<string, string> {
  return {
    ...stringParams(request.params),
    ...(actor.approval
      ? { approval: actor.approval.id, requestedBy: actor.approval.requestedBy }
      : {}),
  };
}

function stringParams(params: unknown): Record<string, string> {
  if (!params || typeof params !== 'object') return {};
  return Object.fromEntries(
    Object.entries(params as Record<string, unknown>).map(([key, value]) => [key, String(value)]),
  );
}

function reasonOf(body: unknown): string | null {
  if (!body || typeof body !== 'object') return null;
  const reason = (body as { reason?: unknown }).reason;
  return typeof reason === 'string' ? reason.slice(0, 500) : null;
}

/** The answer's status, and its code when refused or its value (secrets removed) when small. */
type AuditOutcome = AuditEntry['outcome'];

function outcomeOf(reply: FastifyReply, payload: unknown): AuditOutcome {
  const status = reply.statusCode;
  if (
    typeof payload !== 'string' ||
    !reply.getHeader('content-type')?.toString().includes('json')
  ) {
    return { status };
  }
  try {
    const envelope = JSON.parse(payload) as { success?: boolean; code?: string; value?: unknown };
    if (envelope.success === false) return { status, code: envelope.code ?? 'unknown_error' };
    return payload.length <= 4000 ? { status, result: redact(envelope.value ?? null) } : { status };
  } catch {
    return { status };
  }
}

/** The route's own check that the door let the caller in (every ops route calls it first). */
export function requireOpsActor(request: FastifyRequest): OpsActor {
  if (!request.opsActor) throw new ApiError(403, 'forbidden', 'Operator access only.');
  return request.opsActor;
}

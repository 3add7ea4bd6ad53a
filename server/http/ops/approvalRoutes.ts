import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { ok } from '../../../src/shared/envelope';
import { opsActionNamed } from '../../domain/backOffice/actions';
import {
  approvalById,
  decideApproval,
  listApprovals,
  recordApprovalOutcome,
} from '../../domain/backOffice/approvals';
import { redact } from '../../domain/backOffice/audit';
import type { AppDeps } from '../../deps';
import { ApiError, parseInput } from '../errors';
import { admitApprovedRun, requireOpsActor } from './access';

const listQuery = z
  .object({
    status: z.enum(['pending', 'approved', 'rejected', 'failed', 'all']).default('pending'),
    limit: z.coerce.number().int().min(1).max(200).default(50),
  })
  .strict();
const decisionParams = z
  .object({ id: z.string().regex(/^\d{1,18}$/), decision: z.enum(['approve', 'reject']) })
  .strict();
const decisionBody = z
  .object({ reason: z.string().min(1).max(500).optional() })
  .strict()
  .default({});

/**
 * The four-eyes queue (issue 30): what waits for a second staff member, and the decision. An
 * approver must hold a role the waiting action allows and cannot be the one who asked; the
 * approval is taken in one statement (two approvers at once: one runs it), then the action runs
 * once, here, as the approver's, and its answer is kept with the approval. A rejection needs a
 * reason.
 */
export async function opsApprovalRoutes(
  app: FastifyInstance,
  deps: AppDeps,
  authorize: (request: FastifyRequest) => void,
): Promise<void> {
  app.get('/ops/approvals', { schema: { querystring: listQuery } }, async (request) => {
    authorize(request);
    const { status, limit } = parseInput(listQuery, request.query);
    return ok(await listApprovals(deps.db, status, limit));
  });

  app.post('/ops/approvals/:id/:decision', { schema: { body: decisionBody } }, async (request) => {
    const actor = requireOpsActor(request);
    const { id, decision } = parseInput(decisionParams, request.params);
    const { reason } = parseInput(decisionBody, request.body ?? {});
    if (decision === 'reject' && !reason) {
      throw new ApiError(400, 'approval_reason_required', 'Say why it is rejected.');
    }
    const waiting = await approvalById(deps.db, id);
    const original = opsActionNamed(waiting.action);
    if (!original || !original.roles.some((role) => actor.roles.includes(role))) {
      throw new ApiError(403, 'forbidden_role', 'Your role does not allow this.', {
        allowed: original ? [...original.roles] : [],
      });
    }
    const decided = await decideApproval(deps, id, {
      by: actor.id,
      approve: decision === 'approve',
      reason: reason ?? null,
    });
    if (decision === 'reject') return ok(decided);
    const key = admitApprovedRun({
      id: actor.id,
      roles: actor.roles,
      approval: { id, requestedBy: decided.requestedBy },
    });
    const response = await app.inject({
      method: 'POST',
      url: decided.url,
      payload: JSON.stringify(decided.body ?? {}),
      headers: { 'content-type': 'application/json', 'x-ops-approved-run': key },
    });
    const envelope = response.json() as { success?: boolean; code?: string; value?: unknown };
    return ok(
      await recordApprovalOutcome(deps, id, {
        ok: envelope.success === true && response.statusCode < 300,
        status: response.statusCode,
        ...(envelope.code ? { code: envelope.code } : {}),
        value: redact(envelope.value ?? null),
      }),
    );
  });
}

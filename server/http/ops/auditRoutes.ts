import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { ok } from '../../../src/shared/envelope';
import { auditCsv, listAudit, verifyAudit } from '../../domain/backOffice/audit';
import { resetStaffTwoFactor, setStaffRoles } from '../../domain/chat/staff';
import type { AppDeps } from '../../deps';
import { parseInput } from '../errors';

const filters = {
  actor: z.string().min(1).max(40).optional(),
  action: z
    .string()
    .regex(/^[a-zA-Z.]{1,40}$/)
    .optional(),
  text: z.string().min(1).max(100).optional(),
  from: z.iso.datetime({ offset: true }).optional(),
  to: z.iso.datetime({ offset: true }).optional(),
  before: z
    .string()
    .regex(/^\d{1,18}$/)
    .optional(),
};
const listQuery = z
  .object({ ...filters, limit: z.coerce.number().int().min(1).max(500).default(50) })
  .strict();
const csvQuery = z.object(filters).strict();
const nameParams = z.object({ name: z.string().min(1).max(64) }).strict();
const reasonBody = z.object({ reason: z.string().min(1).max(500) }).strict();
const rolesBody = z
  .object({
    roles: z.array(z.string().max(20)).min(1).max(5),
    reason: z.string().min(1).max(500),
  })
  .strict();

/**
 * The audit trail (issue 30) — read, verified and exported by admin and risk — and a staff
 * account's roles, changed by an admin with a reason (every session of the account ends).
 */
export async function opsAuditRoutes(
  app: FastifyInstance,
  deps: AppDeps,
  authorize: (request: FastifyRequest) => void,
): Promise<void> {
  app.get('/ops/audit', { schema: { querystring: listQuery } }, async (request) => {
    authorize(request);
    return ok(await listAudit(deps.db, parseInput(listQuery, request.query)));
  });

  app.get('/ops/audit/verify', async (request) => {
    authorize(request);
    return ok(await verifyAudit(deps.db));
  });

  app.get('/ops/audit.csv', { schema: { querystring: csvQuery } }, async (request, reply) => {
    authorize(request);
    const csv = await auditCsv(deps.db, parseInput(csvQuery, request.query));
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', 'attachment; filename="audit.csv"')
      .send(csv);
  });

  app.post('/ops/staff/:name/roles', { schema: { body: rolesBody } }, async (request) => {
    authorize(request);
    const { name } = parseInput(nameParams, request.params);
    const { roles } = parseInput(rolesBody, request.body);
    const changed = await setStaffRoles(deps, name, roles, request.opsActor?.id ?? null);
    return ok({ staff: changed.staff, before: changed.before });
  });

  app.post(
    '/ops/staff/:name/two-factor/reset',
    { schema: { body: reasonBody } },
    async (request) => {
      authorize(request);
      const { name } = parseInput(nameParams, request.params);
      parseInput(reasonBody, request.body);
      const reset = await resetStaffTwoFactor(deps, name);
      return ok({ staff: reset.staff, endedSessions: reset.endedSessions.length });
    },
  );
}

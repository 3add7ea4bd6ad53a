import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { MEMBER_NOTE_MAX } from '../../../src/shared/backOfficeMembers';
import { ok } from '../../../src/shared/envelope';
import {
  addMemberNote,
  memberDetail,
  memberLedger,
  searchMembers,
} from '../../domain/backOffice/members';
import type { AppDeps } from '../../deps';
import { parseInput } from '../errors';
import { requireOpsActor } from './access';

const account = z.string().trim().min(1).max(40);
const accountParams = z.object({ account }).strict();
const searchQuery = z.object({ q: z.string().trim().max(80).default('') }).strict();
const noteBody = z.object({ body: z.string().trim().min(1).max(MEMBER_NOTE_MAX) }).strict();

/**
 * The back office's members routes (issue 30); their roles: server/domain/backOffice/actionsMembers.ts.
 * Search, one member's file and its ledger, and a staff note. A role that only reads members
 * (support) gets contact details, addresses and devices masked; the changes (disable, enable,
 * reset password, exclusions) go through the existing routes (memberRoutes.ts, rgRoutes.ts).
 */
export async function opsMembersPageRoutes(
  app: FastifyInstance,
  deps: AppDeps,
  authorize: (request: FastifyRequest) => void,
): Promise<void> {
  const masked = (request: FastifyRequest) => !requireOpsActor(request).roles.includes('risk');

  app.get('/ops/members', { schema: { querystring: searchQuery } }, async (request) => {
    authorize(request);
    const { q } = parseInput(searchQuery, request.query);
    return ok(await searchMembers(deps.db, q, masked(request)));
  });

  app.get('/ops/members/:account', async (request) => {
    authorize(request);
    const params = parseInput(accountParams, request.params);
    return ok(await memberDetail(deps.db, params.account, masked(request), deps.clock.now()));
  });

  app.get('/ops/members/:account/ledger', async (request) => {
    authorize(request);
    const params = parseInput(accountParams, request.params);
    return ok(await memberLedger(deps.db, params.account));
  });

  app.post('/ops/members/:account/notes', { schema: { body: noteBody } }, async (request) => {
    authorize(request);
    const params = parseInput(accountParams, request.params);
    const { body } = parseInput(noteBody, request.body);
    return ok(await addMemberNote(deps.db, params.account, body, requireOpsActor(request).id));
  });
}

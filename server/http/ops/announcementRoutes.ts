import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { ok } from '../../../src/shared/envelope';
import {
  announcementInputSchema,
  createAnnouncement,
  endAnnouncement,
  listOperatorAnnouncements,
} from '../../domain/announcements/operatorAnnouncements';
import type { AppDeps } from '../../deps';
import { parseInput } from '../errors';
import { commit } from '../../platform/unitOfWork';

const listQuery = z.object({ all: z.enum(['true', 'false']).optional() }).strict();
const idParams = z.object({ id: z.string().max(24) }).strict();

/**
 * Operator endpoints for announcements (issue 16): `npm run ops -- announce create|list|end`.
 * A created or ended one reaches every open page it is for through the `announcement` event
 * (published after the write committed).
 */
export async function opsAnnouncementRoutes(
  app: FastifyInstance,
  deps: AppDeps,
  authorize: (request: FastifyRequest) => void,
): Promise<void> {
  app.get('/ops/announcements', { schema: { querystring: listQuery } }, async (request) => {
    authorize(request);
    const { all } = parseInput(listQuery, request.query);
    return ok(await listOperatorAnnouncements(deps.db, { all: all === 'true' }));
  });

  app.post('/ops/announcements', { schema: { body: announcementInputSchema } }, async (request) => {
    authorize(request);
    const input = parseInput(announcementInputSchema, request.body);
    const { announcement } = await createAnnouncement(deps, input);
    return ok(announcement);
  });

  app.post('/ops/announcements/:id/end', async (request) => {
    authorize(request);
    const { id } = parseInput(idParams, request.params);
    const { announcement } = await commit(deps, async (work) => {
      const ended = await endAnnouncement(work.tx, id);
      work.changed('announcement', ended.change);
      return ended;
    });
    return ok(announcement);
  });
}

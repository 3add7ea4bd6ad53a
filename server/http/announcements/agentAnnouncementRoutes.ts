import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  AGENT_ANNOUNCEMENTS_PATH,
  ANNOUNCEMENT_PAGE_SIZE,
} from '../../../src/shared/announcements';
import { ok } from '../../../src/shared/envelope';
import { agentAnnouncements } from '../../domain/announcements/agentAnnouncements';
import type { AppDeps } from '../../deps';
import { parseInput } from '../errors';
import { requestLanguage } from '../language';

const pageQuery = z
  .object({
    page: z.coerce.number().int().min(1).max(10_000).default(1),
    pageSize: z.coerce.number().int().min(1).max(50).default(ANNOUNCEMENT_PAGE_SIZE),
  })
  .strict();

/** The back office's agentAnnouncement page (path ours): agents only. */
export async function agentAnnouncementRoutes(app: FastifyInstance, deps: AppDeps) {
  app.get(
    AGENT_ANNOUNCEMENTS_PATH,
    { schema: { querystring: pageQuery }, config: { auth: 'agent' } },
    async (request) => {
      const query = parseInput(pageQuery, request.query);
      return ok(
        agentAnnouncements(deps.config.announcements, {
          ...query,
          language: requestLanguage(request, deps.config),
        }),
      );
    },
  );
}

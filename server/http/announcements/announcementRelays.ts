import { z } from 'zod';
import {
  ANNOUNCEMENTS_RELAY,
  announcementTypes,
  popupExecutions,
} from '../../../src/shared/announcements';
import { listAnnouncements } from '../../domain/announcements/listAnnouncements';
import { visibleAnnouncements } from '../../domain/announcements/operatorAnnouncements';
import { optionalSession } from '../auth';
import type { AppDeps } from '../../deps';
import { parseInput } from '../errors';
import { requestLanguage } from '../language';
import type { RelayTable } from '../relay/dispatcher';

/** A comma list of known codes ("b, PL" → ['B', 'PL']), `fallback` when absent. */
function commaList<const T extends readonly [string, ...string[]]>(codes: T, fallback: string) {
  return z
    .string()
    .max(40)
    .default(fallback)
    .transform((value) =>
      value
        .split(',')
        .map((code) => code.trim().toUpperCase())
        .filter(Boolean),
    )
    .pipe(z.array(z.enum(codes, { message: `each one of ${codes.join(', ')}` })).min(1));
}

const announcementsQuery = z
  .object({
    types: commaList(announcementTypes, 'B,PL,PU,PR'),
    platform: z.literal('W', { message: 'must be W (web)' }).default('W'),
    execution: commaList(popupExecutions, 'B'),
    language: z
      .string()
      .regex(/^[A-Za-z]{2}$/, 'a two-letter language code')
      .optional(),
  })
  .strict();

/** Relays of the announcements area (spec 7). */
export function announcementRelays(deps: AppDeps): RelayTable {
  return {
    // Public: the home page shows banners and notices to guests too.
    [ANNOUNCEMENTS_RELAY]: {
      method: 'GET',
      query: announcementsQuery,
      handle: async (request) => {
        const query = parseInput(announcementsQuery, request.query);
        // A member also sees the operator's announcements meant for it alone.
        const session = await optionalSession(deps, request);
        const operator = await visibleAnnouncements(deps.db, session?.memberId ?? null);
        return listAnnouncements(
          deps.config.announcements,
          {
            types: new Set(query.types),
            executions: new Set(query.execution),
            // The asked language, else the request's (Language header); EN where a text has none.
            language: query.language?.toUpperCase() ?? requestLanguage(request, deps.config),
          },
          operator,
        );
      },
    },
  };
}

import { z } from 'zod';
import { MAX_TEAM_DEPTH, MEMBER_STATUSES } from '../../../src/shared/agentReports';
import { recordsQuerySchema } from '../records/query';

/** A free-text filter: trimmed, and "any" when empty. */
const optionalText = (max: number) =>
  z
    .string()
    .max(max)
    .optional()
    .transform((value) => value?.trim() || undefined);

/** The team reports: the records query (range, tz, page, type) plus a member and a vendor. */
export const teamReportQuerySchema = recordsQuerySchema.extend({
  account: optionalText(64),
  vendor: z
    .string()
    .regex(/^[A-Za-z0-9_]{1,30}$/)
    .optional(),
});
export type TeamReportQuery = z.infer<typeof teamReportQuerySchema>;

/** Team management: paged, by account, status and level (1 = direct); no date range. */
export const teamMembersQuerySchema = recordsQuerySchema
  .pick({ page: true, pageSize: true })
  .extend({
    account: optionalText(64),
    status: z.enum(MEMBER_STATUSES).optional(),
    level: z.coerce.number().int().min(1).max(MAX_TEAM_DEPTH).optional(),
  });
export type TeamMembersQuery = z.infer<typeof teamMembersQuerySchema>;

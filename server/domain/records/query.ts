import { z } from 'zod';
import { DEFAULT_PAGE_SIZE, MAX_RANGE_DAYS, type Page } from '../../../src/shared/records';
import { ApiError } from '../../platform/apiError';

const DAY_MS = 24 * 60 * 60_000;
const DEFAULT_RANGE_DAYS = 7;

/** The records pages' common query (src/shared/records.ts RecordsQuery), checked at the edge. */
export const recordsQuerySchema = z
  .object({
    from: z.iso.datetime({ offset: true }).optional(),
    to: z.iso.datetime({ offset: true }).optional(),
    tz: z.coerce.number().int().min(-840).max(840).default(0),
    page: z.coerce.number().int().min(1).max(10_000).default(1),
    pageSize: z.coerce.number().int().min(1).max(50).default(DEFAULT_PAGE_SIZE),
    type: z
      .string()
      .regex(/^[A-Za-z0-9_]{1,30}$/)
      .optional(),
  })
  .strict();

export interface RecordsWindow {
  from: Date;
  to: Date;
  tz: number;
  limit: number;
  offset: number;
  page: number;
  pageSize: number;
  type: string | null;
}

/** Resolves the range (the last week by default) and refuses reversed or too-long ones. */
export function recordsWindow(query: z.infer<typeof recordsQuerySchema>): RecordsWindow {
  const to = query.to ? new Date(query.to) : new Date(Date.now() + 60_000);
  const from = query.from
    ? new Date(query.from)
    : new Date(to.getTime() - DEFAULT_RANGE_DAYS * DAY_MS);
  if (from >= to) {
    throw new ApiError(400, 'date_range_invalid', 'The start date must be before the end date.');
  }
  if (to.getTime() - from.getTime() > (MAX_RANGE_DAYS + 1) * DAY_MS) {
    throw new ApiError(
      400,
      'date_range_invalid',
      `Choose a range of at most ${MAX_RANGE_DAYS} days.`,
      { maxDays: MAX_RANGE_DAYS },
    );
  }
  return {
    from,
    to,
    tz: query.tz,
    limit: query.pageSize,
    offset: (query.page - 1) * query.pageSize,
    page: query.page,
    pageSize: query.pageSize,
    type: query.type ?? null,
  };
}

export function pageOf<T>(
  window: RecordsWindow,
  items: T[],
  total: number | string,
  totals?: Record<string, string>,
): Page<T> {
  return { items, total: Number(total), page: window.page, pageSize: window.pageSize, totals };
}

import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ok } from '../../../src/shared/envelope';
import { toMoneyString } from '../../../src/shared/money';
import type { DepositRecordItem, Page } from '../../../src/shared/records';
import type { Queryable } from '../../db/types';
import { accountRecord } from '../../domain/records/accountRecord';
import { betRecord } from '../../domain/records/betRecord';
import { bonusRecord } from '../../domain/records/bonusRecord';
import { profitRecord } from '../../domain/records/profitRecord';
import {
  pageOf,
  recordsQuerySchema,
  recordsWindow,
  type RecordsWindow,
} from '../../domain/records/query';
import { sessionOf } from '../auth';
import type { AppDeps } from '../../deps';
import { ApiError, parseInput } from '../errors';

type RecordReader<T> = (db: Queryable, memberId: string, window: RecordsWindow) => Promise<Page<T>>;

const DEPOSIT_STATUSES = new Set(['pending', 'credited', 'failed']);

/** Deposit record (spec 2): the member's deposits, filtered by status. */
async function depositRecord(
  db: Queryable,
  memberId: string,
  window: RecordsWindow,
): Promise<Page<DepositRecordItem>> {
  if (window.type !== null && !DEPOSIT_STATUSES.has(window.type)) {
    throw new ApiError(400, 'invalid_request', `Unknown deposit status: ${window.type}.`);
  }
  const where = `member_id = $1 and created_at >= $2 and created_at < $3
    and ($4::text is null or status = $4)`;
  const params = [memberId, window.from, window.to, window.type];
  const [count] = await db.query<{ total: string }>(
    `select count(*)::text as total from deposits where ${where}`,
    params,
  );
  const rows = await db.query<{
    id: string;
    channel: string;
    amount: string;
    status: DepositRecordItem['status'];
    created_at: Date;
  }>(
    `select id::text, channel, amount::text, status, created_at from deposits where ${where}
     order by id desc limit $5 offset $6`,
    [...params, window.limit, window.offset],
  );
  return pageOf(
    window,
    rows.map((row) => ({
      id: row.id,
      channel: row.channel,
      amount: toMoneyString(BigInt(row.amount)),
      status: row.status,
      createdAt: new Date(row.created_at).toISOString(),
    })),
    count!.total,
  );
}

/** The records pages' calls (paths ours: the spec names the pages, not their calls). */
export async function recordRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const options = {
    schema: { querystring: recordsQuerySchema },
    config: { auth: 'realMoney' as const },
  };
  const answer =
    <T>(read: RecordReader<T>) =>
    async (request: FastifyRequest) => {
      const session = sessionOf(request);
      const window = recordsWindow(parseInput(recordsQuerySchema, request.query));
      return ok(await read(deps.db, session.memberId, window));
    };
  // Written out, so the API's document reads each one's answer type (scripts/answerSchemas.ts).
  app.get('/wps/records/bets', options, answer(betRecord));
  app.get('/wps/records/account', options, answer(accountRecord));
  app.get('/wps/records/profit', options, answer(profitRecord));
  app.get('/wps/records/bonus', options, answer(bonusRecord));
  app.get('/wps/deposit/records', options, answer(depositRecord));
}

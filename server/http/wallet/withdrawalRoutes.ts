import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ok } from '../../../src/shared/envelope';
import { MONEY_AMOUNT_PATTERN, parseMoney } from '../../../src/shared/money';
import { DEFAULT_PAGE_SIZE } from '../../../src/shared/records';
import {
  answerEvent,
  PROOF_IMAGE_MAX_BYTES,
  PROOF_IMAGE_TYPES,
  type WithdrawalStatus,
} from '../../../src/shared/withdrawals';
import { scheduleDemoPayout } from '../../domain/withdrawals/demoChannel';
import { applyWithdrawalEvent } from '../../domain/withdrawals/lifecycle';
import { hasPaymentPassword, setPaymentPassword } from '../../domain/identity/paymentPassword';
import { storeProofImage } from '../../domain/withdrawals/proofImages';
import { requestWithdrawal } from '../../domain/withdrawals/requestWithdrawal';
import { toView, WITHDRAWAL_COLUMNS, type WithdrawalRow } from '../../domain/withdrawals/views';
import { sessionOf } from '../auth';
import type { AppDeps } from '../../deps';
import { ApiError, parseInput } from '../errors';

const amount = z.string().regex(MONEY_AMOUNT_PATTERN, 'an amount like 100 or 99.50');
const idempotencyKey = z.string().regex(/^[A-Za-z0-9_-]{8,64}$/, '8-64 letters, digits, _ or -');
const statuses = [
  'requested',
  'awaitingConfirmation',
  'notReceived',
  'partiallyReceived',
  'received',
  'forcedReceived',
  'refunded',
  'rejected',
] as const satisfies readonly WithdrawalStatus[];

const paymentPasswordBody = z
  .object({ loginPassword: z.string().min(1).max(64), paymentPassword: z.string().max(64) })
  .strict();
const withdrawBody = z
  .object({ amount, paymentPassword: z.string().min(1).max(64), idempotencyKey })
  .strict();
const recordsQuery = z
  .object({
    page: z.coerce.number().int().min(1).max(10_000).default(1),
    pageSize: z.coerce.number().int().min(1).max(50).default(DEFAULT_PAGE_SIZE),
    status: z.enum(statuses).optional(),
  })
  .strict();
const idParams = z.object({ id: z.string().regex(/^\d{1,18}$/) }).strict();
const answerBody = z.discriminatedUnion('answer', [
  z.object({ answer: z.literal('received') }).strict(),
  z.object({ answer: z.literal('allReceived') }).strict(),
  z.object({ answer: z.literal('notReceived'), proofImageId: z.uuid() }).strict(),
  z.object({ answer: z.literal('partial'), receivedAmount: amount }).strict(),
]);

/** Withdraw (spec 2 "withdraw", spec 4 "Withdrawal confirmation"). The paths are ours. */
export async function withdrawalRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  // Proof images arrive as the raw body, so nothing but the bytes is parsed.
  app.addContentTypeParser(
    [...PROOF_IMAGE_TYPES],
    { parseAs: 'buffer', bodyLimit: PROOF_IMAGE_MAX_BYTES },
    (_request, body, done) => done(null, body),
  );

  app.get('/wps/withdraw/info', { config: { auth: 'realMoney' } }, async (request) => {
    const session = sessionOf(request);
    const { min, max } = deps.config.payments.withdrawal;
    return ok({
      min,
      max,
      currency: deps.config.payments.currency,
      hasPaymentPassword: await hasPaymentPassword(deps, session.memberId),
    });
  });

  app.post(
    '/wps/member/paymentPassword',
    { schema: { body: paymentPasswordBody }, config: { auth: 'realMoney', encrypted: true } },
    async (request) => {
      const session = sessionOf(request);
      await setPaymentPassword(
        deps,
        session.memberId,
        parseInput(paymentPasswordBody, request.body),
      );
      return ok(null);
    },
  );

  app.post(
    '/wps/withdraw',
    { schema: { body: withdrawBody }, config: { auth: 'realMoney', encrypted: true } },
    async (request) => {
      const session = sessionOf(request);
      const body = parseInput(withdrawBody, request.body);
      const { withdrawal, replayed } = await requestWithdrawal(deps, session.memberId, body);
      // A replay's payout is already scheduled (or done).
      if (!replayed) scheduleDemoPayout(deps, withdrawal);
      return ok(withdrawal);
    },
  );

  app.get(
    '/wps/withdraw/records',
    { schema: { querystring: recordsQuery }, config: { auth: 'realMoney' } },
    async (request) => {
      const session = sessionOf(request);
      const query = parseInput(recordsQuery, request.query);
      const where = `member_id = $1 and ($2::text is null or status = $2)`;
      const params = [session.memberId, query.status ?? null];
      const [count] = await deps.db.query<{ total: string }>(
        `select count(*)::text as total from withdrawals where ${where}`,
        params,
      );
      const rows = await deps.db.query<WithdrawalRow>(
        `select ${WITHDRAWAL_COLUMNS} from withdrawals where ${where}
       order by id desc limit $3 offset $4`,
        [...params, query.pageSize, (query.page - 1) * query.pageSize],
      );
      return ok({
        items: rows.map(toView),
        total: Number(count!.total),
        page: query.page,
        pageSize: query.pageSize,
      });
    },
  );

  app.post(
    '/wps/withdraw/proof',
    // The route's own limit, a little above the image limit, so the domain check answers.
    { config: { auth: 'realMoney' }, bodyLimit: PROOF_IMAGE_MAX_BYTES + 1024 },
    async (request) => {
      const session = sessionOf(request);
      if (!Buffer.isBuffer(request.body)) {
        throw new ApiError(415, 'image_type_invalid', 'The image must be a png or jpg file.');
      }
      const declared = String(request.headers['content-type'] ?? '')
        .split(';')[0]!
        .trim();
      return ok(await storeProofImage(deps, session.memberId, declared, request.body));
    },
  );

  app.post(
    '/wps/withdraw/:id/answer',
    { schema: { body: answerBody }, config: { auth: 'realMoney' } },
    async (request) => {
      const session = sessionOf(request);
      const { id } = parseInput(idParams, request.params);
      const body = parseInput(answerBody, request.body);
      const [row] = await deps.db.query<{ amount: string }>(
        'select amount::text from withdrawals where id = $1 and member_id = $2',
        [id, session.memberId],
      );
      if (!row) throw new ApiError(404, 'not_found', 'No such withdrawal.');
      const event = answerEvent(body.answer, {
        proofImageId: body.answer === 'notReceived' ? body.proofImageId : undefined,
        receivedMinor: body.answer === 'partial' ? parseMoney(body.receivedAmount) : undefined,
        amountMinor: BigInt(row.amount),
      });
      return ok(
        await applyWithdrawalEvent(deps, {
          withdrawalId: id,
          event,
          actor: 'member',
          memberId: session.memberId,
        }),
      );
    },
  );
}

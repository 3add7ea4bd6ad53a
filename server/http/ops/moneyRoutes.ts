import { MONEY_AMOUNT_PATTERN } from '../../../src/shared/money';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { ok } from '../../../src/shared/envelope';
import { OPERATOR_WITHDRAWAL_EVENTS } from '../../../src/shared/withdrawals';
import { grantBonus } from '../../domain/wallet/grants';
import { autoConfirmWithdrawals } from '../../domain/withdrawals/autoConfirm';
import { applyWithdrawalEvent } from '../../domain/withdrawals/lifecycle';
import { toView, WITHDRAWAL_COLUMNS, type WithdrawalRow } from '../../domain/withdrawals/views';
import type { AppDeps } from '../../deps';
import { parseInput } from '../errors';

const actionBody = z
  .object({
    action: z.enum(['pay', 'reject', 'refund', 'forceReceived']),
    /** Why (the back office asks it for a rejection): kept in the audit trail and the approval. */
    reason: z.string().trim().max(500).optional(),
  })
  .strict();
const idParams = z.object({ id: z.string().regex(/^\d{1,18}$/) }).strict();
const listQuery = z
  .object({
    status: z.string().max(30).optional(),
    /** One member's withdrawals (the back office's queue, filtered by account). */
    account: z.string().trim().min(1).max(40).optional(),
  })
  .strict();
const bonusBody = z
  .object({
    account: z.string().min(1).max(40),
    amount: z.string().regex(MONEY_AMOUNT_PATTERN),
    reason: z.string().min(1).max(140),
    idempotencyKey: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/),
  })
  .strict();

/** Operator money endpoints behind `npm run ops`: withdrawals and bonus grants. */
export async function opsMoneyRoutes(
  app: FastifyInstance,
  deps: AppDeps,
  authorize: (request: FastifyRequest) => void,
): Promise<void> {
  app.get('/ops/withdrawals', { schema: { querystring: listQuery } }, async (request) => {
    authorize(request);
    const { status, account } = parseInput(listQuery, request.query);
    const rows = await deps.db.query<WithdrawalRow & { account: string }>(
      `select w.*, m.account from (
         select ${WITHDRAWAL_COLUMNS} from withdrawals
         where ($1::text is null or status = $1)
           and ($2::text is null or member_id = (
             select id from members where lower(account) = lower($2)))
         order by id desc limit 100
       ) w join members m on m.id = w.member_id::bigint order by w.id::bigint desc`,
      [status ?? null, account ?? null],
    );
    return ok(rows.map((row) => ({ ...toView(row), account: row.account })));
  });

  app.post('/ops/withdrawals/:id', { schema: { body: actionBody } }, async (request) => {
    authorize(request);
    const { id } = parseInput(idParams, request.params);
    const { action } = parseInput(actionBody, request.body);
    return ok(
      await applyWithdrawalEvent(deps, {
        withdrawalId: id,
        event: OPERATOR_WITHDRAWAL_EVENTS[action],
        actor: 'operator',
      }),
    );
  });

  // Runs the auto-confirmation now instead of at the next tick (support, demos).
  app.post('/ops/jobs/withdrawal-auto-confirm', async (request) => {
    authorize(request);
    return ok(await autoConfirmWithdrawals(deps));
  });

  app.post('/ops/bonus', { schema: { body: bonusBody } }, async (request) => {
    authorize(request);
    const { result } = await grantBonus(deps, parseInput(bonusBody, request.body));
    return ok(result);
  });
}

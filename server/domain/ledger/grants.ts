import { parseMoney, toMoneyString } from '../../../src/shared/money';
import type { AppDeps } from '../../http/deps';
import { ApiError } from '../apiError';
import { houseAccountId, walletId } from './accounts';
import { postTransaction } from './post';
import { isExcluded, memberExcluded } from '../responsibleGaming/state';
import { type BalanceChange, changesOf, positiveAmount } from './wallets';

/**
 * A bonus from the house "promotions" account to a member's main wallet (an operator's grant
 * now; promotions and rewards later). The reason shows in the member's bonus details.
 */
export async function grantBonus(
  deps: AppDeps,
  request: { account: string; amount: string; reason: string; idempotencyKey: string },
): Promise<{ result: Record<string, unknown>; changes: BalanceChange[] }> {
  const [member] = await deps.db.query<{ id: string }>(
    `select id::text from members where lower(account) = lower($1) and type <> 4`,
    [request.account],
  );
  if (!member) throw new ApiError(404, 'not_found', `No real account ${request.account}.`);
  // A bonus is marketing: none reaches a member on a time-out or self-exclusion (issue 17).
  if (await isExcluded(deps.db, member.id, deps.clock.now())) throw memberExcluded(request.account);
  const amount = positiveAmount(request.amount);
  const main = await walletId(deps.db, member.id, null);
  const posted = await postTransaction(deps.db, {
    idempotencyKey: `bonus:${member.id}:${request.idempotencyKey}`,
    kind: 'bonus',
    memberId: member.id,
    postings: [
      { accountId: await houseAccountId(deps.db, 'promotions'), amount: -amount },
      { accountId: main, amount },
    ],
    result: { reason: request.reason, amount: toMoneyString(amount) },
    fingerprint: { reason: request.reason },
  });
  return {
    result: posted.result,
    changes: changesOf(posted, member.id, new Map([[main, 'MAIN']])),
  };
}

/** Demo money for a new free-play account (config payments.trialCredit), once per account. */
export async function creditTrial(deps: AppDeps, memberId: string): Promise<void> {
  const amount = parseMoney(deps.config.payments.trialCredit);
  if (amount === 0n) return;
  await postTransaction(deps.db, {
    idempotencyKey: `trial_credit:${memberId}`,
    kind: 'trial_credit',
    memberId,
    postings: [
      { accountId: await houseAccountId(deps.db, 'trial_credit'), amount: -amount },
      { accountId: await walletId(deps.db, memberId, null), amount },
    ],
    result: { reason: 'free play', amount: toMoneyString(amount) },
  });
}

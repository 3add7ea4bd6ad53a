import { parseMoney, toMoneyString } from '../../../src/shared/money';
import type { Platform } from '../../platform/platform';
import { ApiError } from '../../platform/apiError';
import { houseAccountId, walletId } from '../ledger/accounts';
import { postTransaction, postWithin } from '../ledger/post';
import { commit } from '../../platform/unitOfWork';
import { isExcluded, memberExcluded } from '../responsibleGaming/state';
import { changesOf, positiveAmount } from '../ledger/amounts';

/**
 * A bonus from the house "promotions" account to a member's main wallet (an operator's grant
 * now; promotions and rewards later). The reason shows in the member's bonus details.
 */
export async function grantBonus(
  deps: Platform,
  request: { account: string; amount: string; reason: string; idempotencyKey: string },
): Promise<{ result: Record<string, unknown> }> {
  const [member] = await deps.db.query<{ id: string }>(
    `select id::text from members where lower(account) = lower($1) and type <> 4`,
    [request.account],
  );
  if (!member) throw new ApiError(404, 'not_found', `No real account ${request.account}.`);
  // A bonus is marketing: none reaches a member on a time-out or self-exclusion (issue 17).
  if (await isExcluded(deps.db, member.id, deps.clock.now())) throw memberExcluded(request.account);
  const amount = positiveAmount(request.amount);
  const main = await walletId(deps.db, member.id, null);
  const posted = await commit(deps, async (work) => {
    const bonus = await postWithin(work.tx, {
      idempotencyKey: `bonus:${member.id}:${request.idempotencyKey}`,
      kind: 'bonus',
      memberId: member.id,
      postings: [
        { accountId: await houseAccountId(work.tx, 'promotions'), amount: -amount },
        { accountId: main, amount },
      ],
      result: { reason: request.reason, amount: toMoneyString(amount) },
      fingerprint: { reason: request.reason },
    });
    work.changed('balance', changesOf(bonus, member.id, new Map([[main, 'MAIN']])));
    return bonus;
  });
  return { result: posted.result };
}

/** Demo money for a new free-play account (config payments.trialCredit), once per account. */
export async function creditTrial(deps: Platform, memberId: string): Promise<void> {
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

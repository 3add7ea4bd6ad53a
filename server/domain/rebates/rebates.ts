import { parseMoney, toMoneyString } from '../../../src/shared/money';
import type { RebateView } from '../../../src/shared/rebates';
import { rebatePercentOf } from '../../../src/shared/vip';
import type { Queryable } from '../../db/types';
import type { Platform } from '../../platform/platform';
import { ApiError } from '../../platform/apiError';
import { houseAccountId, walletId } from '../ledger/accounts';
import { postWithin } from '../ledger/post';
import { changesOf } from '../ledger/amounts';
import type { VipConfig } from '../../config/vip';
import { commit } from '../../platform/unitOfWork';

/** Ten-thousandths of a minor unit per minor unit: valid bet × hundredths of a percent. */
const FRACTION = 10_000n;

/** The rebate step's database function (migration 046). */
export const REBATE_FUNCTION = 'rebate_accrue_bet';
/** The same over a batch of bets, folded after their commits (migration 050, issue 31). */
export const REBATE_FOLD = 'rebate_accrue_fold';

/**
 * In the bet's transaction (`rebate_accrue_bet`): the valid bet earns the manual rebate at the
 * member's VIP rate for the game type, plus the percent of every open rebate promotion for
 * everyone that covers the game type (its `gameTypes`, or all when it names none). Kept in
 * ten-thousandths of a minor unit so small bets add up. What the function is given: each level's
 * rate for the game type in hundredths of a percent (the level comes from the VIP step, or as
 * stored); null when the bet has no valid amount.
 */
export function rebateArguments(
  vip: VipConfig,
  bet: { gameType: string; valid: bigint },
): Record<string, unknown> | null {
  if (bet.valid <= 0n) return null;
  const rates: Record<string, string> = {};
  for (const level of vip.levels) {
    rates[String(level.level)] = parseMoney(rebatePercentOf(level, bet.gameType)).toString();
  }
  return { rates };
}

/** What the manual rebate page shows: per game type, the bets since the last claim and the
 * rebate they earned, and the total to claim. */
export async function rebateView(db: Queryable, memberId: string): Promise<RebateView> {
  const rows = await db.query<{ game_type: string; valid_bet: string; accrued: string }>(
    `select game_type, valid_bet::text, accrued::text from rebate_balances
     where member_id = $1 and valid_bet > 0 order by game_type`,
    [memberId],
  );
  const items = rows.map((row) => ({
    gameType: row.game_type,
    validBet: toMoneyString(BigInt(row.valid_bet)),
    amount: toMoneyString(BigInt(row.accrued) / FRACTION),
  }));
  const total = rows.reduce((sum, row) => sum + BigInt(row.accrued) / FRACTION, 0n);
  return { items, total: toMoneyString(total), claimable: total > 0n };
}

/**
 * Pays the whole rebate earned since the last claim, from the house `rebates` account, once:
 * the balances are taken under their row locks in the statement that empties them, so a second
 * claim at the same moment finds nothing and is refused (`nothing_to_claim`).
 */
export async function claimRebate(
  deps: Platform,
  memberId: string,
): Promise<{ amount: string; claimId: string }> {
  const result = await commit(
    deps,
    async ({ tx }) => {
      const taken = await tx.query<{ game_type: string; valid_bet: string; paid: string }>(
        `with mine as (
         select member_id, game_type, valid_bet, accrued / ${FRACTION} as paid
         from rebate_balances where member_id = $1 and valid_bet > 0 for update
       )
       update rebate_balances r set valid_bet = 0, accrued = r.accrued - m.paid * ${FRACTION}
       from mine m where r.member_id = m.member_id and r.game_type = m.game_type
       returning m.game_type, m.valid_bet::text, m.paid::text`,
        [memberId],
      );
      const amount = taken.reduce((sum, row) => sum + BigInt(row.paid), 0n);
      if (amount === 0n) {
        throw new ApiError(409, 'nothing_to_claim', 'There is no rebate to claim yet.');
      }
      const detail = Object.fromEntries(
        taken.map((row) => [
          row.game_type,
          {
            validBet: toMoneyString(BigInt(row.valid_bet)),
            amount: toMoneyString(BigInt(row.paid)),
          },
        ]),
      );
      const [claim] = await tx.query<{ id: string }>(
        `insert into rebate_claims (member_id, amount, detail) values ($1, $2, $3) returning id::text`,
        [memberId, amount.toString(), JSON.stringify(detail)],
      );
      const main = await walletId(tx, memberId, null);
      const posted = await postWithin(tx, {
        idempotencyKey: `rebate:${claim!.id}`,
        kind: 'bonus',
        memberId,
        postings: [
          { accountId: await houseAccountId(tx, 'rebates'), amount: -amount },
          { accountId: main, amount },
        ],
        result: { reason: 'rebate', claimId: claim!.id },
      });
      await tx.query('update rebate_claims set ledger_transaction_id = $2 where id = $1', [
        claim!.id,
        posted.transactionId,
      ]);
      return {
        amount: toMoneyString(amount),
        claimId: claim!.id,
        changes: changesOf(posted, memberId, new Map([[main, 'MAIN']])),
      };
    },
    (done) => [{ kind: 'balance', change: done.changes }],
  );
  return { amount: result.amount, claimId: result.claimId };
}

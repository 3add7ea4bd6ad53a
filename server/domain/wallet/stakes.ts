import type { Queryable } from '../../db/types';
import { ApiError } from '../../platform/apiError';
import { walletId } from '../ledger/accounts';
import type { Posting } from '../ledger/post';

/**
 * Where one stake comes from (issue 28, docs/decisions.md "Bonus money"): real money first,
 * then the bonus account for what the main wallet lacks. `real + bonus` is the stake.
 */
export interface StakeFunding {
  main: string;
  /** The member's bonus account, or null when it holds nothing. */
  bonusAccount: string | null;
  real: bigint;
  bonus: bigint;
  /** The two balances before the stake. */
  mainBefore: bigint;
  bonusBefore: bigint;
}

/** A stake account as `STAKE_ACCOUNTS_SQL` reads it. */
export interface StakeAccount {
  id: string;
  kind: string;
  balance: string;
}

/**
 * The stake accounts' read as a column of another statement (issue 31: a bet locks the member,
 * reads its limits and locks its stake accounts in one round trip): the member `$1`'s main and
 * bonus accounts, locked in id order, as `stake_accounts` (JSON). Answer it to `fundStakeFrom`.
 */
export const STAKE_ACCOUNTS_SQL = `(select coalesce(json_agg(json_build_object('id', a.id::text,
    'kind', a.kind, 'balance', a.balance::text) order by a.id), '[]'::json)
   from (select id, kind, balance from ledger_accounts
     where member_id = $1 and kind in ('main', 'bonus') order by id for update) a)
   as stake_accounts`;

/**
 * Splits a stake between the main wallet and the bonus account, from the accounts as read under
 * their row locks (`STAKE_ACCOUNTS_SQL`: held to the end of the bet's transaction, so the split
 * cannot go stale). Read them after the member's row lock. A stake the two together cannot cover
 * is refused (insufficient_funds).
 */
export async function fundStakeFrom(
  tx: Queryable,
  memberId: string,
  stake: bigint,
  accounts: readonly StakeAccount[],
): Promise<StakeFunding> {
  const mainRow = accounts.find((account) => account.kind === 'main');
  const bonusRow = accounts.find((account) => account.kind === 'bonus' && account.balance !== '0');
  const main = mainRow?.id ?? (await walletId(tx, memberId, null));
  const mainBalance = BigInt(mainRow?.balance ?? '0');
  const real = mainBalance < stake ? mainBalance : stake;
  const bonus = stake - real;
  if (bonus > 0n && (!bonusRow || BigInt(bonusRow.balance) < bonus)) {
    throw new ApiError(409, 'insufficient_funds', 'Insufficient balance.');
  }
  return {
    main,
    bonusAccount: bonusRow?.id ?? null,
    real,
    bonus,
    mainBefore: mainBalance,
    bonusBefore: BigInt(bonusRow?.balance ?? '0'),
  };
}

/**
 * What a win pays back to each account: in the proportion the stake came from each, the bonus
 * account's share rounded up (a fraction of a cent never turns bonus money into real money).
 */
export function splitWin(funding: StakeFunding, win: bigint): { real: bigint; bonus: bigint } {
  const stake = funding.real + funding.bonus;
  if (funding.bonus === 0n || stake === 0n) return { real: win, bonus: 0n };
  const real = (win * funding.real) / stake;
  return { real, bonus: win - real };
}

/** The member side of a stake's posting (amounts negative), zero parts left out. */
export function stakePostings(funding: StakeFunding): Posting[] {
  const postings: Posting[] = [];
  if (funding.real > 0n) postings.push({ accountId: funding.main, amount: -funding.real });
  if (funding.bonus > 0n)
    postings.push({ accountId: funding.bonusAccount!, amount: -funding.bonus });
  return postings;
}

/** The member side of a win's posting (amounts positive), zero parts left out. */
export function winPostings(
  funding: StakeFunding,
  win: { real: bigint; bonus: bigint },
): Posting[] {
  const postings: Posting[] = [];
  if (win.real > 0n) postings.push({ accountId: funding.main, amount: win.real });
  if (win.bonus > 0n) postings.push({ accountId: funding.bonusAccount!, amount: win.bonus });
  return postings;
}

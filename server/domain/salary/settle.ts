import {
  type ContractLimits,
  type ContractTerms,
  type ContractType,
  capBasisPoints,
} from '../../../src/shared/contracts';
import { parseMoney, toMoneyString } from '../../../src/shared/money';
import type { Queryable } from '../../db/types';
import type { Platform } from '../../platform/platform';
import { inSavepoint, JobLock } from '../../db/locks';
import { houseAccountId, walletId } from '../ledger/accounts';
import { postWithin } from '../ledger/post';
import type { BalanceChange } from '../ledger/amounts';
import { salaryTotals } from './publish';
import { SETTLE_AFTER_SECONDS } from './periods';
import { salaryNoticeWithin } from '../messages/notices';
import { heldBasisPoints, heldRateSql } from '../contracts/heldRates';
import { commitExclusive } from '../../platform/unitOfWork';

/** Periods settled per run; a run after a long downtime catches up over several ticks. */
const BATCH = 200;

interface DuePeriod {
  agent_id: string;
  contract_type: ContractType;
  period_start: Date;
  period_end: Date;
}

/** The house's result on a bet's real money: its stake less its win, both less bonus parts. */
const REAL_LOSS = '((b.bet_amount - b.bonus_bet_amount) - (b.win_amount - b.bonus_win_amount))';

/**
 * What the agent is paid for a period (its settlement is already inserted, so this runs once
 * per period): per contract, what it earned if its terms' minimums were met — the active members
 * (distinct bettors of the downline's team), the team's valid bet and, for a dividend, the team's
 * net loss on real money (from the bets themselves, less their bonus parts: the accruals are
 * truncated per bet, and the house pays no share of bonus money lost, issue 28).
 *
 * Each accrual's share is taken again under the limits in force now (issue 11): the type's cap
 * and what the agent holds itself today, and for a contract's downline (paid by it since issue
 * 34) what the contract's upline holds today. A limit lowered before the period is paid lowers the
 * pay (pay at the cap); it never raises it above what the bet accrued. A dividend goes through
 * the pair's carry-over (`dividendAfterCarry`).
 */
async function payableWithin(
  tx: Queryable,
  limits: ContractLimits,
  period: DuePeriod,
): Promise<bigint> {
  const capNow = Math.min(
    capBasisPoints(limits, period.contract_type),
    await heldBasisPoints(tx, period.agent_id, period.contract_type),
  );
  const rows = await tx.query<{
    downline_id: string;
    terms: ContractTerms;
    amount: string;
    valid_bet: string;
    team_loss: string;
    bettors: number;
  }>(
    `with c as (
       select c.id, c.downline_id, c.terms,
         ${heldRateSql('c.upline_id', 'c.contract_type')} as upline_held
       from contracts c
       where c.id in (select contract_id from salary_accruals
         where agent_id = $1 and contract_type = $2 and period_start = $3
           and settlement_id is null)
     )
     select c.downline_id::text, c.terms,
       sum(case when a.rate_bp is null then a.amount
         else (case when a.contract_type = 'dividend' then ${REAL_LOSS} else a.valid_bet end)
           * greatest(0, least(a.rate_bp, cap.bp) - least(a.below_bp, cap.bp)) / 10000
         end)::text as amount,
       sum(a.valid_bet)::text as valid_bet,
       sum(${REAL_LOSS})::text as team_loss,
       count(distinct b.member_id)::int as bettors
     from salary_accruals a
     join c on c.id = a.contract_id
     join bets b on b.id = a.bet_id
     -- A downline's share is bounded by what its upline holds now as well (issue 34).
     cross join lateral (select case when a.agent_id = c.downline_id
       then least($4::int, c.upline_held) else $4::int end as bp) cap
     where a.agent_id = $1 and a.contract_type = $2 and a.period_start = $3
       and a.settlement_id is null
     group by c.id, c.downline_id, c.terms order by c.id`,
    [period.agent_id, period.contract_type, period.period_start, capNow],
  );
  let total = 0n;
  for (const row of rows) {
    const amount = BigInt(row.amount);
    const validBet = BigInt(row.valid_bet);
    const meetsTerms =
      row.bettors >= row.terms.activeMembers &&
      validBet >= parseMoney(row.terms.periodBet) &&
      // A dividend is a share of the team's net loss; its minimum is on that loss.
      (period.contract_type !== 'dividend' ||
        BigInt(row.team_loss) >= parseMoney(row.terms.profitLoss));
    if (period.contract_type === 'dividend') {
      total += await dividendAfterCarry(tx, period.agent_id, row.downline_id, amount, meetsTerms);
    } else if (meetsTerms && amount > 0n) total += amount;
  }
  return total;
}

/**
 * The negative carry-over of a dividend (issue 11): without it a colluding pair takes a share
 * of every losing period and keeps every winning one whole, and comes out ahead by alternating.
 * The period's share (negative when the team won) is added to what the pair carries; a positive
 * result is paid when the terms are met, and the carry starts again from 0; a negative one is
 * carried. A losing period that misses the terms pays nothing and leaves the carry as it was.
 */
async function dividendAfterCarry(
  tx: Queryable,
  uplineId: string,
  downlineId: string,
  amount: bigint,
  meetsTerms: boolean,
): Promise<bigint> {
  const [row] = await tx.query<{ amount: string }>(
    `select amount::text from dividend_carry where upline_id = $1 and downline_id = $2
     for update`,
    [uplineId, downlineId],
  );
  const carried = BigInt(row?.amount ?? '0');
  const net = carried + amount;
  let paid = 0n;
  let carry = carried;
  if (net <= 0n) carry = amount < 0n || meetsTerms ? net : carried;
  else if (meetsTerms) {
    paid = net;
    carry = 0n;
  }
  if (carry !== carried) {
    await tx.query(
      `insert into dividend_carry (upline_id, downline_id, amount) values ($1, $2, $3)
       on conflict (upline_id, downline_id) do update set amount = $3, updated_at = now()`,
      [uplineId, downlineId, carry.toString()],
    );
  }
  return paid;
}

/** Settles one period inside the job's transaction: once, whatever the number of runners. */
async function settlePeriod(
  tx: Queryable,
  limits: ContractLimits,
  period: DuePeriod,
): Promise<BalanceChange[]> {
  const [settlement] = await tx.query<{ id: string }>(
    `insert into salary_settlements (agent_id, contract_type, period_start, period_end, amount)
     values ($1, $2, $3, $4, 0)
     on conflict (agent_id, contract_type, period_start) do nothing returning id::text`,
    [period.agent_id, period.contract_type, period.period_start, period.period_end],
  );
  if (!settlement) {
    // Paid before (a late accrual of a settled period): it joins that settlement unpaid, never
    // paying the period twice.
    await tx.query(
      `update salary_accruals a set settlement_id = s.id from salary_settlements s
       where s.agent_id = a.agent_id and s.contract_type = a.contract_type
         and s.period_start = a.period_start and a.settlement_id is null
         and a.agent_id = $1 and a.contract_type = $2 and a.period_start = $3`,
      [period.agent_id, period.contract_type, period.period_start],
    );
    return [];
  }
  // Only now, once per period: the dividend's carry-over moves with what is paid.
  const amount = await payableWithin(tx, limits, period);
  let changes: BalanceChange[] = [];
  if (amount > 0n) {
    await tx.query('update salary_settlements set amount = $2 where id = $1', [
      settlement.id,
      amount.toString(),
    ]);
    const main = await walletId(tx, period.agent_id, null);
    const posted = await postWithin(tx, {
      idempotencyKey: `salary:${period.agent_id}:${period.contract_type}:${period.period_start.toISOString()}`,
      kind: 'salary',
      memberId: period.agent_id,
      postings: [
        { accountId: await houseAccountId(tx, 'salaries'), amount: -amount },
        { accountId: main, amount },
      ],
      result: {
        contractType: period.contract_type,
        periodStart: period.period_start.toISOString(),
        periodEnd: period.period_end.toISOString(),
        amount: toMoneyString(amount),
      },
    });
    await tx.query('update salary_settlements set ledger_transaction_id = $2 where id = $1', [
      settlement.id,
      posted.transactionId,
    ]);
    await salaryNoticeWithin(tx, period.agent_id, {
      contractType: period.contract_type,
      amount: toMoneyString(amount),
      periodStart: new Date(period.period_start).toISOString(),
      periodEnd: new Date(period.period_end).toISOString(),
    });
    // A replayed key moved nothing now: no new balance to tell.
    const entry = posted.balances.get(main);
    if (entry) {
      changes = [
        {
          memberId: period.agent_id,
          wallet: 'MAIN',
          balance: entry.balance,
          entryId: entry.entryId,
        },
      ];
    }
  }
  await tx.query(
    `update salary_accruals set settlement_id = $4
     where agent_id = $1 and contract_type = $2 and period_start = $3 and settlement_id is null`,
    [period.agent_id, period.contract_type, period.period_start, settlement.id],
  );
  return changes;
}

/**
 * The settlement job (issue 6): every period that has ended is paid into its agent's wallet
 * through the ledger, once. Runs once across processes (advisory lock), catches up on every
 * period that ended while the server was down; `asOf` lets tests move the clock.
 */
export async function settleDueSalaries(
  deps: Platform,
  asOf: Date = new Date(),
): Promise<{ ran: boolean; settled: number; failed: number }> {
  const outcome = await commitExclusive(deps, JobLock.salarySettlement, async (work) => {
    const { tx } = work;
    const due = await tx.query<DuePeriod>(
      `select agent_id::text, contract_type, period_start, min(period_end) as period_end
       from salary_accruals where settlement_id is null
         and period_end <= $1::timestamptz - make_interval(secs => $3)
       group by agent_id, contract_type, period_start order by period_start limit $2`,
      [asOf, BATCH, SETTLE_AFTER_SECONDS],
    );
    const changes: BalanceChange[] = [];
    const settled: DuePeriod[] = [];
    let failed = 0;
    for (const period of due) {
      const result = await inSavepoint(tx, () => settlePeriod(tx, deps.config.contracts, period));
      if (result instanceof Error) failed += 1;
      else {
        changes.push(...result);
        settled.push(period);
      }
    }
    // After the commit: the agents' balances, their notices and their settled periods' totals.
    work.changed('balance', changes);
    work.changed('message', {
      memberIds: changes.map((change) => change.memberId),
      reason: 'received',
    });
    work.afterCommit((platform) =>
      salaryTotals(
        platform,
        settled.map((period) => ({
          agentId: period.agent_id,
          contractType: period.contract_type,
          periodStart: new Date(period.period_start),
          periodEnd: new Date(period.period_end),
          settled: true,
        })),
      ),
    );
    return { changes, settled, failed };
  });
  if (!outcome.ran) return { ran: false, settled: 0, failed: 0 };
  return { ran: true, settled: outcome.result.settled.length, failed: outcome.result.failed };
}

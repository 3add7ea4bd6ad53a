import type { ContractTerms, ContractType } from '../../../src/shared/contracts';
import { parseMoney, toMoneyString } from '../../../src/shared/money';
import type { Queryable } from '../../db/types';
import type { AppDeps } from '../../http/deps';
import { inSavepoint, JobLock, runExclusive } from '../../jobs/exclusive';
import { houseAccountId, walletId } from '../ledger/accounts';
import { postWithin } from '../ledger/post';
import type { BalanceChange } from '../ledger/wallets';
import { publishSalary } from './publish';
import { salaryNoticeWithin } from '../messages/notices';

/** Periods settled per run; a run after a long downtime catches up over several ticks. */
const BATCH = 200;
/**
 * A period is settled this long after it ended: a bet's transaction that began inside the
 * period (its accrual carries that period) has committed by then, so no accrual arrives after
 * its period was paid.
 */
const SETTLE_AFTER_SECONDS = 60;

interface DuePeriod {
  agent_id: string;
  contract_type: ContractType;
  period_start: Date;
  period_end: Date;
}

/**
 * What one contract earned in a period, if its terms' minimums were met: the active members
 * (distinct bettors of the downline's team), the team's valid bet and, for a dividend, the
 * team's net loss (from the bets themselves: the accruals are truncated per bet).
 */
async function payableOf(tx: Queryable, period: DuePeriod): Promise<bigint> {
  const rows = await tx.query<{
    terms: ContractTerms;
    amount: string;
    valid_bet: string;
    team_loss: string;
    bettors: number;
  }>(
    `select c.terms, sum(a.amount)::text as amount, sum(a.valid_bet)::text as valid_bet,
       sum(b.bet_amount - b.win_amount)::text as team_loss,
       count(distinct b.member_id)::int as bettors
     from salary_accruals a
     join contracts c on c.id = a.contract_id
     join bets b on b.id = a.bet_id
     where a.agent_id = $1 and a.contract_type = $2 and a.period_start = $3
       and a.settlement_id is null
     group by c.id, c.terms`,
    [period.agent_id, period.contract_type, period.period_start],
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
    if (meetsTerms && amount > 0n) total += amount;
  }
  return total;
}

/** Settles one period inside the job's transaction: once, whatever the number of runners. */
async function settlePeriod(tx: Queryable, period: DuePeriod): Promise<BalanceChange[]> {
  const amount = await payableOf(tx, period);
  const [settlement] = await tx.query<{ id: string }>(
    `insert into salary_settlements (agent_id, contract_type, period_start, period_end, amount)
     values ($1, $2, $3, $4, $5)
     on conflict (agent_id, contract_type, period_start) do nothing returning id::text`,
    [
      period.agent_id,
      period.contract_type,
      period.period_start,
      period.period_end,
      amount.toString(),
    ],
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
  let changes: BalanceChange[] = [];
  if (amount > 0n) {
    const main = await walletId(tx, period.agent_id, null);
    const posted = await postWithin(tx, {
      idempotencyKey: `salary:${period.agent_id}:${period.contract_type}:${period.period_start.toISOString()}`,
      kind: 'salary',
      memberId: period.agent_id,
      postings: [
        { accountId: await houseAccountId(tx, 'salaries'), amount: -amount },
        { accountId: main, amount },
      ],
      describe: () => ({
        contractType: period.contract_type,
        periodStart: period.period_start.toISOString(),
        periodEnd: period.period_end.toISOString(),
        amount: toMoneyString(amount),
      }),
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
  deps: AppDeps,
  asOf: Date = new Date(),
): Promise<{ ran: boolean; settled: number; failed: number }> {
  const outcome = await runExclusive(deps.db, JobLock.salarySettlement, async (tx) => {
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
      const result = await inSavepoint(tx, () => settlePeriod(tx, period));
      if (result instanceof Error) failed += 1;
      else {
        changes.push(...result);
        settled.push(period);
      }
    }
    return { changes, settled, failed };
  });
  if (!outcome.ran) return { ran: false, settled: 0, failed: 0 };
  // After the commit: the agents' balances and their settled periods.
  deps.balanceEvents.announce(outcome.result.changes);
  deps.messageEvents.announce({
    memberIds: outcome.result.changes.map((change) => change.memberId),
    reason: 'received',
  });
  await publishSalary(
    deps,
    outcome.result.settled.map((period) => ({
      agentId: period.agent_id,
      contractType: period.contract_type,
      periodStart: new Date(period.period_start),
      periodEnd: new Date(period.period_end),
      settled: true,
    })),
  );
  return { ran: true, settled: outcome.result.settled.length, failed: outcome.result.failed };
}

import {
  type ContractTerms,
  type ContractType,
  parseRateBasisPoints,
} from '../../../src/shared/contracts';
import { MAX_TEAM_DEPTH } from '../../../src/shared/agentReports';
import type { Queryable } from '../../db/types';
import { periodOf } from './periods';

/** One accrual made by a bet, for the `salary` socket event after the commit. */
export interface Accrued {
  agentId: string;
  contractType: ContractType;
  periodStart: Date;
  periodEnd: Date;
}

/** What a bet earns under a rate: salaries on the valid bet, dividends on the house's result. */
function earned(
  type: ContractType,
  basisPoints: bigint,
  bet: { valid: bigint; stake: bigint; win: bigint },
) {
  const base = type === 'dividend' ? bet.stake - bet.win : bet.valid;
  // Integer minor units; BigInt division truncates toward zero, never rounding money up.
  return (base * basisPoints) / 10_000n;
}

/**
 * Called inside the bet's own transaction: every contract in effect whose downline placed the
 * bet, or has the bettor in its team, accrues its agent's salary at once (issue 6). A contract
 * is on its downline's team (the downline and everyone under it), as its terms are: "active
 * members" and "period bet" are the team's. So a bet earns each agent up the bettor's chain that
 * holds a contract with the next one down, each at its own rate.
 */
export async function accrueWithin(
  tx: Queryable,
  bet: { id: string; memberId: string; valid: bigint; stake: bigint; win: bigint; at: Date },
): Promise<Accrued[]> {
  const contracts = await tx.query<{
    id: string;
    upline_id: string;
    contract_type: ContractType;
    terms: ContractTerms;
  }>(
    // The bettor and its uplines (bounded, as the team walk is), then their contracts.
    `with recursive chain (id, depth) as (
       select $1::bigint, 0
       union all
       select m.upline_id, chain.depth + 1 from members m join chain on m.id = chain.id
       where m.upline_id is not null and chain.depth < ${MAX_TEAM_DEPTH}
     )
     select c.id::text, c.upline_id::text, c.contract_type, c.terms
     from contracts c join chain on c.downline_id = chain.id
     where c.state in ('active', 'terminationRequested')
     order by c.id`,
    [bet.memberId],
  );
  const accrued: Accrued[] = [];
  for (const contract of contracts) {
    const period = periodOf(contract.contract_type, bet.at);
    const amount = earned(
      contract.contract_type,
      BigInt(parseRateBasisPoints(contract.terms.rate)),
      bet,
    );
    await tx.query(
      `insert into salary_accruals (contract_id, agent_id, bet_id, contract_type, amount, valid_bet,
         period_start, period_end)
       values ($1, $2, $3, $4, $5, $6, $7, $8) on conflict (contract_id, bet_id) do nothing`,
      [
        contract.id,
        contract.upline_id,
        bet.id,
        contract.contract_type,
        amount.toString(),
        bet.valid.toString(),
        period.start,
        period.end,
      ],
    );
    accrued.push({
      agentId: contract.upline_id,
      contractType: contract.contract_type,
      periodStart: period.start,
      periodEnd: period.end,
    });
  }
  return accrued;
}

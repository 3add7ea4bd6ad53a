import {
  type ContractLimits,
  type ContractTerms,
  type ContractType,
  capBasisPoints,
  parseRateBasisPoints,
  payBasisOf,
  shareBasisPoints,
  splitChain,
} from '../../../src/shared/contracts';
import { MAX_TEAM_DEPTH } from '../../../src/shared/agentReports';
import type { Queryable } from '../../db/types';
import { heldRateSql } from '../contracts/heldRates';
import { periodOf } from './periods';

/** One accrual made by a bet, for the `salary` socket event after the commit. */
export interface Accrued {
  agentId: string;
  contractType: ContractType;
  periodStart: Date;
  periodEnd: Date;
}

/** What a bet earns at a share (basis points): salaries on the valid bet, dividends on the
 * house's result (negative when the team won). */
function earned(
  type: ContractType,
  basisPoints: number,
  bet: { valid: bigint; stake: bigint; win: bigint },
) {
  const base = payBasisOf(type) === 'loss' ? bet.stake - bet.win : bet.valid;
  // Integer minor units; BigInt division truncates toward zero, never rounding money up.
  return (base * BigInt(basisPoints)) / 10_000n;
}

/**
 * Called inside the bet's own transaction: every contract in effect whose downline placed the
 * bet, or has the bettor in its team, accrues its agent's salary at once (issue 6). A contract
 * is on its downline's team (the downline and everyone under it), as its terms are: "active
 * members" and "period bet" are the team's. So a bet earns each agent up the bettor's chain that
 * holds a contract with the next one down.
 *
 * What each earns is bounded (issue 11): a contract's rate counts only up to what its upline
 * holds itself and the operator's cap, and the chain is split by level difference
 * (`splitChain`): nearest the bettor first, each contract earns its rate minus the highest one
 * below it on the same basis, so the chain together never earns more than the cap.
 */
export async function accrueWithin(
  tx: Queryable,
  limits: ContractLimits,
  bet: { id: string; memberId: string; valid: bigint; stake: bigint; win: bigint; at: Date },
): Promise<Accrued[]> {
  const contracts = await tx.query<{
    id: string;
    upline_id: string;
    contract_type: ContractType;
    terms: ContractTerms;
    held_bp: number;
  }>(
    // The bettor and its uplines (bounded, as the team walk is), then their contracts, nearest
    // the bettor first, each with what its upline holds.
    `with recursive chain (id, depth) as (
       select $1::bigint, 0
       union all
       select m.upline_id, chain.depth + 1 from members m join chain on m.id = chain.id
       where m.upline_id is not null and chain.depth < ${MAX_TEAM_DEPTH}
     )
     select c.id::text, c.upline_id::text, c.contract_type, c.terms,
       ${heldRateSql('c.upline_id', 'c.contract_type')} as held_bp
     from contracts c join chain on c.downline_id = chain.id
     where c.state in ('active', 'terminationRequested')
     order by chain.depth, c.id`,
    [bet.memberId],
  );
  const shares = splitChain(
    limits,
    contracts.map((contract) => ({
      contractType: contract.contract_type,
      rateBasisPoints: Math.min(
        parseRateBasisPoints(contract.terms.rate),
        Number(contract.held_bp),
      ),
    })),
  );
  const accrued: Accrued[] = [];
  for (const [index, contract] of contracts.entries()) {
    const share = shares[index]!;
    const period = periodOf(contract.contract_type, bet.at);
    const amount = earned(
      contract.contract_type,
      shareBasisPoints(share, capBasisPoints(limits, contract.contract_type)),
      bet,
    );
    await tx.query(
      `insert into salary_accruals (contract_id, agent_id, bet_id, contract_type, amount, valid_bet,
         period_start, period_end, rate_bp, below_bp)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) on conflict (contract_id, bet_id) do nothing`,
      [
        contract.id,
        contract.upline_id,
        bet.id,
        contract.contract_type,
        amount.toString(),
        bet.valid.toString(),
        period.start,
        period.end,
        share.rateBasisPoints,
        share.belowBasisPoints,
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

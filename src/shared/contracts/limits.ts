import { type ContractType, formatRate, parseRateBasisPoints } from './terms';

/**
 * What the house pays its agents, bounded (issue 11): the operator's caps per contract type, and
 * the split of one bet's pay up the bettor's chain so that the chain together never earns more
 * than the cap. Page and server share it: the offer form shows the same maximum the server
 * enforces, and the accrual and the settlement pay by the same split.
 */
export interface ContractLimits {
  /** The highest rate of each type, a percentage string ("1.50"). */
  maxRate: Record<ContractType, string>;
  /**
   * The three salaries are all paid on the same valid bet: together, up the whole chain, they
   * pay at most this share of it. Without it a pair could stack a real-time, an hourly and a
   * daily salary on one downline and be paid three caps.
   */
  maxTurnoverRate: string;
}

/** What a contract's pay is a share of: the valid bet (salaries) or the house's result. */
export type PayBasis = 'turnover' | 'loss';

export function payBasisOf(type: ContractType): PayBasis {
  return type === 'dividend' ? 'loss' : 'turnover';
}

/** The cap of a type in basis points: its own maximum, and for a salary the turnover cap too. */
export function capBasisPoints(limits: ContractLimits, type: ContractType): number {
  const own = parseRateBasisPoints(limits.maxRate[type]);
  return payBasisOf(type) === 'turnover'
    ? Math.min(own, parseRateBasisPoints(limits.maxTurnoverRate))
    : own;
}

/**
 * The highest rate an agent may offer a downline: the type's cap, and never more than the agent
 * holds itself for that type (from its own upline's contract, or set by the operator).
 */
export function offerableBasisPoints(
  limits: ContractLimits,
  type: ContractType,
  heldBasisPoints: number,
): number {
  return Math.max(0, Math.min(capBasisPoints(limits, type), heldBasisPoints));
}

/** The same, as the percentage string the page shows ("1.50"). */
export function offerableRate(
  limits: ContractLimits,
  type: ContractType,
  heldBasisPoints: number,
): string {
  return formatRate(offerableBasisPoints(limits, type, heldBasisPoints));
}

/** One contract in effect on a bettor's chain, nearest the bettor first. */
export interface ChainContract {
  contractType: ContractType;
  /** Its rate, already bounded by what its upline holds (basis points). */
  rateBasisPoints: number;
}

/** What one chain contract is paid for one bet: its bounded rate and the part of it below. */
export interface ChainShare {
  /** min(rate, cap of its type). */
  rateBasisPoints: number;
  /** The highest bounded rate of the same pay basis nearer the bettor (0 if none). */
  belowBasisPoints: number;
}

/**
 * The differential split of one bet (the affiliate industry's "level difference"): walking up
 * from the bettor, each contract of a pay basis is paid its rate minus the highest rate already
 * paid below it on that basis, never less than 0. So the chain together earns the highest rate
 * on it, which is at most the cap — however deep the chain, however many salary types are
 * stacked. `shareBasisPoints` turns a share into basis points of the bet.
 */
export function splitChain(limits: ContractLimits, chain: ChainContract[]): ChainShare[] {
  const highest: Record<PayBasis, number> = { turnover: 0, loss: 0 };
  return chain.map((contract) => {
    const basis = payBasisOf(contract.contractType);
    const rate = Math.max(
      0,
      Math.min(contract.rateBasisPoints, capBasisPoints(limits, contract.contractType)),
    );
    const share = { rateBasisPoints: rate, belowBasisPoints: highest[basis] };
    highest[basis] = Math.max(highest[basis], rate);
    return share;
  });
}

/** A share under (possibly lower) caps now: max(0, min(rate, cap) − min(below, cap)). */
export function shareBasisPoints(share: ChainShare, capNow: number): number {
  return Math.max(
    0,
    Math.min(share.rateBasisPoints, capNow) - Math.min(share.belowBasisPoints, capNow),
  );
}

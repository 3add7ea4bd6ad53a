import { parseMoney } from '../money';

/**
 * What a contract between an upline and a downline says (spec 3: "dividend/daily/hourly/
 * real-time salary contracts (rate, active members, period bet, profit/loss)").
 *
 * The settlement of each type is the salary job's; this module only fixes the shape and the
 * rule that compares two contracts. Nothing here is a float: rates are percentage strings
 * parsed to integer basis points, amounts are decimal money strings (ARCHITECTURE, Money).
 */
export const CONTRACT_TYPES = [
  'dividend',
  'dailySalary',
  'hourlySalary',
  'realTimeSalary',
] as const;
export type ContractType = (typeof CONTRACT_TYPES)[number];

export function isContractType(value: unknown): value is ContractType {
  return typeof value === 'string' && (CONTRACT_TYPES as readonly string[]).includes(value);
}

/**
 * The relay call behind each type (spec 7). The names are the platform's; the method differs
 * per call and is kept as the spec gives it.
 */
export const contractRelays = {
  dividend: { name: 'MCS2_processDividendReq', method: 'GET' },
  dailySalary: { name: 'MCS2_processDailySalContract', method: 'GET' },
  hourlySalary: { name: 'MCS2_processContractHourSalary', method: 'POST' },
  realTimeSalary: { name: 'MCSFE_processRealTimeSalaryContract', method: 'POST' },
} as const satisfies Record<ContractType, { name: string; method: 'GET' | 'POST' }>;

/**
 * One contract's terms. The three requirements are minimums the downline's team must reach in
 * a period for the rate to apply; "0" means no requirement.
 */
export interface ContractTerms {
  /**
   * Percentage with at most two decimals, above 0 and at most 100: "1.5" is 1.5 % (150 basis
   * points). A percentage string because that is what the upline types and the page shows;
   * basis points (an integer) because two decimals of a percent are the finest the platform
   * needs, so comparisons are exact integer comparisons.
   */
  rate: string;
  /** Minimum number of active members (members who bet in the period): an integer ≥ 0. */
  activeMembers: number;
  /** Minimum total bet of the team in the period: a money string ("5000.00"). */
  periodBet: string;
  /**
   * Minimum profit/loss of the team in the period, seen from the house: the players' net loss,
   * a money string ("0.00" when the contract pays regardless).
   */
  profitLoss: string;
}

/** The highest rate: a downline never gets more than everything. */
export const MAX_RATE_BASIS_POINTS = 10_000;
const MAX_ACTIVE_MEMBERS = 1_000_000;

/** "1.5" → 150. Throws on anything that is not a plain percentage with ≤ 2 decimals. */
export function parseRateBasisPoints(rate: string): number {
  const match = /^(\d{1,3})(?:\.(\d{1,2}))?$/.exec(rate);
  if (!match) throw new RangeError(`not a rate: ${rate}`);
  const [, whole = '0', fraction = ''] = match;
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

/** 150 → "1.50": the canonical form the server stores and answers with. */
export function formatRate(basisPoints: number): string {
  if (!Number.isSafeInteger(basisPoints) || basisPoints < 0) {
    throw new RangeError(`not a rate in basis points: ${basisPoints}`);
  }
  return `${Math.floor(basisPoints / 100)}.${String(basisPoints % 100).padStart(2, '0')}`;
}

/** Which term is wrong, or null: the offer guard and the server's 400 message both use it. */
export function contractTermsProblem(terms: ContractTerms): keyof ContractTerms | null {
  let basisPoints: number;
  try {
    // Terms arrive from JSON: check the types too, not only the text.
    if (typeof terms.rate !== 'string') return 'rate';
    basisPoints = parseRateBasisPoints(terms.rate);
  } catch {
    return 'rate';
  }
  if (basisPoints <= 0 || basisPoints > MAX_RATE_BASIS_POINTS) return 'rate';
  const members = terms.activeMembers;
  if (!Number.isSafeInteger(members) || members < 0 || members > MAX_ACTIVE_MEMBERS) {
    return 'activeMembers';
  }
  if (!isMoney(terms.periodBet)) return 'periodBet';
  if (!isMoney(terms.profitLoss)) return 'profitLoss';
  return null;
}

function isMoney(text: unknown): boolean {
  if (typeof text !== 'string' || text !== text.trim()) return false;
  try {
    parseMoney(text);
    return true;
  } catch {
    return false;
  }
}

/** What the supersede rule needs to know of a contract: its type and its rate. */
export interface RatedContract {
  contractType: ContractType;
  terms: Pick<ContractTerms, 'rate'>;
}

/**
 * Spec 4: "Accepting a new contract with a lower rate ends the existing contract with that
 * downline." True when accepting `offered` ends `existing`:
 *
 * - same contract type only: a dividend contract and a salary contract pay for different things,
 *   so a downline holds one of each type at most and they never replace each other;
 * - "lower" is the rate alone, strictly lower in basis points ("1.5" and "1.50" are equal).
 *   The other terms are conditions on when the rate applies, not what it is worth, so a lower
 *   rate supersedes even when its requirements are looser or stricter.
 *
 * The caller picks `existing` among the downline's contracts with this upline that are still
 * in effect (`contractInEffect`). Malformed rates throw rather than answer "no": stored and
 * offered terms have been validated, so a bad one is a bug to surface.
 *
 * A same-type offer whose rate is not lower than a contract in effect is refused when offered
 * (`contract_rate_not_lower`): two contracts of one type cannot both pay, and the spec gives
 * no rule for raising a rate. To raise it, the upline requests termination and offers anew.
 */
export function lowerRateSupersedes(existing: RatedContract, offered: RatedContract): boolean {
  if (existing.contractType !== offered.contractType) return false;
  return parseRateBasisPoints(offered.terms.rate) < parseRateBasisPoints(existing.terms.rate);
}

import {
  CONTRACT_TYPES,
  type ContractLimits,
  capBasisPoints,
  formatRate,
} from '../../../src/shared/contracts';
import { drawRtp } from '../games/demoVendor/drawEngine';
import { slotRtp } from '../games/demoVendor/slotEngine';

/**
 * The house's edge on the games agents' teams play, in basis points of the bet (rounded down):
 * the built-in vendor's best return to player. Salaries and dividends are paid out of it.
 */
export function houseEdgeBasisPoints(): number {
  return Math.floor((1 - Math.max(slotRtp(), drawRtp())) * 10_000);
}

/**
 * What one valid bet can cost the house in agents' pay at worst, in basis points of the bet
 * (hundredths): the turnover cap, plus the dividend cap's share of the house's expected result.
 */
export function worstPayPerBet(limits: ContractLimits, edge: number): number {
  const turnover = Math.max(
    ...CONTRACT_TYPES.filter((type) => type !== 'dividend').map((type) =>
      capBasisPoints(limits, type),
    ),
  );
  return turnover + (capBasisPoints(limits, 'dividend') * edge) / 10_000;
}

/**
 * The operator's contract caps (`contracts` in config/platform.json, issue 11) against the
 * games' edge: if salaries and the dividend together paid more than the house keeps, an agent
 * and its own downline would come out ahead by just playing. Answers what is wrong (nothing
 * when the caps are safe); the platform refuses to start with it (server/boot.ts).
 */
export function contractBudgetIssues(limits: ContractLimits): { path: string; message: string }[] {
  const edge = houseEdgeBasisPoints();
  const worst = worstPayPerBet(limits, edge);
  if (worst < edge) return [];
  return [
    {
      path: 'contracts.maxTurnoverRate',
      message:
        `salaries (${formatRate(Math.round(worst - (capBasisPoints(limits, 'dividend') * edge) / 10_000))} % ` +
        `of turnover) plus the dividend cap (${limits.maxRate.dividend} % of the house's result) ` +
        `would pay ${(worst / 100).toFixed(2)} % of every bet, not less than the games' house edge ` +
        `(${formatRate(edge)} %): an agent and its own downline would win by playing. Lower them.`,
    },
  ];
}

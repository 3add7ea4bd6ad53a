import type { TFunction } from 'i18next';
import type { ContractView } from '../../../api/contracts';
import { contractInEffect, payBasisOf } from '../../../shared/contracts';

/**
 * Who earns what under a contract that is offered or in effect, said to the side reading it
 * (issue 34): the downline is paid the contract's rate on its team's valid bets (the dividend:
 * on its team's net loss), the upline keeps the difference up to the rate it holds. An ended
 * contract pays no one: null.
 */
export function whoEarnsText(t: TFunction, contract: ContractView): string | null {
  const moment =
    contract.state === 'offered' ? 'offered' : contractInEffect(contract.state) ? 'current' : null;
  if (!moment) return null;
  return t(`contracts.whoEarns_${contract.role}_${moment}_${payBasisOf(contract.contractType)}`, {
    upline: contract.upline.account,
    downline: contract.downline.account,
    rate: contract.terms.rate,
  });
}

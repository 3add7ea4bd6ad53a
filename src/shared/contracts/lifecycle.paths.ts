import type { PathModel } from '../pathModel';
import { contractLifecycleMachine } from './lifecycle';

const OFFER = {
  type: 'contract.offer',
  contractType: 'dividend',
  terms: { rate: '1.5', activeMembers: 5, periodBet: '10000.00', profitLoss: '500.00' },
};

/**
 * A contract's paths (issue 15): the upline offers (a dividend contract with requirements, or a
 * real-time salary contract with none) or withdraws the offer; the downline accepts or rejects
 * it, and answers the upline's request to end it; the system supersedes a contract in effect
 * when the downline accepts a lower-rate one of the same type.
 */
export const contractLifecyclePaths: PathModel<typeof contractLifecycleMachine> = {
  id: 'contractLifecycle',
  machine: contractLifecycleMachine,
  // The state alone: the type and terms change the card's text, not what it offers.
  key: ({ value }) => String(value),
  events: ({ value }) => {
    const supersede = {
      label: 'supersede',
      event: { type: 'contract.supersede', byContractId: '2' },
    };
    switch (value) {
      case 'none':
        return [
          { label: 'offer', event: OFFER },
          {
            label: 'offer:realTimeSalary',
            event: {
              ...OFFER,
              contractType: 'realTimeSalary',
              terms: { rate: '0.25', activeMembers: 0, periodBet: '0', profitLoss: '0' },
            },
          },
        ];
      case 'offered':
        return [
          { label: 'accept', event: { type: 'contract.accept' } },
          { label: 'reject', event: { type: 'contract.reject' } },
          { label: 'withdrawOffer', event: { type: 'contract.withdrawOffer' } },
        ];
      case 'active':
        return [
          { label: 'requestTermination', event: { type: 'contract.requestTermination' } },
          supersede,
        ];
      case 'terminationRequested':
        return [
          { label: 'acceptTermination', event: { type: 'contract.acceptTermination' } },
          { label: 'rejectTermination', event: { type: 'contract.rejectTermination' } },
          supersede,
        ];
      default:
        return [];
    }
  },
};

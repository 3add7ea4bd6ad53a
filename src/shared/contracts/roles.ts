import {
  canApply,
  contractOfferProblem,
  type ContractEvent,
  type ContractEventType,
  type ContractState,
} from './lifecycle';

/**
 * Who may send which lifecycle event, the moves each side has in a state (the buttons a page
 * shows), and the refusal the server answers with for everything else.
 */
export type ContractRole = 'upline' | 'downline' | 'system';

/**
 * Spec 6: "The upline offers; the downline accepts or rejects." Termination is the upline's
 * request (spec 4 "Requests: new contract, termination"), so the downline answers that too. Only
 * the server sends `contract.supersede`, inside the transaction that accepts the new contract.
 */
export const contractEventRoles = {
  'contract.offer': 'upline',
  'contract.withdrawOffer': 'upline',
  'contract.requestTermination': 'upline',
  'contract.accept': 'downline',
  'contract.reject': 'downline',
  'contract.acceptTermination': 'downline',
  'contract.rejectTermination': 'downline',
  'contract.supersede': 'system',
} as const satisfies Record<ContractEventType, ContractRole>;

type EventsOf<R extends ContractRole> = {
  [K in ContractEventType]: (typeof contractEventRoles)[K] extends R ? K : never;
}[ContractEventType];

const eventsOf = <R extends ContractRole>(role: R) =>
  (Object.keys(contractEventRoles) as ContractEventType[]).filter(
    (type) => contractEventRoles[type] === role,
  ) as EventsOf<R>[];

export const uplineContractEvents: readonly EventsOf<'upline'>[] = eventsOf('upline');
export const downlineContractEvents: readonly EventsOf<'downline'>[] = eventsOf('downline');
export const systemContractEvents: readonly EventsOf<'system'>[] = eventsOf('system');

/** A well-formed event of each type, so that only the state decides in `contractActionsIn`. */
const placeholders: { [K in ContractEventType]: Extract<ContractEvent, { type: K }> } = {
  'contract.offer': {
    type: 'contract.offer',
    contractType: 'dividend',
    terms: { rate: '1', activeMembers: 0, periodBet: '0', profitLoss: '0' },
  },
  'contract.withdrawOffer': { type: 'contract.withdrawOffer' },
  'contract.accept': { type: 'contract.accept' },
  'contract.reject': { type: 'contract.reject' },
  'contract.requestTermination': { type: 'contract.requestTermination' },
  'contract.acceptTermination': { type: 'contract.acceptTermination' },
  'contract.rejectTermination': { type: 'contract.rejectTermination' },
  'contract.supersede': { type: 'contract.supersede', byContractId: 'placeholder' },
};

/** The actions `role` may take on a contract in `state`: the buttons a page shows. */
export function contractActionsIn(state: ContractState, role: ContractRole): ContractEventType[] {
  return eventsOf(role).filter((type) => canApply(state, placeholders[type]));
}

// ---- Refusals ----------------------------------------------------------------------------

/**
 * Stable keys for every refusal (the page translates by key). The last two are the server's
 * checks across a downline's contracts, at offer and again at acceptance: a same-type contract
 * in effect whose rate the offer does not undercut (`lowerRateSupersedes`), and a second open
 * offer of one type to one downline.
 */
export type ContractRefusalCode =
  | 'contract_wrong_party'
  | 'contract_illegal_transition'
  | 'contract_invalid_terms'
  | 'contract_invalid_request'
  | 'contract_rate_not_lower'
  | 'contract_offer_pending';

export interface ContractRefusal {
  code: ContractRefusalCode;
  httpStatus: 400 | 403 | 409;
  message: string;
  /** The offending field, for the invalid ones. */
  field?: string;
}

const doing: Record<ContractEventType, string> = {
  'contract.offer': 'offer a contract',
  'contract.withdrawOffer': 'withdraw the offer',
  'contract.accept': 'accept the contract',
  'contract.reject': 'reject the contract',
  'contract.requestTermination': 'request termination',
  'contract.acceptTermination': 'accept the termination',
  'contract.rejectTermination': 'reject the termination',
  'contract.supersede': 'end it for a lower-rate contract',
};

const describeState: Record<ContractState, string> = {
  none: 'not offered yet',
  offered: 'waiting for the downline to answer the offer',
  active: 'in effect',
  terminationRequested: 'waiting for the downline to answer the termination request',
  rejected: 'rejected',
  withdrawn: 'withdrawn',
  terminated: 'terminated',
  superseded: 'ended by a lower-rate contract',
};

/**
 * Null when `role` may send `event` to a contract in `state`; otherwise why not, most basic
 * reason first: the wrong side (403), the wrong moment (409), then malformed details (400).
 * Whether the caller really is this contract's upline or downline is the server's to check.
 */
export function refuseContractAction(
  state: ContractState,
  event: ContractEvent,
  role: ContractRole,
): ContractRefusal | null {
  const owner = contractEventRoles[event.type];
  if (owner !== role) {
    const who = owner === 'system' ? 'the platform' : `the ${owner}`;
    return {
      code: 'contract_wrong_party',
      httpStatus: 403,
      message: `Only ${who} may ${doing[event.type]}.`,
    };
  }
  if (!canApply(state, placeholders[event.type])) {
    return {
      code: 'contract_illegal_transition',
      httpStatus: 409,
      message: `This contract is ${describeState[state]}: you cannot ${doing[event.type]} now.`,
    };
  }
  if (canApply(state, event)) return null;
  if (event.type === 'contract.offer') {
    const field = contractOfferProblem(event) ?? 'terms';
    return {
      code: 'contract_invalid_terms',
      httpStatus: 400,
      message: `The offer's ${field} is not valid.`,
      field,
    };
  }
  return {
    code: 'contract_invalid_request',
    httpStatus: 400,
    message: `Cannot ${doing[event.type]}: the request is not well formed.`,
  };
}

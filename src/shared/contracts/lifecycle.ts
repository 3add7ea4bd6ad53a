import { assign, setup, transition } from 'xstate';
import {
  type ContractTerms,
  type ContractType,
  contractTermsProblem,
  formatRate,
  isContractType,
  parseRateBasisPoints,
} from './terms';

/**
 * The contract lifecycle (spec 4 and 6), one definition for the pages and the server: a page
 * offers only the actions the current state accepts from its side; the server replays the
 * stored state, checks who is asking (`refuseContractAction`, roles.ts), and stores what
 * `nextContractState` returns.
 *
 * The upline offers a contract (or asks to end one in effect); the downline accepts or
 * rejects. The system ends a contract when the downline accepts a same-type contract with a
 * lower rate (`lowerRateSupersedes`). An offer may be withdrawn until it is answered, so an
 * upline's mistake does not wait on the downline.
 *
 *   none                  offer → offered
 *   offered               accept → active · reject → rejected · withdrawOffer → withdrawn
 *   active                requestTermination → terminationRequested · supersede → superseded
 *   terminationRequested  acceptTermination → terminated · rejectTermination → active
 *                         · supersede → superseded
 *   rejected, withdrawn, terminated, superseded: final
 *
 * `none` is never stored: the server creates the row with the state that `contract.offer` leads
 * to, so the offer's terms are checked by the same guard as everything else.
 */
export type ContractEvent =
  | { type: 'contract.offer'; contractType: ContractType; terms: ContractTerms }
  | { type: 'contract.withdrawOffer' }
  | { type: 'contract.accept' }
  | { type: 'contract.reject' }
  | { type: 'contract.requestTermination' }
  | { type: 'contract.acceptTermination' }
  | { type: 'contract.rejectTermination' }
  /** The system's: the downline accepted contract `byContractId`, same type, lower rate. */
  | { type: 'contract.supersede'; byContractId: string };

export type ContractEventType = ContractEvent['type'];

export const CONTRACT_STATES = [
  'none',
  'offered',
  'active',
  'terminationRequested',
  'rejected',
  'withdrawn',
  'terminated',
  'superseded',
] as const;
export type ContractState = (typeof CONTRACT_STATES)[number];
/** The states a contract row can hold. */
export type StoredContractState = Exclude<ContractState, 'none'>;

export interface ContractContext {
  contractType: ContractType | null;
  /** As offered, with the rate in canonical form ("1.50"). */
  terms: ContractTerms | null;
  /** The accepted lower-rate contract that ended this one. */
  supersededBy: string | null;
}

export const emptyContractContext: ContractContext = {
  contractType: null,
  terms: null,
  supersededBy: null,
};

/** Which field of an offer is wrong, or null. */
export function contractOfferProblem(
  event: Extract<ContractEvent, { type: 'contract.offer' }>,
): 'contractType' | keyof ContractTerms | null {
  if (!isContractType(event.contractType)) return 'contractType';
  if (typeof event.terms !== 'object' || event.terms === null) return 'rate';
  return contractTermsProblem(event.terms);
}

export const contractLifecycleMachine = setup({
  types: { context: {} as ContractContext, events: {} as ContractEvent },
  guards: {
    wellFormedOffer: ({ event }) =>
      event.type === 'contract.offer' && contractOfferProblem(event) === null,
    namesTheNewContract: ({ event }) =>
      event.type === 'contract.supersede' &&
      typeof event.byContractId === 'string' &&
      event.byContractId.trim() !== '',
  },
}).createMachine({
  id: 'contractLifecycle',
  initial: 'none',
  context: emptyContractContext,
  states: {
    // Nothing yet: only the upline can start, by offering terms.
    none: {
      on: {
        'contract.offer': {
          guard: 'wellFormedOffer',
          target: 'offered',
          actions: assign(({ event }) => ({
            contractType: event.contractType,
            terms: { ...event.terms, rate: formatRate(parseRateBasisPoints(event.terms.rate)) },
          })),
        },
      },
    },
    // Spec "in process" (a new-contract request): the downline answers, or the upline withdraws.
    offered: {
      on: {
        'contract.accept': 'active',
        'contract.reject': 'rejected',
        'contract.withdrawOffer': 'withdrawn',
      },
    },
    // Spec "approved": in effect and paid by the salary job.
    active: {
      on: {
        'contract.requestTermination': 'terminationRequested',
        'contract.supersede': {
          guard: 'namesTheNewContract',
          target: 'superseded',
          actions: assign({ supersededBy: ({ event }) => event.byContractId }),
        },
      },
    },
    // Spec "in process" (a termination request): still in effect until the downline agrees.
    terminationRequested: {
      on: {
        'contract.acceptTermination': 'terminated',
        'contract.rejectTermination': 'active',
        'contract.supersede': {
          guard: 'namesTheNewContract',
          target: 'superseded',
          actions: assign({ supersededBy: ({ event }) => event.byContractId }),
        },
      },
    },
    rejected: { type: 'final' },
    withdrawn: { type: 'final' },
    terminated: { type: 'final' },
    superseded: { type: 'final' },
  },
});

const snapshotAt = (state: ContractState, context: ContractContext = emptyContractContext) =>
  contractLifecycleMachine.resolveState({ value: state, context });

/** Whether `event` changes the lifecycle from `state`, its details included. */
export function canApply(state: ContractState, event: ContractEvent): boolean {
  return snapshotAt(state).can(event);
}

/**
 * The state and context after `event`, or null when the machine refuses it: the server stores
 * what this returns, so the machine alone decides where each answer leads.
 */
export function nextContractState(
  state: ContractState,
  context: ContractContext,
  event: ContractEvent,
): { state: ContractState; context: ContractContext } | null {
  const current = snapshotAt(state, context);
  if (!current.can(event)) return null;
  const [next] = transition(contractLifecycleMachine, current, event);
  return { state: String(next.value) as ContractState, context: next.context };
}

// ---- What the wire and the pages show ----------------------------------------------------

/**
 * Spec 4's statuses (in process, approved, rejected) plus how a contract ended, because
 * "rejected" alone would hide whether the downline said no or the contract ran its course.
 */
export type ContractStatus =
  'inProcess' | 'approved' | 'rejected' | 'withdrawn' | 'terminated' | 'superseded';

export const contractStatusOf = {
  offered: 'inProcess',
  active: 'approved',
  terminationRequested: 'inProcess',
  rejected: 'rejected',
  withdrawn: 'withdrawn',
  terminated: 'terminated',
  superseded: 'superseded',
} as const satisfies Record<StoredContractState, ContractStatus>;

/** Spec 4's requests: what an "in process" contract is waiting for, if anything. */
export type ContractRequest = 'newContract' | 'termination';

export const contractRequestOf = {
  offered: 'newContract',
  active: null,
  terminationRequested: 'termination',
  rejected: null,
  withdrawn: null,
  terminated: null,
  superseded: null,
} as const satisfies Record<StoredContractState, ContractRequest | null>;

/** The states in which a contract pays (the salary job) and can be superseded. */
export const CONTRACT_STATES_IN_EFFECT = ['active', 'terminationRequested'] as const;

export function contractInEffect(state: ContractState): boolean {
  return (CONTRACT_STATES_IN_EFFECT as readonly ContractState[]).includes(state);
}

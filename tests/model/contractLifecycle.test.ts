import { describe, expect, it } from 'vitest';
import { createActor, type SnapshotFrom } from 'xstate';
import {
  canApply,
  contractOfferProblem,
  CONTRACT_STATES,
  CONTRACT_TYPES,
  contractActionsIn,
  contractEventRoles,
  contractInEffect,
  contractLifecycleMachine,
  contractRequestOf,
  contractStatusOf,
  type ContractContext,
  type ContractEvent,
  type ContractEventType,
  type ContractRole,
  type ContractState,
  downlineContractEvents,
  emptyContractContext,
  formatRate,
  lowerRateSupersedes,
  nextContractState,
  parseRateBasisPoints,
  refuseContractAction,
  type StoredContractState,
  systemContractEvents,
  uplineContractEvents,
} from '../../src/shared/contracts';
import { contractLifecyclePaths } from '../../src/shared/contracts/lifecycle.paths';
import { adjacencyOf, testModelOf, graphOf, pathsOf } from './support/pathModel';

type Offer = Extract<ContractEvent, { type: 'contract.offer' }>;
type Snapshot = SnapshotFrom<typeof contractLifecycleMachine>;

const dividendOffer: Offer = {
  type: 'contract.offer',
  contractType: 'dividend',
  terms: { rate: '1.5', activeMembers: 5, periodBet: '10000.00', profitLoss: '500.00' },
};
const realTimeOffer: Offer = {
  type: 'contract.offer',
  contractType: 'realTimeSalary',
  terms: { rate: '0.25', activeMembers: 0, periodBet: '0', profitLoss: '0' },
};

/**
 * The machine's one model (src/shared/contracts/lifecycle.paths.ts, the same the paths tool
 * walks on a site: a dividend offer with requirements and a real-time salary offer with none,
 * and every answer), walked on a real actor with two probes besides: a malformed offer and a
 * nameless supersede, which the machine must refuse everywhere (no edge may use them). The
 * machine has no invocations or delays.
 */
const malformedProbes: ContractEvent[] = [
  { ...dividendOffer, terms: { ...dividendOffer.terms, rate: '0' } },
  { type: 'contract.supersede', byContractId: '' },
];
const model = testModelOf({
  ...contractLifecyclePaths,
  events: (snapshot: Snapshot) => [
    ...contractLifecyclePaths.events(snapshot),
    ...malformedProbes.map((event, index) => ({ label: `malformed:${index}`, event })),
  ],
});
/** The supersede the model sends (its contract id). */
const SUPERSEDED_BY = '2';

/** The terms as stored: the offer's, with the rate in canonical form. */
const storedTerms = (offer: Offer) => ({
  ...offer.terms,
  rate: formatRate(parseRateBasisPoints(offer.terms.rate)),
});

/**
 * What each state means: for the wire (spec 4 status and pending request), for the salary job
 * (in effect or not), for the actor (running or done), and for what it remembers.
 */
const meaning: Record<ContractState, (snapshot: Snapshot, offer: Offer | null) => void> = {
  none: (snapshot) => {
    expect(snapshot.status).toBe('active');
    expect(snapshot.context).toEqual(emptyContractContext);
    expect(contractInEffect('none')).toBe(false);
  },
  offered: (snapshot, offer) => {
    expect(snapshot.status).toBe('active');
    expect(snapshot.context).toEqual({
      contractType: offer!.contractType,
      terms: storedTerms(offer!),
      supersededBy: null,
    });
    expect(contractStatusOf.offered).toBe('inProcess');
    expect(contractRequestOf.offered).toBe('newContract');
    expect(contractInEffect('offered')).toBe(false);
  },
  active: (snapshot, offer) => {
    expect(snapshot.status).toBe('active');
    expect(snapshot.context.terms).toEqual(storedTerms(offer!));
    expect(contractStatusOf.active).toBe('approved');
    expect(contractRequestOf.active).toBeNull();
    expect(contractInEffect('active')).toBe(true);
  },
  // Asked to end, but it still pays until the downline agrees.
  terminationRequested: (snapshot, offer) => {
    expect(snapshot.status).toBe('active');
    expect(snapshot.context.terms).toEqual(storedTerms(offer!));
    expect(contractStatusOf.terminationRequested).toBe('inProcess');
    expect(contractRequestOf.terminationRequested).toBe('termination');
    expect(contractInEffect('terminationRequested')).toBe(true);
  },
  rejected: (snapshot) => {
    expect(snapshot.status).toBe('done');
    expect(contractStatusOf.rejected).toBe('rejected');
    expect(contractInEffect('rejected')).toBe(false);
  },
  withdrawn: (snapshot) => {
    expect(snapshot.status).toBe('done');
    expect(contractStatusOf.withdrawn).toBe('withdrawn');
    expect(contractInEffect('withdrawn')).toBe(false);
  },
  terminated: (snapshot, offer) => {
    expect(snapshot.status).toBe('done');
    expect(snapshot.context.terms).toEqual(storedTerms(offer!)); // The history keeps its terms.
    expect(snapshot.context.supersededBy).toBeNull();
    expect(contractStatusOf.terminated).toBe('terminated');
    expect(contractInEffect('terminated')).toBe(false);
  },
  superseded: (snapshot) => {
    expect(snapshot.status).toBe('done');
    expect(snapshot.context.supersededBy).toBe(SUPERSEDED_BY);
    expect(contractStatusOf.superseded).toBe('superseded');
    expect(contractInEffect('superseded')).toBe(false);
  },
};

/**
 * The legal moves, written out independently of the machine: spec 6 "the upline offers; the
 * downline accepts or rejects", spec 4 requests (new contract, termination) and the lower-rate
 * rule. Everything missing here must be refused.
 */
const allowed: Record<ContractState, ContractEventType[]> = {
  none: ['contract.offer'],
  offered: ['contract.accept', 'contract.reject', 'contract.withdrawOffer'],
  active: ['contract.requestTermination', 'contract.supersede'],
  terminationRequested: [
    'contract.acceptTermination',
    'contract.rejectTermination',
    'contract.supersede',
  ],
  rejected: [],
  withdrawn: [],
  terminated: [],
  superseded: [],
};

const EVENT_TYPES = Object.keys(contractEventRoles) as ContractEventType[];
const ROLES: ContractRole[] = ['upline', 'downline', 'system'];

/** A well-formed event of each type. */
const sample: { [K in ContractEventType]: Extract<ContractEvent, { type: K }> } = {
  'contract.offer': dividendOffer,
  'contract.withdrawOffer': { type: 'contract.withdrawOffer' },
  'contract.accept': { type: 'contract.accept' },
  'contract.reject': { type: 'contract.reject' },
  'contract.requestTermination': { type: 'contract.requestTermination' },
  'contract.acceptTermination': { type: 'contract.acceptTermination' },
  'contract.rejectTermination': { type: 'contract.rejectTermination' },
  'contract.supersede': { type: 'contract.supersede', byContractId: 'c-2' },
};

describe('contract lifecycle (model-based)', () => {
  const paths = pathsOf(() => [...model.getShortestPaths(), ...model.getSimplePaths()]);

  it('keeps the graph the model documents', async () => {
    await expect(graphOf(model)).toMatchFileSnapshot('graphs/contractLifecycle.txt');
  });

  it('has exactly the documented states, and the paths reach every one', () => {
    expect(Object.keys(contractLifecycleMachine.states).sort()).toEqual(
      [...CONTRACT_STATES].sort(),
    );
    const reached = new Set(
      paths.flatMap((path) => path.steps.map((step) => String(step.state.value))),
    );
    expect([...reached].sort()).toEqual([...CONTRACT_STATES].sort());
  });

  /** The malformed events of the list: refused wherever they are sent. */
  const malformed = (event: ContractEvent) =>
    (event.type === 'contract.offer' && event.terms.rate === '0') ||
    (event.type === 'contract.supersede' && event.byContractId === '');

  it('a malformed event only ever loops: no edge leaves a state through it', () => {
    let loops = 0;
    // Every state of the walk, and where each event the walk tried there leads.
    for (const from of Object.values(adjacencyOf(model))) {
      for (const { event, state } of Object.values(from.transitions)) {
        if (!malformed(event as ContractEvent)) continue;
        loops += 1;
        expect(state.value).toBe(from.state.value);
        expect(state.context).toEqual(from.state.context);
      }
    }
    expect(loops).toBeGreaterThan(0); // The walk did try them.
  });

  it(`follows all ${paths.length} paths on a real actor; the server's replay agrees at every step and every state means what it says`, () => {
    for (const path of paths) {
      const actor = createActor(contractLifecycleMachine).start();
      // What the server would have stored so far, replayed with nextContractState.
      let stored: { state: ContractState; context: ContractContext } = {
        state: 'none',
        context: emptyContractContext,
      };
      let offer: Offer | null = null;
      for (const step of path.steps) {
        const event = step.event as ContractEvent | { type: 'xstate.init' };
        if (event.type !== 'xstate.init') {
          // The sender is always the side the role table names.
          const refusal = refuseContractAction(stored.state, event, contractEventRoles[event.type]);
          const next = nextContractState(stored.state, stored.context, event);
          if (malformed(event)) {
            // Refused as malformed (not as the wrong moment): the server stores nothing.
            expect(refusal?.httpStatus, `${path.description}: ${event.type}`).toBe(400);
            expect(next).toBeNull();
          } else {
            expect(refusal, `${path.description}: ${event.type}`).toBeNull();
            expect(next, `${path.description}: ${event.type}`).not.toBeNull();
            stored = next!;
            if (event.type === 'contract.offer') offer = event;
          }
          actor.send(event);
        }
        const state = String(step.state.value) as ContractState;
        const snapshot = actor.getSnapshot();
        expect(snapshot.value, path.description).toBe(state);
        expect(stored.state, path.description).toBe(state);
        expect(stored.context, path.description).toEqual(snapshot.context);
        meaning[state](snapshot, offer);
      }
      actor.stop();
    }
  });
});

describe('refusals: every state × every event it does not allow', () => {
  it.each(CONTRACT_STATES)('%s', (state) => {
    for (const type of EVENT_TYPES) {
      const event = sample[type];
      const owner = contractEventRoles[type];
      if (allowed[state].includes(type)) {
        expect(canApply(state, event), `${state} allows ${type}`).toBe(true);
        expect(refuseContractAction(state, event, owner)).toBeNull();
        continue;
      }
      expect(canApply(state, event), `${state} refuses ${type}`).toBe(false);
      expect(nextContractState(state, emptyContractContext, event)).toBeNull();
      // The right party at the wrong moment: a conflict with the contract's state, in words.
      const refusal = refuseContractAction(state, event, owner);
      expect(refusal, `${state} refuses ${type}`).toMatchObject({
        code: 'contract_illegal_transition',
        httpStatus: 409,
      });
      expect(refusal!.message).toMatch(/^This contract is .+: you cannot .+ now\.$/);
    }
  });

  it('final states refuse everything, from everyone', () => {
    for (const state of ['rejected', 'withdrawn', 'terminated', 'superseded'] as const) {
      for (const type of EVENT_TYPES) {
        for (const role of ROLES)
          expect(refuseContractAction(state, sample[type], role)).not.toBeNull();
      }
    }
  });

  it.each([
    ['rate', { rate: '0' }],
    ['rate', { rate: '100.01' }],
    ['rate', { rate: '1.234' }],
    ['rate', { rate: '-1' }],
    ['rate', { rate: '1e2' }],
    ['rate', { rate: 1.5 }],
    ['activeMembers', { activeMembers: -1 }],
    ['activeMembers', { activeMembers: 1.5 }],
    ['periodBet', { periodBet: '10.001' }],
    ['periodBet', { periodBet: '-5.00' }],
    ['profitLoss', { profitLoss: 'lots' }],
    ['profitLoss', { profitLoss: ' 5' }],
  ] as const)('an offer with a bad %s (%j) is refused as invalid terms', (field, change) => {
    const offer = { ...dividendOffer, terms: { ...dividendOffer.terms, ...change } } as Offer;
    expect(canApply('none', offer)).toBe(false);
    expect(refuseContractAction('none', offer, 'upline')).toMatchObject({
      code: 'contract_invalid_terms',
      httpStatus: 400,
      field,
    });
  });

  it('an offer of an unknown type is refused as invalid terms', () => {
    const offer = { ...dividendOffer, contractType: 'weeklySalary' } as unknown as Offer;
    expect(refuseContractAction('none', offer, 'upline')).toMatchObject({
      code: 'contract_invalid_terms',
      field: 'contractType',
    });
  });

  it('accepts the edge rates and stores the rate in canonical form', () => {
    for (const [rate, stored] of [
      ['0.01', '0.01'],
      ['100', '100.00'],
      ['7.5', '7.50'],
    ]) {
      const offer = { ...dividendOffer, terms: { ...dividendOffer.terms, rate: rate! } };
      expect(nextContractState('none', emptyContractContext, offer)?.context.terms?.rate).toBe(
        stored,
      );
    }
  });

  it('a supersede must name the contract that replaced this one', () => {
    for (const byContractId of ['', '   ']) {
      const event: ContractEvent = { type: 'contract.supersede', byContractId };
      expect(canApply('active', event)).toBe(false);
      expect(refuseContractAction('active', event, 'system')).toMatchObject({
        code: 'contract_invalid_request',
        httpStatus: 400,
      });
    }
  });
});

describe('roles agree with the machine', () => {
  it('the role lists split the events: upline offers and asks to end, downline answers, system supersedes', () => {
    expect([...uplineContractEvents].sort()).toEqual(
      ['contract.offer', 'contract.requestTermination', 'contract.withdrawOffer'].sort(),
    );
    expect([...downlineContractEvents].sort()).toEqual(
      [
        'contract.accept',
        'contract.acceptTermination',
        'contract.reject',
        'contract.rejectTermination',
      ].sort(),
    );
    expect(systemContractEvents).toEqual(['contract.supersede']);
    const all = [...uplineContractEvents, ...downlineContractEvents, ...systemContractEvents];
    expect(new Set(all).size).toBe(all.length);
    expect([...all].sort()).toEqual([...EVENT_TYPES].sort());
  });

  /** Whose move it is in each state. */
  const turn: Record<ContractState, ContractRole[]> = {
    none: ['upline'],
    offered: ['upline', 'downline'], // The downline answers; the upline may withdraw.
    active: ['upline', 'system'],
    terminationRequested: ['downline', 'system'], // The upline has asked; only the answer is left.
    rejected: [],
    withdrawn: [],
    terminated: [],
    superseded: [],
  };

  it.each(CONTRACT_STATES)(
    'in %s each side is offered exactly its moves the machine takes',
    (state) => {
      for (const role of ROLES) {
        const actions = contractActionsIn(state, role);
        expect(actions.sort()).toEqual(
          allowed[state].filter((type) => contractEventRoles[type] === role).sort(),
        );
        expect(actions.length > 0, `${role} may act in ${state}`).toBe(turn[state].includes(role));
      }
    },
  );

  it('an upline event is never taken where only the downline may answer, nor the reverse', () => {
    for (const state of CONTRACT_STATES) {
      const uplineTurn = turn[state].includes('upline');
      const downlineTurn = turn[state].includes('downline');
      for (const type of uplineContractEvents) {
        if (!uplineTurn) expect(canApply(state, sample[type]), `${state}: ${type}`).toBe(false);
      }
      for (const type of downlineContractEvents) {
        if (!downlineTurn) expect(canApply(state, sample[type]), `${state}: ${type}`).toBe(false);
      }
    }
  });

  it('the wrong side is refused before anything else, even where the move itself is legal', () => {
    for (const state of CONTRACT_STATES) {
      for (const type of EVENT_TYPES) {
        for (const role of ROLES.filter((candidate) => candidate !== contractEventRoles[type])) {
          const refusal = refuseContractAction(state, sample[type], role);
          expect(refusal, `${role} sends ${type} in ${state}`).toMatchObject({
            code: 'contract_wrong_party',
            httpStatus: 403,
          });
        }
      }
    }
    expect(refuseContractAction('offered', sample['contract.accept'], 'upline')?.message).toBe(
      'Only the downline may accept the contract.',
    );
    expect(refuseContractAction('active', sample['contract.supersede'], 'upline')?.message).toBe(
      'Only the platform may end it for a lower-rate contract.',
    );
  });
});

describe('wire statuses (spec 4)', () => {
  const stored = CONTRACT_STATES.filter((state) => state !== 'none') as StoredContractState[];

  it('every stored state has a status, and the spec’s three are all used', () => {
    expect(Object.keys(contractStatusOf).sort()).toEqual([...stored].sort());
    expect(Object.keys(contractRequestOf).sort()).toEqual([...stored].sort());
    const used = new Set(Object.values(contractStatusOf));
    for (const status of ['inProcess', 'approved', 'rejected'] as const)
      expect(used).toContain(status);
  });

  it('"in process" is exactly a pending request, and a pending request waits on the downline', () => {
    for (const state of stored) {
      const pending = contractRequestOf[state] !== null;
      expect(contractStatusOf[state] === 'inProcess', state).toBe(pending);
      if (pending) expect(contractActionsIn(state, 'downline').length, state).toBe(2);
    }
  });
});

describe('lowerRateSupersedes (spec 4: a lower-rate contract ends the existing one)', () => {
  const contract = (contractType: (typeof CONTRACT_TYPES)[number], rate: string) => ({
    contractType,
    terms: { rate },
  });

  it('a strictly lower rate of the same type supersedes', () => {
    expect(lowerRateSupersedes(contract('dividend', '2'), contract('dividend', '1.99'))).toBe(true);
    // Compared as numbers, not text: "9.99" sorts after "10" as a string.
    expect(
      lowerRateSupersedes(contract('dailySalary', '10'), contract('dailySalary', '9.99')),
    ).toBe(true);
  });

  it('an equal or higher rate does not', () => {
    expect(lowerRateSupersedes(contract('dividend', '1.5'), contract('dividend', '1.50'))).toBe(
      false,
    );
    expect(lowerRateSupersedes(contract('dividend', '1.5'), contract('dividend', '1.51'))).toBe(
      false,
    );
  });

  it('different types never supersede each other', () => {
    for (const existing of CONTRACT_TYPES) {
      for (const offered of CONTRACT_TYPES) {
        expect(lowerRateSupersedes(contract(existing, '5'), contract(offered, '1'))).toBe(
          existing === offered,
        );
      }
    }
  });

  it('only the rate counts, whatever the other terms ask', () => {
    const existing = { contractType: 'hourlySalary' as const, terms: realTimeOffer.terms };
    const stricter = {
      contractType: 'hourlySalary' as const,
      terms: { rate: '0.2', activeMembers: 50, periodBet: '99999.00', profitLoss: '1000.00' },
    };
    expect(lowerRateSupersedes(existing, stricter)).toBe(true);
  });

  it('a malformed rate is a bug to surface, not a "no"', () => {
    expect(() => lowerRateSupersedes(contract('dividend', '1'), contract('dividend', 'x'))).toThrow(
      RangeError,
    );
  });

  it('rates are integer basis points both ways', () => {
    expect(parseRateBasisPoints('1.5')).toBe(150);
    expect(parseRateBasisPoints('0.05')).toBe(5);
    expect(parseRateBasisPoints('100')).toBe(10_000);
    expect(formatRate(150)).toBe('1.50');
    expect(formatRate(5)).toBe('0.05');
    expect(() => formatRate(1.5)).toThrow(RangeError);
  });
});

describe('malformed events from outside the types (the server reads them from JSON)', () => {
  it('refuses an offer without terms and a supersede without a contract id', () => {
    const where = (type: ContractEventType) =>
      CONTRACT_STATES.find((state) => allowed[state].includes(type))!;
    for (const terms of [null, 'rate'])
      expect(
        canApply(where('contract.offer'), { ...sample['contract.offer'], terms } as never),
        String(terms),
      ).toBe(false);
    // The refusal names the field: the terms' rate.
    for (const terms of [null, 'rate'])
      expect(contractOfferProblem({ ...sample['contract.offer'], terms } as never)).toBe('rate');
    const byNumber = { ...sample['contract.supersede'], byContractId: 7 } as never;
    expect(canApply(where('contract.supersede'), byNumber)).toBe(false);
  });
});

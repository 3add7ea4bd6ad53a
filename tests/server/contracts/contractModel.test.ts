import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestModel } from 'xstate/graph';
import {
  canApply,
  contractActionsIn,
  contractEventRoles,
  type ContractEvent,
  contractLifecycleMachine,
  type ContractState,
} from '../../../src/shared/contracts';
import type { ContractView } from '../../../src/shared/realtime';
import { bearer, loginToken } from '../../support/identityClient';
import { call, engines, startTestServer, type TestServer } from '../../support/testServer';
import { act, acted, offered, stored, termsAt } from './contractClient';

/**
 * The contract lifecycle machine's paths (all shortest and simple paths) driven through the real
 * server: each machine event becomes the API call its party makes (the system's supersede is the
 * downline accepting a lower-rate contract of the same type), the stored state must equal the
 * machine's after every step, and once per state every event the machine refuses is refused with
 * its code, every event sent by the other party is refused with contract_wrong_party, and a
 * member who is neither party does not see the contract.
 */
const events: ContractEvent[] = [
  { type: 'contract.offer', contractType: 'dividend', terms: termsAt('5') },
  { type: 'contract.withdrawOffer' },
  { type: 'contract.accept' },
  { type: 'contract.reject' },
  { type: 'contract.requestTermination' },
  { type: 'contract.acceptTermination' },
  { type: 'contract.rejectTermination' },
  { type: 'contract.supersede', byContractId: 'the lower-rate contract' },
];
const model = createTestModel(contractLifecycleMachine, { events });
const paths = [...model.getShortestPaths(), ...model.getSimplePaths()];

const PATH_RATE = '5';
const LOWER_RATE = '4';
const actionOf = (type: ContractEvent['type']) => type.slice('contract.'.length);

describe.each(engines)('contract lifecycle through the server on %s', (engine) => {
  let server: TestServer;
  const tokens = { upline: '', downline: '', stranger: '' };
  beforeAll(async () => {
    server = await startTestServer(engine);
    tokens.upline = await loginToken(server, 'agent1');
    tokens.downline = await loginToken(server, 'player2');
    tokens.stranger = await loginToken(server, 'player3');
  });
  afterAll(() => server.close());

  const tokenOf = (type: ContractEvent['type']) => {
    const role = contractEventRoles[type];
    return role === 'upline' ? tokens.upline : tokens.downline;
  };
  const otherParty = (type: ContractEvent['type']) =>
    contractEventRoles[type] === 'upline' ? tokens.downline : tokens.upline;

  /** The request that sends `event` to contract `id`. */
  const body = (id: string, event: ContractEvent) =>
    event.type === 'contract.offer'
      ? { action: 'offer', contractId: id, terms: termsAt(PATH_RATE) }
      : { action: actionOf(event.type), contractId: id };

  /** Sends one machine event the way its party would; answers the contract's id. */
  async function send(id: string | null, event: ContractEvent): Promise<string> {
    if (event.type === 'contract.offer') {
      return (await offered(server, tokens.upline, 'player2', 'dividend', PATH_RATE)).id;
    }
    if (event.type === 'contract.supersede') {
      // The system's event: the downline accepts a same-type contract with a lower rate.
      const lower = await offered(server, tokens.upline, 'player2', 'dividend', LOWER_RATE);
      const accepted = await acted(server, tokens.downline, lower.id, 'accept');
      expect(accepted.state).toBe('active');
      lowerRate.push(lower.id);
      return id!;
    }
    const view = await acted(server, tokenOf(event.type), id!, actionOf(event.type));
    expect(view.id).toBe(id);
    return id!;
  }

  /** The lower-rate contracts the supersede steps made, ended after their path. */
  const lowerRate: string[] = [];

  /** Ends a contract through the API, so the next path starts with nothing open or in effect. */
  async function finish(id: string) {
    const { state } = await stored(server, id);
    if (state === 'offered') await acted(server, tokens.upline, id, 'withdrawOffer');
    if (state === 'active') await acted(server, tokens.upline, id, 'requestTermination');
    if (state === 'active' || state === 'terminationRequested') {
      await acted(server, tokens.downline, id, 'acceptTermination');
    }
  }

  const refusalsChecked = new Set<string>();

  async function checkRefusals(id: string, state: ContractState) {
    for (const event of events) {
      // The other party: refused first, whatever the state.
      if (contractEventRoles[event.type] !== 'system') {
        const reply = await act(server, otherParty(event.type), body(id, event));
        expect(reply.status, `${state}: other party sends ${event.type}`).toBe(403);
        expect(reply.body.code).toBe('contract_wrong_party');
      }
      // Someone who is neither party: no such contract.
      const stranger = await act(server, tokens.stranger, body(id, event));
      expect(stranger.body.code, `${state}: stranger sends ${event.type}`).toBe('not_found');
      if (canApply(state, event)) continue;
      // The right party, at the wrong moment (no member may send the system's event).
      for (const token of event.type === 'contract.supersede'
        ? [tokens.upline, tokens.downline]
        : [tokenOf(event.type)]) {
        const reply = await act(server, token, body(id, event));
        const expected =
          event.type === 'contract.supersede'
            ? ['contract_wrong_party', 403]
            : ['contract_illegal_transition', 409];
        expect([reply.body.code, reply.status], `${state} refuses ${event.type}`).toEqual(expected);
        expect((reply.body.value as { state: string }).state).toBe(state);
      }
    }
    expect((await stored(server, id)).state).toBe(state);
  }

  it(`follows all ${paths.length} paths; the server agrees with the machine at every step`, async () => {
    for (const path of paths) {
      let id: string | null = null;
      for (const step of path.steps) {
        const event = step.event as ContractEvent | { type: 'xstate.init' };
        const state = String(step.state.value) as ContractState;
        if (event.type === 'xstate.init') {
          // Nothing exists yet: every action but an offer needs a contract to act on.
          if (!refusalsChecked.has('none')) {
            refusalsChecked.add('none');
            for (const other of events.filter((candidate) => candidate.type !== 'contract.offer')) {
              const reply = await act(server, tokenOf(other.type), {
                action: actionOf(other.type),
              });
              expect(reply.body.code, `none refuses ${other.type}`).toBe('invalid_request');
            }
          }
          continue;
        }
        id = await send(id, event);
        expect((await stored(server, id)).state, path.description).toBe(state);

        // What each side is offered is what the machine allows that side.
        for (const [role, token] of [
          ['upline', tokens.upline],
          ['downline', tokens.downline],
        ] as const) {
          const views = await call(
            server,
            `/wps/agent/contracts?type=dividend&role=${role}&pageSize=100`,
            { headers: bearer(token) },
          );
          const { items } = views.body.value as { items: ContractView[] };
          const view = items.find((contract) => contract.id === id)!;
          expect(view.state).toBe(state);
          expect(view.actions).toEqual(contractActionsIn(state, role).map(actionOf));
        }

        if (!refusalsChecked.has(state)) {
          refusalsChecked.add(state);
          await checkRefusals(id, state);
        }
      }
      await finish(id!);
      for (const lower of lowerRate.splice(0)) await finish(lower);
    }
    expect(refusalsChecked.size).toBe(8);
  }, 180_000);

  it('logged every change with its actor', async () => {
    const rows = await server.deps.db.query<{ event: string; actor: string }>(
      'select distinct event, actor from contract_events order by event',
    );
    for (const row of rows) {
      expect(row.actor).toBe(contractEventRoles[row.event as ContractEvent['type']]);
    }
    expect(rows.map((row) => row.event)).toEqual(
      [...new Set(events.map((event) => event.type))].sort(),
    );
  });
});

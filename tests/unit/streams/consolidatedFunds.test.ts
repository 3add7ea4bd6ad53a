import { BehaviorSubject, firstValueFrom, of, skip, Subject, take, toArray } from 'rxjs';
import { describe, expect, it, vi } from 'vitest';
import {
  type ConsolidatedFunds,
  createConsolidatedFunds,
  type SessionRole,
} from '../../../src/streams/consolidatedFunds';

const funds: ConsolidatedFunds = {
  dailysalreqtype: 0,
  divtypereq: 0,
  contracthoursalreq: 0,
  realtimesalreqtype: 1,
  contractmrdailysalinfotype: false,
  contracthoursalinfo: false,
  dailysalinfotype: false,
  divtypeinfo: false,
  agentPolicy: true,
};

function setUp(role: SessionRole) {
  const role$ = new BehaviorSubject<SessionRole>(role);
  const fetch = vi.fn(() => of(funds));
  const store = createConsolidatedFunds({ role$, fetch });
  return { role$, fetch, store };
}

describe('consolidated funds on the logged-in transition (spec 4)', () => {
  it('fetches for a real account when the agent policy is on', async () => {
    const { fetch, store } = setUp('player');
    store.setAgentPolicy(true);
    expect(await firstValueFrom(store.funds$)).toEqual(funds);
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('never fetches for a trial account or a guest', async () => {
    for (const role of ['trial', 'guest'] as const) {
      const { fetch, store } = setUp(role);
      store.setAgentPolicy(true);
      expect(await firstValueFrom(store.funds$)).toBeNull();
      expect(fetch).not.toHaveBeenCalled();
    }
  });

  it('does not fetch without the agent policy, and forgets the funds on logout', async () => {
    const { role$, fetch, store } = setUp('agent');
    const seen = firstValueFrom(store.funds$.pipe(take(3), toArray()));
    store.setAgentPolicy(true);
    role$.next('guest');
    expect(await seen).toEqual([null, funds, null]);
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('gives null when the fetch fails', async () => {
    const role$ = new BehaviorSubject<SessionRole>('player');
    const store = createConsolidatedFunds({
      role$,
      fetch: () => Promise.reject(new Error('network')),
    });
    const next = firstValueFrom(store.funds$.pipe(skip(1)));
    store.setAgentPolicy(true);
    expect(await next).toBeNull();
  });
});

describe('consolidated funds after a contract moves', () => {
  it('fetches again when told something changed', async () => {
    const role$ = new BehaviorSubject<SessionRole>('agent');
    const changed$ = new Subject<void>();
    const fetch = vi.fn(() => of(funds));
    const store = createConsolidatedFunds({ role$, fetch, changed$ });
    store.setAgentPolicy(true);
    const seen = firstValueFrom(store.funds$.pipe(take(2), toArray()));
    changed$.next();
    expect(await seen).toEqual([funds, funds]);
    expect(fetch).toHaveBeenCalledTimes(2);
  });
});

import { BehaviorSubject, Subject, throwError } from 'rxjs';
import { describe, expect, it, vi } from 'vitest';
import type { SessionRole } from '../../../src/streams/consolidatedFunds';
import { createUnreadMessages } from '../../../src/streams/unreadMessages';

/** A fetch whose answers the test hands out one by one, in any order. */
function controlledFetch() {
  const pending: Subject<number>[] = [];
  const fetch = vi.fn(() => {
    const answer = new Subject<number>();
    pending.push(answer);
    return answer;
  });
  const answer = (index: number, count: number) => {
    pending[index]!.next(count);
    pending[index]!.complete();
  };
  return { fetch, answer };
}

function setUp(role: SessionRole) {
  const role$ = new BehaviorSubject<SessionRole>(role);
  const changed$ = new Subject<void>();
  const reconnected$ = new Subject<void>();
  const { fetch, answer } = controlledFetch();
  const seen: (number | null)[] = [];
  const subscription = createUnreadMessages({ role$, fetch, changed$, reconnected$ }).subscribe(
    (count) => seen.push(count),
  );
  return { role$, changed$, reconnected$, fetch, answer, seen, subscription };
}

describe('unread message count (spec 3 unreadMessage, spec 4)', () => {
  it('fetches on login, again on each inbox change and reconnect', () => {
    const { changed$, reconnected$, fetch, answer, seen } = setUp('player');
    expect(fetch).toHaveBeenCalledTimes(1);
    answer(0, 2);
    changed$.next();
    answer(1, 3);
    reconnected$.next();
    answer(2, 0);
    expect(seen).toEqual([2, 3, 0]);
    expect(fetch).toHaveBeenCalledTimes(3);
  });

  it('fetches again after a fetch the inbox changed under: the newer count ends on screen', () => {
    const { changed$, fetch, answer, seen } = setUp('agent');
    changed$.next(); // the first fetch (index 0) is still out: its answer may predate the change
    expect(fetch).toHaveBeenCalledTimes(1);
    answer(0, 1);
    expect(fetch).toHaveBeenCalledTimes(2);
    answer(1, 5);
    expect(seen).toEqual([1, 5]);
  });

  it("keeps the newest fetch: a reconnect's answer replaces a slower older one", () => {
    const { reconnected$, answer, seen } = setUp('agent');
    reconnected$.next(); // the first fetch (index 0) is still out and is dropped
    answer(1, 5);
    expect(() => answer(0, 1)).not.toThrow();
    expect(seen).toEqual([5]);
  });

  it('never fetches for a guest or a trial account, and forgets the count at logout', () => {
    for (const role of ['guest', 'trial'] as const) {
      const { fetch, seen } = setUp(role);
      expect(fetch).not.toHaveBeenCalled();
      expect(seen).toEqual([null]);
    }
    const { role$, answer, seen } = setUp('player');
    answer(0, 4);
    role$.next('guest');
    expect(seen).toEqual([4, null]);
  });

  it('keeps the last count when a fetch fails', () => {
    const role$ = new BehaviorSubject<SessionRole>('player');
    const changed$ = new Subject<void>();
    let calls = 0;
    const seen: (number | null)[] = [];
    createUnreadMessages({
      role$,
      changed$,
      reconnected$: new Subject<void>(),
      fetch: () => (calls++ === 0 ? Promise.resolve(7) : throwError(() => new Error('offline'))),
    }).subscribe((count) => seen.push(count));
    return new Promise<void>((resolve) =>
      setTimeout(() => {
        changed$.next();
        changed$.next();
        expect(seen).toEqual([7]);
        resolve();
      }, 0),
    );
  });
});

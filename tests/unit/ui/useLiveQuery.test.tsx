// @vitest-environment jsdom
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { describe, expect, it } from 'vitest';
import type { Services } from '../../../src/app/services';
import { ServicesContext } from '../../../src/ui/core/ServicesContext';
import { type LiveEventName, useLiveQuery } from '../../../src/ui/hooks/useLiveQuery';
import type { Query } from '../../../src/ui/hooks/useQuery';
import { fakeRealtime } from './fakeRealtime';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

/** A request the test answers by hand, with the signal it was given. */
interface Pending {
  key: string;
  signal: AbortSignal;
  resolve(value: string): void;
  reject(error: { code: string }): void;
}

function harness(events: LiveEventName[] = ['reward']) {
  const socket = fakeRealtime();
  const services = { realtime: socket.realtime } as unknown as Services;
  const asked: Pending[] = [];
  let query: Query<string> | null = null;
  function View({ queryKey }: { queryKey: string | null }) {
    query = useLiveQuery(
      queryKey,
      (signal) =>
        new Promise<string>((resolve, reject) => {
          asked.push({ key: queryKey!, signal, resolve, reject });
        }),
      events,
    );
    return null;
  }
  const root = createRoot(document.createElement('div'));
  return {
    ...socket,
    asked,
    render: (queryKey: string | null) =>
      act(() =>
        root.render(
          <ServicesContext.Provider value={services}>
            <View queryKey={queryKey} />
          </ServicesContext.Provider>,
        ),
      ),
    state: () => query!.state,
    refresh: () => act(() => query!.refresh()),
    unmount: () => act(() => root.unmount()),
    last: () => asked[asked.length - 1]!,
  };
}

const answer = async (pending: Pending, value: string) => {
  await act(async () => pending.resolve(value));
};

describe('useLiveQuery (a page’s data through the live primitive)', () => {
  it('fetches again on its events and on a reconnect that did not recover, not on others', async () => {
    const view = harness(['vip', 'balance']);
    view.render('a');
    await answer(view.asked[0]!, 'A1');
    expect(view.state()).toEqual({ kind: 'ready', value: 'A1' });

    act(() => view.emit('reward'));
    expect(view.asked).toHaveLength(1);

    act(() => view.emit('balance'));
    expect(view.asked).toHaveLength(2);
    // The last value stays on screen while the next one is fetched.
    expect(view.state()).toEqual({ kind: 'ready', value: 'A1' });
    await answer(view.asked[1]!, 'A2');
    expect(view.state()).toEqual({ kind: 'ready', value: 'A2' });

    act(() => view.reconnect());
    expect(view.asked).toHaveLength(3);
    await answer(view.asked[2]!, 'A3');
    expect(view.state()).toEqual({ kind: 'ready', value: 'A3' });
  });

  it('fetches once more for the events that arrive while a fetch is in flight', async () => {
    const view = harness();
    view.render('a');
    await answer(view.asked[0]!, 'A1');
    act(() => view.emit('reward'));
    act(() => view.emit('reward'));
    act(() => view.emit('reward'));
    expect(view.asked).toHaveLength(2);
    await answer(view.asked[1]!, 'A2');
    // What the two later events changed may be missing from A2: one more fetch.
    expect(view.asked).toHaveLength(3);
    await answer(view.asked[2]!, 'A3');
    expect(view.state()).toEqual({ kind: 'ready', value: 'A3' });
    expect(view.asked).toHaveLength(3);
  });

  it('lets the newest fetch win and aborts the one it replaces', async () => {
    const view = harness();
    view.render('a');
    await answer(view.asked[0]!, 'A1');
    view.refresh();
    act(() => view.reconnect());
    const [, first, second] = view.asked;
    expect(first!.signal.aborted).toBe(true);
    await answer(second!, 'A3');
    await answer(first!, 'A2 (late)');
    expect(view.state()).toEqual({ kind: 'ready', value: 'A3' });
  });

  it('keeps the last value while a new key loads, and aborts the older key', async () => {
    const view = harness();
    view.render('a');
    await answer(view.asked[0]!, 'A');
    view.render('b');
    expect(view.state()).toEqual({ kind: 'loading', previous: 'A' });
    expect(view.last().key).toBe('b');
    await answer(view.last(), 'B');
    expect(view.state()).toEqual({ kind: 'ready', value: 'B' });
    view.render(null);
    expect(view.asked).toHaveLength(2);
  });

  it('reports a failed first fetch with its code; a refresh starts afresh', async () => {
    const view = harness();
    view.render('a');
    await act(async () => view.asked[0]!.reject({ code: 'network' }));
    expect(view.state()).toEqual({ kind: 'failed', code: 'network' });
    view.refresh();
    expect(view.asked).toHaveLength(2);
    await answer(view.asked[1]!, 'A');
    expect(view.state()).toEqual({ kind: 'ready', value: 'A' });
    // Still live after the retry.
    act(() => view.reconnect());
    expect(view.asked).toHaveLength(3);
  });

  it('keeps what is shown when a later fetch fails', async () => {
    const view = harness();
    view.render('a');
    await answer(view.asked[0]!, 'A');
    act(() => view.emit('reward'));
    await act(async () => view.asked[1]!.reject({ code: 'network' }));
    expect(view.state()).toEqual({ kind: 'ready', value: 'A' });
    act(() => view.reconnect());
    await answer(view.asked[2]!, 'A2');
    expect(view.state()).toEqual({ kind: 'ready', value: 'A2' });
  });

  it('leaves its events and aborts what is in flight when the view goes away', async () => {
    const view = harness(['vip', 'balance']);
    view.render('a');
    expect(view.listening()).toBe(3);
    view.unmount();
    expect(view.asked[0]!.signal.aborted).toBe(true);
    expect(view.listening()).toBe(0);
  });
});

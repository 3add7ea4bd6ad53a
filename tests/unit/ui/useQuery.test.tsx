// @vitest-environment jsdom
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { describe, expect, it } from 'vitest';
import { type Query, useQuery } from '../../../src/ui/hooks/useQuery';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

/** A request the test answers by hand, with the signal it was given. */
interface Pending {
  key: string;
  signal: AbortSignal;
  resolve(value: string): void;
  reject(error: { code: string }): void;
}

function harness() {
  const asked: Pending[] = [];
  let query: Query<string> | null = null;
  function View({ queryKey }: { queryKey: string | null }) {
    query = useQuery(
      queryKey,
      (signal) =>
        new Promise<string>((resolve, reject) => {
          asked.push({ key: queryKey!, signal, resolve, reject });
        }),
    );
    return null;
  }
  const container = document.createElement('div');
  const root = createRoot(container);
  return {
    asked,
    render: (queryKey: string | null) => act(() => root.render(<View queryKey={queryKey} />)),
    state: () => query!.state,
    refresh: () => act(() => query!.refresh()),
    unmount: () => act(() => root.unmount()),
  };
}

const answer = async (pending: Pending, value: string) => {
  await act(async () => pending.resolve(value));
};

describe('useQuery (the views’ one query hook)', () => {
  it('asks nothing for a null key, then loads, and shows the answer', async () => {
    const view = harness();
    view.render(null);
    expect(view.asked).toHaveLength(0);
    expect(view.state()).toEqual({ kind: 'loading', previous: null });
    view.render('a');
    expect(view.asked).toHaveLength(1);
    await answer(view.asked[0]!, 'A');
    expect(view.state()).toEqual({ kind: 'ready', value: 'A' });
  });

  it('never lets an older answer replace a newer one, and aborts the older request', async () => {
    const view = harness();
    view.render('a');
    view.render('b');
    const [first, second] = view.asked;
    expect(first!.signal.aborted).toBe(true);
    await answer(second!, 'B');
    await answer(first!, 'A (late)');
    expect(view.state()).toEqual({ kind: 'ready', value: 'B' });
  });

  it('keeps the last value on screen while it refreshes, and reports a failure with its code', async () => {
    const view = harness();
    view.render('a');
    await answer(view.asked[0]!, 'A');
    view.refresh();
    expect(view.asked).toHaveLength(2);
    expect(view.state()).toEqual({ kind: 'loading', previous: 'A' });
    await act(async () => view.asked[1]!.reject({ code: 'network' }));
    expect(view.state()).toEqual({ kind: 'failed', code: 'network' });
    view.refresh(); // a retry asks again
    await answer(view.asked[2]!, 'A2');
    expect(view.state()).toEqual({ kind: 'ready', value: 'A2' });
  });

  it('aborts what is in flight when the view goes away', () => {
    const view = harness();
    view.render('a');
    view.unmount();
    expect(view.asked[0]!.signal.aborted).toBe(true);
  });
});

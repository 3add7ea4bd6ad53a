// @vitest-environment jsdom
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { BehaviorSubject, finalize } from 'rxjs';
import { describe, expect, it } from 'vitest';
import { useObservable } from '../../../src/ui/hooks/useObservable';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

describe('useObservable', () => {
  it('renders the latest value and unsubscribes on unmount', () => {
    const subject = new BehaviorSubject(1);
    let active = 0;
    const source$ = subject.pipe(finalize(() => (active -= 1)));
    const counted$ = {
      subscribe: (observer: (value: number) => void) => {
        active += 1;
        return source$.subscribe(observer);
      },
    } as unknown as typeof source$;

    function Value() {
      return <span>{useObservable(counted$, 0)}</span>;
    }
    const container = document.createElement('div');
    const root = createRoot(container);
    act(() => root.render(<Value />));
    expect(container.textContent).toBe('1');
    act(() => subject.next(2));
    expect(container.textContent).toBe('2');
    expect(active).toBe(1);
    act(() => root.unmount());
    expect(active).toBe(0);
  });
});

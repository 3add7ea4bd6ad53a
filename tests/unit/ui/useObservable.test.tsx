// @vitest-environment jsdom
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { BehaviorSubject, finalize, type Observable } from 'rxjs';
import { describe, expect, it } from 'vitest';
import { useObservable } from '../../../src/ui/hooks/useObservable';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

function Value({ source$ }: { source$: Observable<number> }) {
  return <span>{useObservable(source$, 0)}</span>;
}

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

    const container = document.createElement('div');
    const root = createRoot(container);
    act(() => root.render(<Value source$={counted$} />));
    expect(container.textContent).toBe('1');
    act(() => subject.next(2));
    expect(container.textContent).toBe('2');
    expect(active).toBe(1);
    act(() => root.unmount());
    expect(active).toBe(0);
  });
});

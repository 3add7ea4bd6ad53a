// @vitest-environment jsdom
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useNearViewport } from '../../../src/ui/hooks/useNearViewport';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

/** A stand-in IntersectionObserver the test drives: `enter()` brings the element into range. */
class FakeObserver {
  static last: FakeObserver | null = null;
  observed: Element[] = [];
  disconnected = false;
  constructor(
    readonly callback: (entries: { isIntersecting: boolean }[]) => void,
    readonly options: { rootMargin?: string },
  ) {
    FakeObserver.last = this;
  }
  observe(element: Element) {
    this.observed.push(element);
  }
  disconnect() {
    this.disconnected = true;
  }
  enter() {
    this.callback([{ isIntersecting: true }]);
  }
}

function Probe() {
  const [near, ref] = useNearViewport<HTMLDivElement>('200px');
  return <div ref={ref}>{near ? 'near' : 'far'}</div>;
}

describe('useNearViewport', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    FakeObserver.last = null;
  });

  it('is false until the element comes within the margin, then stays true', () => {
    vi.stubGlobal('IntersectionObserver', FakeObserver);
    const container = document.createElement('div');
    const root = createRoot(container);
    act(() => root.render(<Probe />));
    expect(container.textContent).toBe('far');
    const observer = FakeObserver.last!;
    expect(observer.options.rootMargin).toBe('200px 0px');
    expect(observer.observed).toEqual([container.firstChild]);
    act(() => observer.enter());
    expect(container.textContent).toBe('near');
    expect(observer.disconnected).toBe(true);
    act(() => root.unmount());
  });

  it('is true at once without an IntersectionObserver', () => {
    vi.stubGlobal('IntersectionObserver', undefined);
    const container = document.createElement('div');
    const root = createRoot(container);
    act(() => root.render(<Probe />));
    expect(container.textContent).toBe('near');
    act(() => root.unmount());
  });
});

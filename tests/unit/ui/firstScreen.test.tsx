// @vitest-environment jsdom
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as FirstScreenModule from '../../../src/ui/core/firstScreen';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

type FirstScreen = typeof FirstScreenModule;

/** The module keeps the page's one state: a fresh copy per test. */
async function freshModule(): Promise<FirstScreen> {
  vi.resetModules();
  return import('../../../src/ui/core/firstScreen');
}

/** A picture in view that is still loading (jsdom neither loads nor lays out). */
function loadingPicture(top: number): HTMLImageElement {
  const image = document.createElement('img');
  Object.defineProperty(image, 'complete', { configurable: true, value: false });
  image.getBoundingClientRect = () =>
    ({ top, bottom: top + 64, left: 0, right: 64, width: 64, height: 64 }) as DOMRect;
  document.body.append(image);
  return image;
}

let container: HTMLElement;
let root: Root;

beforeEach(() => {
  vi.useFakeTimers();
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
});

afterEach(() => {
  act(() => root.unmount());
  document.body.innerHTML = '';
  vi.useRealTimers();
});

describe('the first screen (what waits for it)', () => {
  it('is drawn once the app says so and the pictures then in view have loaded', async () => {
    const module = await freshModule();
    let drawn = false;
    void module.afterFirstScreen().then(() => (drawn = true));
    const seen: boolean[] = [];
    function Page({ ready }: { ready: boolean }) {
      module.useMarkFirstScreen(ready);
      seen.push(module.useFirstScreenDrawn());
      return null;
    }
    const inView = loadingPicture(100);
    loadingPicture(5_000); // below the fold: not waited for
    act(() => root.render(<Page ready={false} />));
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    expect(drawn).toBe(false);

    act(() => root.render(<Page ready />));
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    expect(drawn).toBe(false);

    // The picture arrives; then it is painted (a frame) and the page is idle once (a timeout
    // where there is no idle callback).
    inView.dispatchEvent(new Event('load'));
    await act(() => vi.advanceTimersByTimeAsync(100));
    await vi.waitFor(() => expect(drawn).toBe(true));
    expect(seen.at(-1)).toBe(true);
    expect(seen[0]).toBe(false);
  });

  it('does not wait longer than its bound for a picture that never comes', async () => {
    const module = await freshModule();
    let drawn = false;
    void module.afterFirstScreen().then(() => (drawn = true));
    function Page() {
      module.useMarkFirstScreen(true);
      return null;
    }
    loadingPicture(0);
    act(() => root.render(<Page />));
    await act(() => vi.advanceTimersByTimeAsync(2_000));
    expect(drawn).toBe(false);
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    expect(drawn).toBe(true);
  });

  it('ends the wait a few seconds after start when the app never says it is drawn', async () => {
    const module = await freshModule();
    let drawn = false;
    void module.afterFirstScreen().then(() => (drawn = true));
    await vi.advanceTimersByTimeAsync(5_000);
    expect(drawn).toBe(false);
    await vi.advanceTimersByTimeAsync(1_500);
    expect(drawn).toBe(true);
  });
});

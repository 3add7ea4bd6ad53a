import { startTransition, useEffect, useState } from 'react';

/**
 * The page's first screen before everything else (issue 12). What a visitor does not see at
 * first (the live connection and its code, the footer, the reality check, the member's numbers
 * around the page) waits until the first screen is drawn: the route's content rendered with the
 * session known, the pictures then in view loaded (PICTURES_WAIT_MS at most) and painted, and
 * the browser idle once. On a slow phone these otherwise compete with the first screen for the
 * few connections and the one main thread (docs/decisions.md).
 *
 * Whatever happens, the wait ends LATEST_MS after the page started, so a page that never says
 * it is drawn (a failed section, a blocking screen) still gets its live connection.
 */
const PICTURES_WAIT_MS = 2_500;
const IDLE_TIMEOUT_MS = 500;
const LATEST_MS = 6_000;

let drawn = false;
let marking = false;
const listeners = new Set<() => void>();
/** Those waiting for the first screen: each is let go in a task of its own. */
const waiting: (() => void)[] = [];

/** Runs `work` in a task of its own, after what is queued (a message is not clamped as a timer). */
function inOwnTask(work: () => void): void {
  const channel = new MessageChannel();
  channel.port1.onmessage = () => {
    channel.port1.close();
    work();
  };
  channel.port2.postMessage(null);
}

function settle(): void {
  if (drawn) return;
  drawn = true;
  // One task each: the live connection, each store's first call, the prefetches and each
  // component that appears would otherwise all run in the task that settles (a long task).
  for (const resolve of waiting.splice(0)) inOwnTask(resolve);
  for (const listener of listeners) inOwnTask(listener);
}

if (typeof window !== 'undefined') setTimeout(settle, LATEST_MS);

/**
 * Resolves once the first screen is drawn (or LATEST_MS after the page started), each caller in
 * a task of its own.
 */
export function afterFirstScreen(): Promise<void> {
  if (drawn) return Promise.resolve();
  return new Promise<void>((resolve) => waiting.push(resolve));
}

/**
 * Whether the first screen is drawn; the component renders again when it becomes so, in a
 * transition: what appears then (the footer, the reality check, pictures) is drawn in slices
 * between which the page answers input, not in one long task.
 */
export function useFirstScreenDrawn(): boolean {
  const [shown, setShown] = useState(drawn);
  useEffect(() => {
    if (shown) return;
    const listener = () => startTransition(() => setShown(true));
    if (drawn) listener();
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  }, [shown]);
  return shown;
}

/** The pictures in view that are still loading. */
function loadingPicturesInView(): HTMLImageElement[] {
  const height = window.innerHeight;
  return Array.from(document.images).filter((image) => {
    if (image.complete) return false;
    const box = image.getBoundingClientRect();
    return box.bottom > 0 && box.top < height && box.width > 0;
  });
}

function whenLoaded(image: HTMLImageElement): Promise<void> {
  return new Promise((resolve) => {
    image.addEventListener('load', () => resolve(), { once: true });
    image.addEventListener('error', () => resolve(), { once: true });
  });
}

/** After the browser has painted what is on screen now (its next frame). */
const afterNextPaint = () =>
  new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));

const idle = () =>
  new Promise<void>((resolve) => {
    if ('requestIdleCallback' in window)
      requestIdleCallback(() => resolve(), { timeout: IDLE_TIMEOUT_MS });
    else setTimeout(resolve, 0);
  });

/**
 * Says the first screen is rendered once `ready` (the app's root: the session is known and the
 * route's section drawn); the rest (pictures, idle) is waited for here.
 */
export function useMarkFirstScreen(ready: boolean): void {
  useEffect(() => {
    if (!ready || marking || drawn) return;
    marking = true;
    const pictures = loadingPicturesInView().map(whenLoaded);
    void Promise.race([
      Promise.all(pictures),
      new Promise((resolve) => setTimeout(resolve, PICTURES_WAIT_MS)),
    ])
      .then(afterNextPaint)
      .then(idle)
      .then(settle);
  }, [ready]);
}

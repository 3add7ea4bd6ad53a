import { BehaviorSubject, type Observable } from 'rxjs';

/** Where code fetched on demand stands: not asked for, on its way, here, or failed to come. */
export type CodeLoadState = 'idle' | 'loading' | 'loaded' | 'failed';

export interface OnDemandCode<M> {
  /**
   * The module, once an attempt brings it. A failed attempt does not reject: the callers keep
   * waiting, and `retry()` (the user's "Try again") makes the next attempt for all of them.
   */
  get(): Promise<M>;
  /** Another attempt, when the last one failed; nothing otherwise. */
  retry(): void;
  state$: Observable<CodeLoadState>;
  /** How many attempts failed so far (a caller that waited through one may have missed pushes). */
  failures(): number;
}

/**
 * Code the page loads after its first paint and cannot do without once asked for (the socket.io
 * client: without it no push reaches the page). A failed `import()` (a network blip, a deploy
 * that replaced the hashed file) is not an error of the callers' streams: the module's state
 * says `failed`, the page offers "Try again" (a new `import()`, which browsers that follow
 * whatwg/html#10327 fetch again) and "Reload page" (the cure where the browser keeps the failure
 * for the document or the file is gone). decisions.md, issue 15: "A failed live connection".
 */
export function onDemandCode<M>(load: () => Promise<M>): OnDemandCode<M> {
  const state$ = new BehaviorSubject<CodeLoadState>('idle');
  let loaded: { module: M } | null = null;
  let failures = 0;
  const waiting: ((module: M) => void)[] = [];

  function attempt(): void {
    state$.next('loading');
    load().then(
      (module) => {
        loaded = { module };
        state$.next('loaded');
        for (const resolve of waiting.splice(0)) resolve(module);
      },
      () => {
        failures += 1;
        state$.next('failed');
      },
    );
  }

  return {
    get() {
      if (loaded) return Promise.resolve(loaded.module);
      const promise = new Promise<M>((resolve) => waiting.push(resolve));
      if (state$.value === 'idle') attempt();
      return promise;
    },
    retry() {
      if (state$.value === 'failed') attempt();
    },
    state$: state$.asObservable(),
    failures: () => failures,
  };
}

/** socket.io-client, its own chunk: one loader for the tab's socket and the chat's. */
export const socketClient = onDemandCode(() => import('socket.io-client'));

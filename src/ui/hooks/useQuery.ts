import { startTransition, useCallback, useEffect, useState } from 'react';

export type QueryState<T> =
  | { kind: 'loading'; previous: T | null }
  | { kind: 'failed'; code: string }
  | { kind: 'ready'; value: T };

type Answer<T> = { key: string } & ({ value: T } | { code: string });

/** A query's state and what the view can ask of it. */
export interface Query<T> {
  state: QueryState<T>;
  /** Asks again; the last value stays on screen meanwhile (`loading` with `previous`). */
  refresh(): void;
}

/**
 * The one query hook of the views (issue 13: views never call the API from their own effects;
 * eslint.config.js holds them to it). Loads `load()` for `key` (null: nothing to ask, e.g. a
 * bad range or a section not yet near the viewport): a newer key, a refresh or unmounting
 * aborts the older request, so a slow answer never replaces a newer one; the last value stays
 * on screen while the next loads. `key` must change whenever what `load` asks for changes (it
 * stands for the query's content).
 */
export function useQuery<T>(
  key: string | null,
  load: (signal: AbortSignal) => Promise<T>,
  options: {
    /** Show the answer as a transition (React may interrupt its render): below-the-fold lists. */
    transition?: boolean;
  } = {},
): Query<T> {
  const [generation, setGeneration] = useState(0);
  const asked = key === null ? null : `${generation}\u0000${key}`;
  const [answer, setAnswer] = useState<Answer<T> | null>(null);
  const [last, setLast] = useState<T | null>(null);
  useEffect(() => {
    if (asked === null) return;
    const controller = new AbortController();
    load(controller.signal).then(
      (value) => {
        if (controller.signal.aborted) return;
        const show = () => {
          setAnswer({ key: asked, value });
          setLast(value);
        };
        if (options.transition) startTransition(show);
        else show();
      },
      (error: { code?: string }) => {
        if (!controller.signal.aborted)
          setAnswer({ key: asked, code: error.code ?? 'unknown_error' });
      },
    );
    return () => controller.abort();
    // `key` stands for `load`'s query: a new closure asking the same thing asks nothing new.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [asked]);
  const refresh = useCallback(() => setGeneration((n) => n + 1), []);
  let state: QueryState<T>;
  if (!answer || answer.key !== asked) state = { kind: 'loading', previous: last };
  else
    state =
      'value' in answer
        ? { kind: 'ready', value: answer.value }
        : { kind: 'failed', code: answer.code };
  return { state, refresh };
}

/** `useQuery`'s state alone, for views that never refresh. */
export function useKeyedQuery<T>(
  key: string | null,
  load: (signal: AbortSignal) => Promise<T>,
): QueryState<T> {
  return useQuery(key, load).state;
}

/** What a view shows of a query: its answer, or while the next one loads the last one. */
export function shownValue<T>(state: QueryState<T>): T | null {
  return state.kind === 'ready' ? state.value : state.kind === 'loading' ? state.previous : null;
}

import { useEffect, useState } from 'react';

export type QueryState<T> =
  | { kind: 'loading'; previous: T | null }
  | { kind: 'failed'; code: string }
  | { kind: 'ready'; value: T };

type Answer<T> = { key: string } & ({ value: T } | { code: string });

/**
 * Loads `load()` for `key` (null: nothing to ask, e.g. a bad range), like the member records'
 * useRecords: a newer key aborts the older request, so a slow answer never replaces a newer
 * one; the last value stays on screen while the next loads. `key` must change whenever what
 * `load` asks for changes (it stands for the query's content).
 */
export function useKeyedQuery<T>(
  key: string | null,
  load: (signal: AbortSignal) => Promise<T>,
): QueryState<T> {
  const [answer, setAnswer] = useState<Answer<T> | null>(null);
  const [last, setLast] = useState<T | null>(null);
  useEffect(() => {
    if (key === null) return;
    const controller = new AbortController();
    load(controller.signal).then(
      (value) => {
        setAnswer({ key, value });
        setLast(value);
      },
      (error: { code?: string }) => {
        if (!controller.signal.aborted) setAnswer({ key, code: error.code ?? 'unknown_error' });
      },
    );
    return () => controller.abort();
    // `key` stands for `load`'s query: a new closure asking the same thing asks nothing new.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
  if (!answer || answer.key !== key) return { kind: 'loading', previous: last };
  return 'value' in answer
    ? { kind: 'ready', value: answer.value }
    : { kind: 'failed', code: answer.code };
}

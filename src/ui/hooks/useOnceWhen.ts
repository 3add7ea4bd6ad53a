import { useEffect, useRef } from 'react';

/**
 * Calls `effect(value)` once, the first time `value` is not null (a machine's final output).
 * Later renders — with a new callback identity or the same value — do not call it again, so a
 * login is never completed twice.
 */
export function useOnceWhen<T>(value: T | null, effect: (value: T) => void): void {
  const done = useRef(false);
  const latest = useRef(effect);
  useEffect(() => {
    latest.current = effect;
  });
  useEffect(() => {
    if (value === null || done.current) return;
    done.current = true;
    latest.current(value);
  }, [value]);
}

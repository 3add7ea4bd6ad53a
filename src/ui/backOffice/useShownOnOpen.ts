import { useEffect, useRef } from 'react';

/**
 * Brings a card that just opened into view: on a phone it opens away from the button that
 * asked for it (the password above the list, the account below it).
 */
export function useShownOnOpen() {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    ref.current?.scrollIntoView({ block: 'nearest' });
  }, []);
  return ref;
}

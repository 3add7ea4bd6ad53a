import type { BalanceChange } from './wallets';

type Listener = (changes: BalanceChange[]) => void;

/** Committed balance changes, announced after the transaction (the realtime layer emits them). */
export function createBalanceEvents() {
  const listeners = new Set<Listener>();
  return {
    announce(changes: BalanceChange[]): void {
      if (changes.length === 0) return;
      for (const listener of listeners) listener(changes);
    },
    onChange(listener: Listener): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export type BalanceEvents = ReturnType<typeof createBalanceEvents>;

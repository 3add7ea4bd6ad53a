import { createAnnouncer } from '../announcer';
import type { BalanceChange } from './wallets';

/** Committed balance changes, announced after the transaction (the realtime layer emits them). */
export function createBalanceEvents() {
  const announcer = createAnnouncer<BalanceChange[]>();
  return {
    announce(changes: BalanceChange[]): void {
      if (changes.length > 0) announcer.announce(changes);
    },
    onChange: announcer.onChange,
  };
}

export type BalanceEvents = ReturnType<typeof createBalanceEvents>;

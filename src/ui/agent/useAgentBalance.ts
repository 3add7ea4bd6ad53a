import { useServices } from '../core/ServicesContext';
import { useObservable } from '../hooks/useObservable';

/**
 * The agent's own wallet (an agent is a member with a main wallet): balance$, kept live by the
 * socket's `balance` events (src/streams/balance.ts). Null until the first snapshot.
 */
export function useAgentBalance() {
  return useObservable(useServices().balance.balance$, null);
}

import { useEffect } from 'react';
import { merge } from 'rxjs';
import { useServices } from '../core/ServicesContext';

/**
 * Calls `refresh` when the member's settings change (`rg`, another tab or the operator), when
 * money moves (`balance`: a deposit or a bet uses a limit) and after a reconnect that may have
 * missed either.
 */
export function useRefreshOnRg(refresh: () => void): void {
  const { realtime } = useServices();
  useEffect(() => {
    const subscription = merge(
      realtime.event$('rg'),
      realtime.event$('balance'),
      realtime.reconnected$,
    ).subscribe(() => refresh());
    return () => subscription.unsubscribe();
  }, [realtime, refresh]);
}

import { useEffect } from 'react';
import { useServices } from '../../core/ServicesContext';

/** Calls `refresh` when the member's inbox changes: an operator's answer has just arrived. */
export function useRefreshOnMessages(refresh: () => void): void {
  const { realtime } = useServices();
  useEffect(() => {
    const subscription = realtime.event$('message').subscribe(() => refresh());
    return () => subscription.unsubscribe();
  }, [realtime, refresh]);
}

import { useEffect } from 'react';
import type { ServerToClientEvents } from '../../shared/realtime';
import { useServices } from '../core/ServicesContext';

/**
 * Calls `refresh` on every socket event of the named kinds while the page is open: the pages
 * whose figures move with play (VIP progress, the manual rebate) follow the member's `balance`
 * events, which every settled bet sends.
 */
export function useRefreshOn(events: (keyof ServerToClientEvents)[], refresh: () => void): void {
  const { realtime } = useServices();
  const names = events.join(',');
  useEffect(() => {
    const subscriptions = names
      .split(',')
      .map((name) =>
        realtime.event$(name as keyof ServerToClientEvents).subscribe(() => refresh()),
      );
    return () => subscriptions.forEach((subscription) => subscription.unsubscribe());
  }, [realtime, names, refresh]);
}

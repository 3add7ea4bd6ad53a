import { useMachine } from '@xstate/react';
import { useMemo } from 'react';
import { fromObservable } from 'xstate';
import { systemStatusMachine } from '../../../machines/systemStatus';
import { useServices } from '../../core/ServicesContext';

/**
 * Runs the systemStatus machine on the live status (the REST answer kept current by pushes) and
 * on the socket client's code, whose failure to load it shows as a notice.
 */
export function useSystemStatus() {
  const services = useServices();
  const machine = useMemo(
    () =>
      systemStatusMachine.provide({
        actors: {
          status: fromObservable(() => services.systemStatus$),
          socketClient: fromObservable(() => services.socketClient.state$),
        },
        actions: {
          retryLive: () => services.socketClient.retry(),
          // Pressed by the person, never by the page itself: a reload that fails again shows
          // the notice again and waits for them (no reload loop).
          reloadPage: () => window.location.reload(),
        },
      }),
    [services],
  );
  return useMachine(machine);
}

import { useMachine } from '@xstate/react';
import { useEffect, useMemo } from 'react';
import { fromPromise } from 'xstate';
import { systemStatusMachine } from '../../../machines/systemStatus';
import { useServices } from '../../core/ServicesContext';

/** Runs the systemStatus machine with the real API and feeds it the socket's pushes. */
export function useSystemStatus() {
  const services = useServices();
  const machine = useMemo(
    () =>
      systemStatusMachine.provide({
        actors: { fetchStatus: fromPromise(() => services.systemApi.status()) },
      }),
    [services],
  );
  const [snapshot, send] = useMachine(machine);

  useEffect(() => {
    const pushes = services.system$.subscribe((event) => send({ type: 'system.pushed', event }));
    const reconnects = services.realtime.reconnected$.subscribe(() =>
      send({ type: 'connection.restored' }),
    );
    return () => {
      pushes.unsubscribe();
      reconnects.unsubscribe();
    };
  }, [services, send]);

  return [snapshot, send] as const;
}

import { useMachine } from '@xstate/react';
import { useMemo } from 'react';
import { fromObservable } from 'xstate';
import { systemStatusMachine } from '../../../machines/systemStatus';
import { useServices } from '../../core/ServicesContext';

/** Runs the systemStatus machine on the live status (the REST answer kept current by pushes). */
export function useSystemStatus() {
  const services = useServices();
  const machine = useMemo(
    () =>
      systemStatusMachine.provide({
        actors: { status: fromObservable(() => services.systemStatus$) },
      }),
    [services],
  );
  return useMachine(machine);
}

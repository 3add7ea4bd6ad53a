import type { SystemEvent } from '../../src/shared/realtime';
import { statusCodeOf } from '../../src/shared/system';
import type { MaintenanceState } from '../domain/system/maintenance';
import type { RealtimeServer } from './io';
import { socketEvents } from '../metrics';

/**
 * Tells every open page its new status. Region restriction depends on the visitor, so each
 * region room gets its own status. `seq` is the maintenance setting's persisted version, so it
 * keeps growing across server restarts and a client can drop stale events.
 */
export function publishSystemStatus(io: RealtimeServer, state: MaintenanceState): void {
  const maintenanceEnd = state.enabled ? state.end : null;
  const eventFor = (regionRestriction: boolean): SystemEvent => ({
    status: statusCodeOf({ maintenance: state.enabled, regionRestriction }),
    maintenanceEnd,
    seq: state.version,
  });
  io.to('region:open').emit('system', eventFor(false));
  io.to('region:blocked').emit('system', eventFor(true));
  socketEvents.inc({ event: 'system' }, 2);
}

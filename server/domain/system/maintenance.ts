import type { Database } from '../../db/types';

export interface MaintenanceState {
  enabled: boolean;
  /** ISO instant when maintenance is expected to end, or null. */
  end: string | null;
  /** Grows by one on every switch and survives restarts: the `seq` of `system` events. */
  version: number;
}

type Listener = (state: MaintenanceState) => void;

const SETTING_KEY = 'maintenance';

/**
 * Maintenance is switched by the operator at run time and must survive restarts, so it lives
 * in `system_settings`; the configuration file only gives the value before the first switch.
 * Reads are served from memory: every page load asks for it.
 */
export async function createMaintenanceSwitch(
  db: Database,
  initial: Omit<MaintenanceState, 'version'>,
) {
  const rows = await db.query<{ value: MaintenanceState }>(
    'select value from system_settings where key = $1',
    [SETTING_KEY],
  );
  let current: MaintenanceState = rows[0]?.value ?? { ...initial, version: 0 };
  const listeners = new Set<Listener>();

  return {
    get: (): MaintenanceState => current,
    async set(change: Omit<MaintenanceState, 'version'>): Promise<MaintenanceState> {
      const next: MaintenanceState = { ...change, version: current.version + 1 };
      await db.query(
        `insert into system_settings (key, value, updated_at) values ($1, $2, now())
         on conflict (key) do update set value = excluded.value, updated_at = now()`,
        [SETTING_KEY, JSON.stringify(next)],
      );
      // Publish after the write commits (ARCHITECTURE, Realtime).
      current = next;
      for (const listener of listeners) listener(current);
      return current;
    },
    onChange(listener: Listener): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export type MaintenanceSwitch = Awaited<ReturnType<typeof createMaintenanceSwitch>>;

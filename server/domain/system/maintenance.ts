import type { Database } from '../../db/types';

export interface MaintenanceState {
  enabled: boolean;
  /** ISO instant when maintenance is expected to end, or null. */
  end: string | null;
  /** Grows by one on every switch and survives restarts: the `seq` of `system` events. */
  version: number;
}

/**
 * `local`: this process switched it (and publishes it to the pages and the other processes).
 * `remote`: another process did, and has already told the pages; this one only follows.
 */
export type MaintenanceOrigin = 'local' | 'remote';

type Listener = (state: MaintenanceState, origin: MaintenanceOrigin) => void;

const SETTING_KEY = 'maintenance';

/**
 * Maintenance is switched by the operator at run time and must survive restarts, so it lives
 * in `system_settings`; the configuration file only gives the value before the first switch.
 * Reads are served from memory (every page load asks for it); with several processes, each
 * follows the others' switches (`adopt`, from the realtime layer) and re-reads the row now and
 * then (`refresh`) in case such a message was lost.
 */
export async function createMaintenanceSwitch(
  db: Database,
  initial: Omit<MaintenanceState, 'version'>,
) {
  const read = async (): Promise<MaintenanceState | null> => {
    const rows = await db.query<{ value: MaintenanceState }>(
      'select value from system_settings where key = $1',
      [SETTING_KEY],
    );
    return rows[0]?.value ?? null;
  };
  let current: MaintenanceState = (await read()) ?? { ...initial, version: 0 };
  const listeners = new Set<Listener>();

  /** Newer versions win; the same or an older one (a late or repeated message) is ignored. */
  const accept = (state: MaintenanceState, origin: MaintenanceOrigin): boolean => {
    if (state.version <= current.version) return false;
    current = state;
    for (const listener of listeners) listener(current, origin);
    return true;
  };

  return {
    get: (): MaintenanceState => current,
    async set(change: Omit<MaintenanceState, 'version'>): Promise<MaintenanceState> {
      // The version is taken in the statement: two processes switching at once get two
      // versions, never the same one twice.
      const [row] = await db.query<{ value: MaintenanceState }>(
        `insert into system_settings (key, value, updated_at)
           values ($1, jsonb_build_object('enabled', $2::boolean, 'end', $3::text, 'version', $4::int), now())
         on conflict (key) do update
           set value = jsonb_build_object('enabled', $2::boolean, 'end', $3::text, 'version',
                 coalesce((system_settings.value ->> 'version')::int, 0) + 1),
               updated_at = now()
         returning value`,
        [SETTING_KEY, change.enabled, change.end, current.version + 1],
      );
      // Published after the write committed (ARCHITECTURE, Realtime).
      accept(row!.value, 'local');
      return current;
    },
    /** A switch made by another process (its version is already stored). */
    adopt(state: MaintenanceState): void {
      accept(state, 'remote');
    },
    /** Re-reads the stored switch; a newer one than this process knows is followed. */
    async refresh(): Promise<void> {
      const stored = await read();
      if (stored) accept(stored, 'remote');
    },
    onChange(listener: Listener): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export type MaintenanceSwitch = Awaited<ReturnType<typeof createMaintenanceSwitch>>;

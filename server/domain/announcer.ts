type Listener<T> = (value: T) => void;

/**
 * Committed changes announced after their transaction, for the realtime layer to publish
 * (ARCHITECTURE, Realtime: never from inside a transaction).
 */
export function createAnnouncer<T>() {
  const listeners = new Set<Listener<T>>();
  return {
    announce(value: T): void {
      for (const listener of listeners) listener(value);
    },
    onChange(listener: Listener<T>): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export type Announcer<T> = ReturnType<typeof createAnnouncer<T>>;

/** Session ends the realtime layer tells open tabs about (socket `session` event). */
export type RevocationListener = (sessionIds: string[], reason: string) => void;

export function createRevocations() {
  const listeners = new Set<RevocationListener>();
  return {
    /** Call after the revoking transaction committed. */
    announce(sessionIds: string[], reason: string): void {
      if (sessionIds.length === 0) return;
      for (const listener of listeners) listener(sessionIds, reason);
    },
    onRevoked(listener: RevocationListener): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export type Revocations = ReturnType<typeof createRevocations>;

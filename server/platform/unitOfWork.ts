import { tryJobLock } from '../db/locks';
import type { Queryable } from '../db/types';
import type { Change, ChangeKind, ChangeMap } from './changes';
import type { Platform } from './platform';

type Listener<K extends ChangeKind> = (change: ChangeMap[K]) => void;

/**
 * The committed changes, by kind (server/platform/changes.ts). Anyone may listen (the realtime
 * layer, a test, a benchmark); only this module publishes (`commit`, `publish`), after the
 * transaction that made the change has committed (ARCHITECTURE, Realtime).
 */
export interface Changes {
  on<K extends ChangeKind>(kind: K, listener: Listener<K>): () => void;
}

const emitters = new WeakMap<Changes, (change: Change) => void>();

export function createChanges(): Changes {
  const listeners = new Map<ChangeKind, Set<(change: unknown) => void>>();
  const changes: Changes = {
    on(kind, listener) {
      const set = listeners.get(kind) ?? new Set();
      listeners.set(kind, set);
      const wrapped = listener as (change: unknown) => void;
      set.add(wrapped);
      return () => set.delete(wrapped);
    },
  };
  emitters.set(changes, ({ kind, change }) => {
    if (kind === 'balance' && change.length === 0) return;
    if (
      (kind === 'sessionsEnded' || kind === 'staffSessionsEnded') &&
      change.sessionIds.length === 0
    )
      return;
    for (const listener of listeners.get(kind) ?? []) {
      // One listener's failure never keeps the change from the others, nor reaches the
      // command, whose work has committed.
      try {
        listener(change);
      } catch (error) {
        console.error(`a listener of ${kind} changes failed:`, error);
      }
    }
  });
  return changes;
}

/** One unit of work: its transaction, and what it changed so far. */
export interface Work {
  tx: Queryable;
  /** Records a change; it is published once the transaction has committed, never before. */
  changed<K extends ChangeKind>(kind: K, change: ChangeMap[K]): void;
  /**
   * A read that must see the committed state (a period's total, which concurrent units of work
   * add to), done after the commit; the changes it answers are published with the others.
   */
  afterCommit(read: AfterCommit): void;
  /**
   * `afterCommit` for a command whose answer must not wait for the read (issue 31: a bet; the
   * agent's salary total is announced right after, not before, the player's answer).
   */
  afterAnswer(read: AfterCommit): void;
  /** Everything recorded, in order. */
  readonly recorded: readonly Change[];
  readonly reads: readonly AfterCommit[];
  readonly detachedReads: readonly AfterCommit[];
}

/** A read after the commit that answers what to publish (server/platform/changes.ts). */
export type AfterCommit = (platform: Pick<Platform, 'db'>) => Promise<Change[]>;

/** A unit of work on a transaction the caller already holds (the caller publishes after). */
export function workOn(tx: Queryable): Work {
  const recorded: Change[] = [];
  const reads: AfterCommit[] = [];
  const detachedReads: AfterCommit[] = [];
  return {
    tx,
    changed(kind, change) {
      recorded.push({ kind, change } as Change);
    },
    afterCommit(read) {
      reads.push(read);
    },
    afterAnswer(read) {
      detachedReads.push(read);
    },
    recorded,
    reads,
    detachedReads,
  };
}

/**
 * Runs `run` in one transaction and publishes what it recorded after the commit. A rollback
 * (a thrown error) publishes nothing. The one way domain commands make their changes live.
 */
export async function commit<T>(
  platform: Pick<Platform, 'db' | 'changes'>,
  run: (work: Work) => Promise<T>,
  /** What the result says changed, for a command that returns its changes. */
  changed?: (result: T) => Change[],
): Promise<T> {
  let work: Work | null = null;
  const result = await platform.db.transaction((tx) => {
    // A retried transaction starts with nothing recorded.
    work = workOn(tx);
    return run(work);
  });
  const done = work as Work | null;
  if (done) {
    if (changed)
      for (const change of changed(result)) done.changed(change.kind, change.change as never);
    await published(platform, done);
  }
  return result;
}

/**
 * `commit` for a job that must run once across processes: the job's advisory lock is taken in
 * the unit of work's transaction (server/db/locks.ts), or nothing runs when another process
 * holds it.
 */
export async function commitExclusive<T>(
  platform: Pick<Platform, 'db' | 'changes'>,
  lock: number,
  run: (work: Work) => Promise<T>,
  changed?: (result: T) => Change[],
): Promise<{ ran: true; result: T } | { ran: false }> {
  return commit(
    platform,
    async (work) => {
      if (!(await tryJobLock(work.tx, lock))) return { ran: false } as const;
      return { ran: true, result: await run(work) } as const;
    },
    (outcome) => (outcome.ran && changed ? changed(outcome.result) : []),
  );
}

/** The detached reads still running, per platform (see `readsSettled`). */
const pendingReads = new WeakMap<Changes, Set<Promise<void>>>();

/**
 * After the commit of `work` (one the caller ran with `workOn`): publishes what it recorded,
 * then does its reads and publishes what they answer; the detached reads (`afterAnswer`) run
 * without holding the command, and publish when they have their answer. A failed read is
 * logged, never thrown: the command's work is done and committed.
 */
export async function published(
  platform: Pick<Platform, 'db' | 'changes'>,
  work: Pick<Work, 'recorded' | 'reads'> & Partial<Pick<Work, 'detachedReads'>>,
): Promise<void> {
  publish(platform, work.recorded);
  const detached = work.detachedReads ?? [];
  if (detached.length > 0) {
    const running = readAll(platform, [...detached]);
    const set = pendingReads.get(platform.changes) ?? new Set<Promise<void>>();
    pendingReads.set(platform.changes, set);
    set.add(running);
    void running.finally(() => set.delete(running));
  }
  await readAll(platform, work.reads);
}

async function readAll(
  platform: Pick<Platform, 'db' | 'changes'>,
  reads: readonly AfterCommit[],
): Promise<void> {
  for (const read of reads) {
    try {
      publish(platform, await read(platform));
    } catch (error) {
      console.error('a read after commit failed:', error);
    }
  }
}

/** Resolves when every detached read started so far has published (before closing). */
export async function readsSettled(platform: Pick<Platform, 'changes'>): Promise<void> {
  const set = pendingReads.get(platform.changes);
  while (set && set.size > 0) await Promise.all([...set]);
}

/**
 * Publishes changes that have committed: those a unit of work recorded, or those a command
 * made in a statement of its own (one ledger posting is its own transaction). A listener's
 * failure never reaches the command, whose work is done.
 */
export function publish(platform: Pick<Platform, 'changes'>, changes: readonly Change[]): void {
  const emit = emitters.get(platform.changes);
  if (!emit) throw new Error('changes not created by createChanges()');
  for (const change of changes) emit(change);
}

/** Shorthand for one committed change. */
export function publishOne<K extends ChangeKind>(
  platform: Pick<Platform, 'changes'>,
  kind: K,
  change: ChangeMap[K],
): void {
  publish(platform, [{ kind, change } as Change]);
}

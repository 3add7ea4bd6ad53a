import { Subject } from 'rxjs';
import { describe, expect, it } from 'vitest';
import { createActor, fromObservable, type SnapshotFrom } from 'xstate';
import { type SystemStatusEvent, systemStatusMachine } from '../../src/machines/systemStatus';
import { systemStatusPaths } from '../../src/machines/systemStatus.paths';
import type { CodeLoadState } from '../../src/streams/onDemandCode';
import type { LiveSystemStatus } from '../../src/streams/system';
import {
  type ModelPath,
  testModelOf,
  transitionPaths,
  graphOf,
  pathsOf,
} from './support/pathModel';

/**
 * Model-based tests: every shortest and simple path through the systemStatus graph is replayed
 * against the real machine with a live status the path itself feeds (answers, switches) or
 * breaks. Which push is newer is the live primitive's rule (tests/unit/streams), not the
 * machine's.
 */
type Machine = typeof systemStatusMachine;
type Snapshot = SnapshotFrom<Machine>;

// The traversal walks the invoked live status's values and its error (ARCHITECTURE, State
// machines).
type ModelEvent =
  | SystemStatusEvent
  | { type: 'xstate.snapshot.status'; snapshot: { context: LiveSystemStatus } }
  | { type: 'xstate.error.actor.status'; error: Error }
  | { type: 'xstate.snapshot.socketClient'; snapshot: { context: CodeLoadState } };

/**
 * What the model leaves out, tried besides its events: the live status failing after it has
 * answered (the site never lets it: streams/live.ts keeps the face), so the machine's own
 * answer to it is walked too.
 */
const LATE_FAILURE = {
  label: 'status.error:late',
  event: { type: 'xstate.error.actor.status', error: new Error('network down') } as ModelEvent,
};

/**
 * The machine's one model (src/machines/systemStatus.paths.ts, the same the paths tool walks
 * on a site), and the same with the late failure above wherever the model does not send a
 * failure of its own (too many simple paths to replay: each of its transitions is, once).
 */
const model = testModelOf(systemStatusPaths);
const withLateFailure = testModelOf({
  ...systemStatusPaths,
  events: (snapshot: Snapshot) => {
    const events = systemStatusPaths.events(snapshot);
    return events.some(({ event }) => event.type === 'xstate.error.actor.status')
      ? events
      : [...events, LATE_FAILURE];
  },
});

/** The system under test: the real machine, on a live status the test controls. */
function createSut() {
  const watched: Subject<LiveSystemStatus>[] = [];
  const client = new Subject<CodeLoadState>();
  const calls = { retryLive: 0, reloadPage: 0 };
  const actor = createActor(
    systemStatusMachine.provide({
      actors: {
        status: fromObservable(() => {
          const live = new Subject<LiveSystemStatus>();
          watched.push(live);
          return live;
        }),
        socketClient: fromObservable(() => client),
      },
      actions: {
        retryLive: () => void calls.retryLive++,
        reloadPage: () => void calls.reloadPage++,
      },
    }),
  ).start();
  const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
  return { actor, watched, client, calls, settle };
}

const stateName = (value: unknown) =>
  typeof value === 'string' ? value : Object.values(value as Record<string, string>)[0]!;

const expectations: Record<
  string,
  (sut: ReturnType<typeof createSut>, lastError: string | null) => void
> = {
  loading: ({ watched }) => {
    // (The last answer may still be held: a retry after a later failure keeps its app.)
    // Loading always means the live status is being watched.
    expect(watched.at(-1)?.observed).toBe(true);
  },
  normal: ({ actor }) => {
    expect(actor.getSnapshot().context.code).toBe(0);
  },
  maintenance: ({ actor }) => {
    expect(actor.getSnapshot().context.code).toBe(1);
    expect(actor.getSnapshot().context.maintenanceEnd).not.toBeNull();
  },
  regionRestricted: ({ actor }) => {
    expect(actor.getSnapshot().context.code).toBe(2);
  },
  unavailable: ({ actor, watched }, lastError) => {
    // The message of the failure that led here.
    expect(actor.getSnapshot().context.error).toBe(lastError);
    expect(watched.at(-1)?.observed).toBe(false);
  },
};

async function replay(path: ModelPath<Snapshot>) {
  const sut = createSut();
  let lastError: string | null = null;
  for (const step of path.steps) {
    // The first step of every path is the machine's own start event.
    const event = step.event as ModelEvent | { type: 'xstate.init' };
    const live = sut.watched.at(-1);
    const before = { ...sut.calls };
    if (event.type === 'xstate.snapshot.status') live?.next(event.snapshot.context);
    else if (event.type === 'xstate.error.actor.status') {
      lastError = event.error.message;
      live?.error(event.error);
    } else if (event.type === 'xstate.snapshot.socketClient')
      sut.client.next(event.snapshot.context);
    else if (event.type !== 'xstate.init') sut.actor.send(event);
    await sut.settle();
    const expected = stateName(step.state.value);
    expect(stateName(sut.actor.getSnapshot().value), `after ${event.type}`).toBe(expected);
    // The live notice is up exactly as the model says; its buttons ask for the code or a reload.
    const liveFailed = (step.state as Snapshot).context.liveFailed;
    expect(sut.actor.getSnapshot().context.liveFailed, `after ${event.type}`).toBe(liveFailed);
    if (event.type === 'live.retry') expect(sut.calls.retryLive).toBe(before.retryLive + 1);
    if (event.type === 'live.reload') {
      expect(sut.calls.reloadPage).toBe(before.reloadPage + 1);
      expect(sut.actor.getSnapshot().context.snapshot).toBeNull();
    }
    const check = expectations[expected];
    if (!check) throw new Error(`state "${expected}" has no assertion`);
    check(sut, lastError);
  }
  sut.actor.stop();
}

describe('systemStatus machine (model-based)', () => {
  const shortest = pathsOf(() => model.getShortestPaths());
  const simple = pathsOf(() => model.getSimplePaths());

  it('keeps the graph the model documents', async () => {
    await expect(graphOf(model)).toMatchFileSnapshot('graphs/systemStatus.txt');
    await expect(graphOf(withLateFailure)).toMatchFileSnapshot(
      'graphs/systemStatus.lateFailure.txt',
    );
  });

  it('reaches every state the user can see', () => {
    const reached = new Set(
      shortest.flatMap((path) => path.steps.map((step) => stateName(step.state.value))),
    );
    expect([...reached].sort()).toEqual(Object.keys(expectations).sort());
  });

  describe.each(shortest.map((path) => [path.description, path] as const))(
    'shortest: %s',
    (_name, path) => {
      it('the real machine follows the path', () => replay(path));
    },
  );

  it(`follows all ${simple.length} simple paths`, async () => {
    expect(simple.length).toBeGreaterThan(shortest.length);
    for (const path of simple) await replay(path);
  });

  const late = pathsOf(() =>
    transitionPaths(withLateFailure, (snapshot) => systemStatusPaths.key!(snapshot)),
  );
  it(`follows every transition once with a late failure besides (${late.length} paths)`, async () => {
    expect(late.some((path) => path.steps.at(-1)?.event === LATE_FAILURE.event)).toBe(true);
    for (const path of late) await replay(path);
  });
});

describe('systemStatus machine (examples)', () => {
  const normal = {
    ...{ response: null as never, code: 0, maintenanceEnd: null, seq: 1 },
  } as LiveSystemStatus;

  it('takes the notice down when the live code loads after all', async () => {
    const sut = createSut();
    sut.client.next('failed');
    await sut.settle();
    expect(sut.actor.getSnapshot().context.liveFailed).toBe(true);
    sut.client.next('loaded');
    await sut.settle();
    expect(sut.actor.getSnapshot().context.liveFailed).toBe(false);
    sut.actor.stop();
  });

  it('a reload watches the status anew, from the loader', async () => {
    const sut = createSut();
    sut.watched[0]!.next(normal);
    sut.client.next('failed');
    await sut.settle();
    expect(sut.actor.getSnapshot().value).toEqual({ watching: 'normal' });
    sut.actor.send({ type: 'live.reload' });
    await sut.settle();
    expect(sut.actor.getSnapshot().value).toEqual({ watching: 'loading' });
    expect(sut.watched.map((live) => live.observed)).toEqual([false, true]);
    sut.actor.stop();
  });
});

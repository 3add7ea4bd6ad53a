import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, type SnapshotFrom } from 'xstate';
import { TestModel } from 'xstate/graph';
import { type SystemStatusEvent, systemStatusMachine } from '../../src/machines/systemStatus';
import type { SystemStatusResponse } from '../../src/shared/system';

/**
 * Model-based tests: every shortest and simple path through the systemStatus graph is replayed
 * against the real machine with a fake status API that the path itself resolves or rejects.
 */
type Machine = typeof systemStatusMachine;
type Snapshot = SnapshotFrom<Machine>;

const response = (flags: {
  maintenance: boolean;
  regionRestriction: boolean;
}): SystemStatusResponse => ({
  info: {} as SystemStatusResponse['info'],
  location: { ip: '203.0.113.9' },
  maintenance: flags.maintenance,
  regionRestriction: flags.regionRestriction,
  maintenanceEnd: flags.maintenance ? '2026-12-01T06:00:00.000Z' : null,
});

// The traversal also walks the invoked fetch's done/error events (ARCHITECTURE, State machines).
type ModelEvent =
  | SystemStatusEvent
  | { type: 'xstate.done.actor.fetchStatus'; output: SystemStatusResponse }
  | { type: 'xstate.error.actor.fetchStatus'; error: Error };

/** Pushes stop after this many, which keeps the graph finite (seq is part of the state). */
const MAX_SEQ = 2;

function eventsIn(snapshot: Snapshot): ModelEvent[] {
  const next = snapshot.context.lastSeq + 1;
  const pushes: ModelEvent[] =
    next > MAX_SEQ
      ? []
      : [
          { type: 'system.pushed', event: { status: 1, maintenanceEnd: null, seq: next } },
          { type: 'system.pushed', event: { status: 0, maintenanceEnd: null, seq: next } },
          { type: 'system.pushed', event: { status: 2, maintenanceEnd: null, seq: next } },
        ];
  return [
    ...pushes,
    {
      type: 'xstate.done.actor.fetchStatus',
      output: response({ maintenance: false, regionRestriction: false }),
    },
    {
      type: 'xstate.done.actor.fetchStatus',
      output: response({ maintenance: true, regionRestriction: true }),
    },
    {
      type: 'xstate.done.actor.fetchStatus',
      output: response({ maintenance: false, regionRestriction: true }),
    },
    { type: 'xstate.error.actor.fetchStatus', error: new Error('network down') },
    // A stale push (seq not above the last) must change nothing.
    {
      type: 'system.pushed',
      event: { status: 1, maintenanceEnd: null, seq: snapshot.context.lastSeq },
    },
    { type: 'status.retry' },
    { type: 'connection.restored' },
  ];
}

const model = new TestModel(
  systemStatusMachine as never,
  {
    events: eventsIn as never,
    // States are told apart by what the user sees, plus the last applied seq (which decides
    // whether a push is stale).
    serializeState: (snapshot: Snapshot) =>
      `${JSON.stringify(snapshot.value)}#${snapshot.context.lastSeq}`,
  } as never,
) as unknown as TestModel<Snapshot, ModelEvent, unknown>;

/** The system under test: the real machine, with a status API the test controls. */
function createSut() {
  const pending: {
    resolve: (value: SystemStatusResponse) => void;
    reject: (error: Error) => void;
  }[] = [];
  const actor = createActor(
    systemStatusMachine.provide({
      actors: {
        fetchStatus: fromPromise(
          () =>
            new Promise<SystemStatusResponse>((resolve, reject) =>
              pending.push({ resolve, reject }),
            ),
        ),
      },
    }),
  ).start();
  const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
  return { actor, pending, settle };
}

const expectations: Record<string, (sut: ReturnType<typeof createSut>) => void> = {
  loading: ({ actor, pending }) => {
    expect(actor.getSnapshot().matches('loading')).toBe(true);
    // Loading always means a status request is in flight.
    expect(pending.length).toBeGreaterThan(0);
  },
  normal: ({ actor }) => {
    expect(actor.getSnapshot().context.code).toBe(0);
  },
  maintenance: ({ actor }) => {
    expect(actor.getSnapshot().context.code).toBe(1);
  },
  regionRestricted: ({ actor }) => {
    expect(actor.getSnapshot().context.code).toBe(2);
  },
  unavailable: ({ actor }) => {
    expect(actor.getSnapshot().context.error).toBe('network down');
  },
};

async function replay(path: ReturnType<typeof model.getShortestPaths>[number]) {
  const sut = createSut();
  for (const step of path.steps) {
    // The first step of every path is the machine's own start event.
    const event = step.event as ModelEvent | { type: 'xstate.init' };
    // The request in flight is the newest: older ones were cancelled when their state was left.
    if (event.type === 'xstate.done.actor.fetchStatus') {
      sut.pending.pop()?.resolve(event.output);
    } else if (event.type === 'xstate.error.actor.fetchStatus') {
      sut.pending.pop()?.reject(event.error);
    } else if (event.type !== 'xstate.init') {
      sut.actor.send(event);
    }
    await sut.settle();
    const expected = step.state.value as string;
    expect(sut.actor.getSnapshot().value, `after ${event.type}`).toBe(expected);
    const check = expectations[expected];
    if (!check) throw new Error(`state "${expected}" has no assertion`);
    check(sut);
  }
  sut.actor.stop();
}

describe('systemStatus machine (model-based)', () => {
  const shortest = model.getShortestPaths();
  const simple = model.getSimplePaths();

  it('reaches every state the user can see', () => {
    const reached = new Set(
      shortest.flatMap((path) => path.steps.map((step) => step.state.value as string)),
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
});

import type { AnyStateMachine, EventObject, SnapshotFrom } from 'xstate';
import { TestModel } from 'xstate/graph';
import { expect, it } from 'vitest';
import { type PathModel, stateValueKey } from '../../../src/shared/pathModel';

/**
 * The machine's one model (issue 29): the path model beside it in src (src/machines/*.paths.ts,
 * src/shared/*.paths.ts), the same one the paths tool walks on a site, turned into xstate's
 * TestModel so the model tests replay its paths against the machine with fake actors. Its
 * events, input and state key are the model's; an event is known by its label.
 */
export function testModelOf<TMachine extends AnyStateMachine>(
  paths: PathModel<TMachine>,
  /**
   * A finer state key than the model's, where a test walks what the page shows alike (every
   * second of a countdown): the same events, more states.
   */
  finerKey?: (snapshot: SnapshotFrom<TMachine>) => string,
) {
  type Snapshot = SnapshotFrom<TMachine>;
  const labels = new WeakMap<EventObject, string>();
  const key =
    finerKey ??
    paths.key ??
    ((snapshot: Snapshot) => stateValueKey((snapshot as { value: unknown }).value));
  return new TestModel(
    paths.machine as never,
    {
      events: (snapshot: Snapshot) =>
        paths.events(snapshot).map(({ label, event }) => {
          labels.set(event, label);
          return event;
        }),
      input: paths.input,
      serializeState: (snapshot: Snapshot) => key(snapshot),
      serializeEvent: (event: EventObject) => labels.get(event) ?? JSON.stringify(event),
    } as never,
  ) as unknown as TestModel<Snapshot, EventObject, unknown>;
}

/** One state of the walk and where each event tried there leads, by the event's label. */
export type Adjacency<TSnapshot> = Record<
  string,
  { state: TSnapshot; transitions: Record<string, { event: EventObject; state: TSnapshot }> }
>;

/** The walk's states and edges (xstate's adjacency map, typed for the tests). */
export const adjacencyOf = <TSnapshot>(
  model: TestModel<TSnapshot & SnapshotFrom<AnyStateMachine>, EventObject, unknown>,
) => model.getAdjacencyMap() as unknown as Adjacency<TSnapshot>;

export type ModelPath<TSnapshot> = {
  state: TSnapshot;
  steps: { event: EventObject; state: TSnapshot }[];
  description?: string;
};

/**
 * Every transition of the model once, from every state (those that change the state): the
 * shortest path to each state, then each of the model's events there. From every state: xstate
 * drops a shortest path that is the beginning of another (`deduplicatePaths`), so a state met
 * only on the way to others (a request in flight) would end no path of `getShortestPaths()`
 * and its transitions would be left out; `allowDuplicatePaths` keeps them. For a model whose
 * simple paths are too many to replay (the login form's run into tens of thousands), this
 * covers what they cover edge by edge.
 */
export function transitionPaths<TSnapshot>(
  model: TestModel<TSnapshot & SnapshotFrom<AnyStateMachine>, EventObject, unknown>,
  key: (snapshot: TSnapshot) => string,
): ModelPath<TSnapshot>[] {
  const adjacency = adjacencyOf(model);
  const covered: ModelPath<TSnapshot>[] = [];
  for (const to of model.getShortestPaths({ allowDuplicatePaths: true })) {
    const from = adjacency[key(to.state)];
    if (!from) continue;
    for (const next of Object.values(from.transitions)) {
      if (key(next.state) === key(to.state)) continue;
      covered.push({
        state: next.state,
        steps: [...to.steps, { event: next.event, state: next.state }],
      });
    }
  }
  return covered;
}

/** A context value as the graph writes it: actors and functions by kind, the rest as JSON. */
function plain(value: unknown): string {
  return JSON.stringify(value, (_key, inner: unknown) => {
    if (typeof inner === 'function') return '<function>';
    if (inner && typeof inner === 'object' && 'sessionId' in inner && 'send' in inner)
      return '<actor>';
    return inner;
  });
}

/**
 * The model's graph written down (issue 33): the initial state's context, then one line per event the model tries in a state,
 * `from --label--> to`, then what the step changes — each context field it assigns, the actors
 * running after it (an invoke's id and its input), its status and output when it ends the machine. The paths
 * take the state they expect after each step from the machine itself, so a changed target, a
 * dropped transition or a field assigned wrongly would replay cleanly; the tests keep this text
 * as a file snapshot (tests/model/graphs) so that such a change fails, and a deliberate one shows
 * in the diff.
 */
export function graphOf<TSnapshot>(
  model: TestModel<TSnapshot & SnapshotFrom<AnyStateMachine>, EventObject, unknown>,
): string {
  const key = (state: TSnapshot) =>
    (model.options.serializeState as (state: TSnapshot) => string)(state);
  type Walked = {
    value: unknown;
    status: string;
    output?: unknown;
    context: Record<string, unknown>;
    children: Record<string, unknown>;
  };
  const lines: string[] = [];
  for (const [from, { state, transitions }] of Object.entries(adjacencyOf(model))) {
    const before = state as Walked;
    for (const [label, next] of Object.entries(transitions)) {
      const after = next.state as Walked;
      const changed = Object.keys({ ...before.context, ...after.context })
        .filter((field) => plain(before.context[field]) !== plain(after.context[field]))
        .sort()
        .map((field) => `${field}=${plain(after.context[field])}`);
      const children = Object.entries(after.children)
        .map(([id, child]) => {
          const input = (child as { options?: { input?: unknown } }).options?.input;
          return input === undefined ? id : `${id}${plain(input)}`;
        })
        .sort()
        .join(',');
      const end = after.status === 'active' ? '' : ` [${after.status} ${plain(after.output)}]`;
      lines.push(
        `${from} --${label}--> ${key(next.state)}${end} {${children}}` +
          (changed.length ? ` ${changed.join(' ')}` : ''),
      );
    }
  }
  // The walk starts from the initial state: its whole context, which no step shows.
  const [start] = Object.entries(adjacencyOf(model));
  const initial = start ? `start ${start[0]} ${plain((start[1].state as Walked).context)}\n` : '';
  const text = `${initial}${lines.sort().join('\n')}\n`;
  // The models' keys come from a counter their module keeps (`key-1`, `key-2`…), which other
  // test files in the same worker may have moved on (vitest's isolate: false): numbered here
  // from the lowest this walk shows, the snapshot holds their order, not where the counter was.
  const made = [...new Set([...text.matchAll(/\bkey-(\d+)\b/g)].map((m) => Number(m[1])))].sort(
    (a, b) => a - b,
  );
  const renumbered = new Map(made.map((n, index) => [n, index + 1]));
  return text.replace(/\bkey-(\d+)\b/g, (_, n: string) => `key-${renumbered.get(Number(n))}`);
}

/**
 * The paths of a model, made while vitest collects the tests. A machine that cannot be walked
 * (a mutant of a mutation run: an unknown guard, no initial state) throws there; the error fails
 * a test of its own instead of the file's collection, which a mutation run would count as no
 * test at all (a survivor).
 */
export function pathsOf<TPath>(make: () => TPath[]): TPath[] {
  try {
    return make();
  } catch (error) {
    it('walks the model', () => {
      throw error;
    });
    return [];
  }
}

/**
 * The model-based tests a request machine's file shares (issue 33): its walked graph kept as a
 * file snapshot, the states and errors its shortest paths must reach, each shortest path
 * replayed on its own, and every transition replayed once. `replay` runs one path against the
 * real machine and checks each step.
 */
export function requestModelSuite<TSnapshot>(options: {
  model: TestModel<TSnapshot & SnapshotFrom<AnyStateMachine>, EventObject, unknown>;
  key: (snapshot: TSnapshot) => string;
  /** The snapshot file, relative to the test file. */
  graph: string;
  /** The title of the reach test and the keys it expects, sorted. */
  reaches: { title: string; keys: string[] };
  replay: (path: ModelPath<TSnapshot>) => Promise<void>;
}): void {
  const { model, key, replay } = options;
  const shortest = pathsOf(() => model.getShortestPaths()) as unknown as ModelPath<TSnapshot>[];
  const covering = pathsOf(() => transitionPaths(model, key));
  const nameOf = (path: ModelPath<TSnapshot>) =>
    `${key(path.state)} ← ${path.steps.map((step) => step.event.type).join(' → ')}`;

  it('keeps the graph the model documents', async () => {
    await expect(graphOf(model)).toMatchFileSnapshot(options.graph);
  });

  it(options.reaches.title, () => {
    const reached = new Set(shortest.flatMap((path) => path.steps.map((step) => key(step.state))));
    expect([...reached].sort()).toEqual(options.reaches.keys);
  });

  it.each(shortest.map((path) => [nameOf(path), path] as const))('shortest: %s', (_name, path) =>
    replay(path),
  );

  it(`makes all ${covering.length} transitions, checking each request's key`, async () => {
    for (const path of covering) await replay(path);
  });
}

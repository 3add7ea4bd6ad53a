import type { AnyStateMachine, EventObject, SnapshotFrom } from 'xstate';
import { TestModel } from 'xstate/graph';
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

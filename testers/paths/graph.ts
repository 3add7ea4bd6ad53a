import {
  type AnyMachineSnapshot,
  type AnyStateMachine,
  type EventObject,
  initialTransition,
  transition,
} from 'xstate';
import { type PathModel, stateValueKey } from './model';

/** One state of the graph: the first snapshot seen with its key. */
export interface GraphNode {
  key: string;
  /** The state value as a string (`idle`, `form.editing`). */
  value: string;
  snapshot: AnyMachineSnapshot;
  final: boolean;
}

/** One transition: from a state, an event (by its label), to a state. */
export interface GraphEdge {
  /** `from --label--> to`: unique in the graph. */
  id: string;
  from: string;
  to: string;
  label: string;
  event: EventObject;
}

export interface MachineGraph {
  model: string;
  initial: string;
  nodes: Map<string, GraphNode>;
  edges: GraphEdge[];
  /** Edges leaving each state, in the order the model lists its events. */
  outgoing: Map<string, GraphEdge[]>;
  /**
   * Event types some reachable state accepts that the model never sends there and does not
   * list as not driven: each is a gap in the registry.
   */
  undriven: { state: string; eventType: string }[];
}

/** The graph stops growing here: a model whose key lets it grow without end is a bug. */
const MAX_NODES = 2_000;

const keyOf = (model: PathModel, snapshot: AnyMachineSnapshot) =>
  model.key ? model.key(snapshot as never) : stateValueKey(snapshot.value);

/** The event types the active state nodes accept (their own transitions, `after` and actors). */
function acceptedEventTypes(snapshot: AnyMachineSnapshot): string[] {
  const nodes = (snapshot as unknown as { _nodes: { ownEvents: string[] }[] })._nodes;
  return [...new Set(nodes.flatMap((node) => node.ownEvents))].filter(
    (type) => type !== '*' && !type.startsWith('xstate.done.state.'),
  );
}

/**
 * The machine's reachable graph under the model: breadth first from the initial snapshot, each
 * state's events applied with XState's pure `transition` (nothing is executed: invoked actors
 * and delays are represented by their done, error and `after` events, which the model sends).
 * An event the state ignores makes no edge. Deterministic: the same model gives the same graph.
 */
export function buildGraph(model: PathModel): MachineGraph {
  const machine = model.machine as AnyStateMachine;
  const [initialSnapshot] = initialTransition(machine, model.input as never);
  const initial = keyOf(model, initialSnapshot);
  const nodes = new Map<string, GraphNode>();
  const edges: GraphEdge[] = [];
  const outgoing = new Map<string, GraphEdge[]>();
  const undriven: MachineGraph['undriven'] = [];
  const queue: AnyMachineSnapshot[] = [initialSnapshot];
  nodes.set(initial, node(initial, initialSnapshot));
  const notDriven = new Set(Object.keys(model.notDriven ?? {}));

  while (queue.length > 0) {
    const snapshot = queue.shift()!;
    const from = keyOf(model, snapshot);
    const leaving: GraphEdge[] = [];
    outgoing.set(from, leaving);
    if (snapshot.status !== 'active') continue;
    const events = model.events(snapshot as never);
    const labels = new Set<string>();
    for (const { label, event } of events) {
      if (labels.has(label)) throw new Error(`${model.id}: label ${label} twice in ${from}`);
      labels.add(label);
      const [next]: [AnyMachineSnapshot, unknown] = transition(machine, snapshot, event as never);
      if (next === snapshot || sameState(next, snapshot)) continue;
      const to = keyOf(model, next);
      if (!nodes.has(to)) {
        if (nodes.size >= MAX_NODES) {
          throw new Error(`${model.id}: more than ${MAX_NODES} states; is its key bounded?`);
        }
        nodes.set(to, node(to, next));
        queue.push(next);
      }
      const edge: GraphEdge = { id: `${from} --${label}--> ${to}`, from, to, label, event };
      edges.push(edge);
      leaving.push(edge);
    }
    const sent = new Set(events.map(({ event }) => event.type));
    for (const eventType of acceptedEventTypes(snapshot)) {
      if (!sent.has(eventType) && !notDriven.has(eventType))
        undriven.push({ state: from, eventType });
    }
  }
  return { model: model.id, initial, nodes, edges, outgoing, undriven };
}

function node(key: string, snapshot: AnyMachineSnapshot): GraphNode {
  return {
    key,
    value: stateValueKey(snapshot.value),
    snapshot,
    final: snapshot.status !== 'active',
  };
}

/** An event that changed nothing: same value and context (a self-loop that does nothing). */
function sameState(a: AnyMachineSnapshot, b: AnyMachineSnapshot): boolean {
  return (
    stateValueKey(a.value) === stateValueKey(b.value) &&
    a.status === b.status &&
    JSON.stringify(a.context) === JSON.stringify(b.context)
  );
}

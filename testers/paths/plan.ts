import { buildGraph, type MachineGraph } from './graph';
import { machineVersion, pathId } from './ids';
import type { PathModel } from './model';
import { generatePaths, type Strategy, type StrategyOptions } from './strategies';

/** One path as the tool shows, stores and replays it. */
export interface PlannedPath {
  id: string;
  model: string;
  /** How it was made: a strategy, or `shrunk` from a failing path, or `replay`. */
  strategy: Strategy | 'shrunk' | 'replay';
  /** A transitions run's later round (2, 3…), planned around what the earlier ones met. */
  round?: number;
  steps: { label: string; from: string; to: string; edge: string }[];
}

/** A machine's paths under one strategy, with the graph they were made from. */
export interface MachinePlan {
  model: string;
  version: string;
  graph: MachineGraph;
  paths: PlannedPath[];
}

export interface PlanOptions extends StrategyOptions {
  /** Keep only paths through a state (key or value), an event label, or with this id. */
  filter?: string;
}

/** The paths of one machine: its graph, the strategy's paths, their ids, the filter. */
export function planMachine(
  model: PathModel,
  strategy: Strategy,
  options: PlanOptions = {},
): MachinePlan {
  const graph = buildGraph(model);
  const version = machineVersion(model.machine);
  const paths = generatePaths(graph, strategy, options).map((path): PlannedPath => ({
    id: pathId(model.id, version, path.steps),
    model: model.id,
    strategy,
    steps: path.steps.map((edge) => ({
      label: edge.label,
      from: edge.from,
      to: edge.to,
      edge: edge.id,
    })),
  }));
  const filter = options.filter;
  return {
    model: model.id,
    version,
    graph,
    paths: filter ? paths.filter((path) => matches(graph, path, filter)) : paths,
  };
}

function matches(graph: MachineGraph, path: PlannedPath, filter: string): boolean {
  if (path.id === filter) return true;
  return path.steps.some(
    (step) =>
      step.label === filter ||
      step.label.split(':')[0] === filter ||
      step.to === filter ||
      graph.nodes.get(step.to)?.value === filter,
  );
}

/** What a set of paths covers of the graph: states and transitions, out of the graph's counts. */
export interface Coverage {
  states: { total: number; covered: string[] };
  transitions: { total: number; covered: string[] };
}

export function coverageOf(graph: MachineGraph, paths: PlannedPath[]): Coverage {
  const states = new Set<string>(paths.length > 0 ? [graph.initial] : []);
  const transitions = new Set<string>();
  for (const path of paths) {
    for (const step of path.steps) {
      states.add(step.to);
      transitions.add(step.edge);
    }
  }
  return {
    states: { total: graph.nodes.size, covered: [...states].sort() },
    transitions: { total: graph.edges.length, covered: [...transitions].sort() },
  };
}

/** Two runs' coverage of one machine (same graph): the union. */
export function mergeCoverage(a: Coverage, b: Coverage): Coverage {
  if (a.states.total !== b.states.total || a.transitions.total !== b.transitions.total) {
    throw new Error('coverage of different graphs (another machine version?) cannot be merged');
  }
  const union = (x: string[], y: string[]) => [...new Set([...x, ...y])].sort();
  return {
    states: { total: a.states.total, covered: union(a.states.covered, b.states.covered) },
    transitions: {
      total: a.transitions.total,
      covered: union(a.transitions.covered, b.transitions.covered),
    },
  };
}

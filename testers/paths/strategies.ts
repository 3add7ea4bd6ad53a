import type { GraphEdge, MachineGraph } from './graph';
import { seededRandom } from '../../src/shared/seededRandom';

/** A path: the edges from the initial state, in order. */
export interface GeneratedPath {
  steps: GraphEdge[];
}

export const STRATEGIES = ['shortest', 'simple', 'random', 'transitions'] as const;
export type Strategy = (typeof STRATEGIES)[number];

export interface StrategyOptions {
  /** At most this many paths (after the strategy's own order). */
  maxPaths?: number;
  /** At most this many steps per path (a longer one is cut). */
  maxSteps?: number;
  /** The random walk's seed: the same seed gives the same walks. */
  seed?: number;
  /** The random walk stops once this share of transitions (0–1) is covered. */
  coverage?: number;
  /** The random walk stops after this many milliseconds of generating. */
  timeLimitMs?: number;
}

/**
 * Paths through a machine's graph by one of four strategies; every one is deterministic for a
 * graph and options (the random walk by its seed).
 */
export function generatePaths(
  graph: MachineGraph,
  strategy: Strategy,
  options: StrategyOptions = {},
): GeneratedPath[] {
  const maxPaths = options.maxPaths ?? Number.POSITIVE_INFINITY;
  const maxSteps = options.maxSteps ?? 50;
  let paths: GeneratedPath[];
  switch (strategy) {
    case 'shortest':
      paths = shortestPaths(graph);
      break;
    case 'simple':
      paths = simplePaths(graph, maxPaths, maxSteps);
      break;
    case 'random':
      paths = randomWalks(graph, { ...options, maxPaths, maxSteps });
      break;
    case 'transitions':
      paths = transitionCover(graph, maxSteps);
      break;
  }
  return paths
    .map((path) => ({ steps: path.steps.slice(0, maxSteps) }))
    .filter((path) => path.steps.length > 0)
    .slice(0, Number.isFinite(maxPaths) ? maxPaths : undefined);
}

/** Breadth-first predecessor edges from the initial state: the shortest way to each state. */
function shortestTree(graph: MachineGraph, from = graph.initial): Map<string, GraphEdge | null> {
  const via = new Map<string, GraphEdge | null>([[from, null]]);
  const queue = [from];
  while (queue.length > 0) {
    const at = queue.shift()!;
    for (const edge of graph.outgoing.get(at) ?? []) {
      if (via.has(edge.to)) continue;
      via.set(edge.to, edge);
      queue.push(edge.to);
    }
  }
  return via;
}

function pathTo(via: Map<string, GraphEdge | null>, target: string): GraphEdge[] | null {
  if (!via.has(target)) return null;
  const steps: GraphEdge[] = [];
  for (let edge = via.get(target); edge; edge = via.get(edge.from)) steps.unshift(edge);
  return steps;
}

/**
 * One shortest path to every state other than the initial one, leaving out a path that is the
 * start of another (its checks are all made by the longer one).
 */
function shortestPaths(graph: MachineGraph): GeneratedPath[] {
  const via = shortestTree(graph);
  const all = [...graph.nodes.keys()]
    .filter((key) => key !== graph.initial)
    .map((key) => pathTo(via, key))
    .filter((steps): steps is GraphEdge[] => steps !== null && steps.length > 0);
  return withoutPrefixes(all).map((steps) => ({ steps }));
}

/**
 * Paths that never visit a state twice, depth first in the model's event order, each ending
 * where it can go no further without a repeat (at most `maxPaths`).
 */
function simplePaths(graph: MachineGraph, maxPaths: number, maxSteps: number): GeneratedPath[] {
  const paths: GeneratedPath[] = [];
  const visit = (at: string, seen: Set<string>, steps: GraphEdge[]) => {
    if (paths.length >= maxPaths) return;
    const next = (graph.outgoing.get(at) ?? []).filter((edge) => !seen.has(edge.to));
    if (next.length === 0 || steps.length >= maxSteps) {
      if (steps.length > 0) paths.push({ steps: [...steps] });
      return;
    }
    for (const edge of next) {
      seen.add(edge.to);
      steps.push(edge);
      visit(edge.to, seen, steps);
      steps.pop();
      seen.delete(edge.to);
    }
  };
  visit(graph.initial, new Set([graph.initial]), []);
  return paths;
}

export { seededRandom };

/**
 * Seeded random walks from the initial state: each step takes one of the state's transitions at
 * random; a walk ends at a final state, a state with no way out, or `maxSteps`. Walks go on
 * until `maxPaths` walks, the coverage goal (share of transitions), or the time limit.
 */
function randomWalks(
  graph: MachineGraph,
  options: StrategyOptions & { maxPaths: number; maxSteps: number },
): GeneratedPath[] {
  const random = seededRandom(options.seed ?? 1);
  const goal = options.coverage ?? 1;
  const limit = Number.isFinite(options.maxPaths) ? options.maxPaths : 100;
  const deadline = options.timeLimitMs === undefined ? null : Date.now() + options.timeLimitMs;
  const covered = new Set<string>();
  const paths: GeneratedPath[] = [];
  const seen = new Set<string>();
  const total = graph.edges.length;
  // A walk already taken is not kept twice; a small graph may have fewer walks than asked for.
  for (
    let attempts = 0;
    paths.length < limit && (total === 0 || covered.size / total < goal) && attempts < limit * 20;
    attempts += 1
  ) {
    if (deadline !== null && Date.now() > deadline) break;
    const steps: GraphEdge[] = [];
    let at = graph.initial;
    while (steps.length < options.maxSteps) {
      const leaving = graph.outgoing.get(at) ?? [];
      if (leaving.length === 0) break;
      const edge = leaving[Math.floor(random() * leaving.length)]!;
      steps.push(edge);
      covered.add(edge.id);
      at = edge.to;
    }
    if (steps.length === 0) break;
    const key = steps.map((edge) => edge.id).join('\n');
    if (seen.has(key)) continue;
    seen.add(key);
    paths.push({ steps });
  }
  return paths;
}

/**
 * Every transition at least once in few paths (a Chinese-postman-style cover for paths that
 * start afresh from the initial state): a path goes to the nearest transition not yet covered,
 * takes it, and goes on from where it arrived to the next uncovered one while one can be
 * reached (and the path stays within `maxSteps`); a new path starts when none can. Transitions no path can reach are left out (the
 * graph holds only reachable ones).
 */
function transitionCover(graph: MachineGraph, maxSteps: number): GeneratedPath[] {
  const uncovered = new Set(graph.edges.map((edge) => edge.id));
  const paths: GeneratedPath[] = [];
  while (uncovered.size > 0) {
    const steps: GraphEdge[] = [];
    let at = graph.initial;
    for (;;) {
      const route = nearestUncovered(graph, at, uncovered);
      // A path longer than maxSteps is cut short: the next one starts afresh.
      if (!route || (steps.length > 0 && steps.length + route.length > maxSteps)) break;
      for (const edge of route) {
        steps.push(edge);
        uncovered.delete(edge.id);
      }
      at = route.at(-1)!.to;
    }
    if (steps.length === 0) break; // What is left cannot be reached: nothing more to do.
    paths.push({ steps });
  }
  return paths;
}

/** The shortest route from `from` that ends with an uncovered transition, or null. */
function nearestUncovered(
  graph: MachineGraph,
  from: string,
  uncovered: Set<string>,
): GraphEdge[] | null {
  const via = new Map<string, GraphEdge | null>([[from, null]]);
  const queue = [from];
  while (queue.length > 0) {
    const at = queue.shift()!;
    for (const edge of graph.outgoing.get(at) ?? []) {
      if (uncovered.has(edge.id)) {
        const before = pathTo(via, at) ?? [];
        return [...before, edge];
      }
      if (via.has(edge.to)) continue;
      via.set(edge.to, edge);
      queue.push(edge.to);
    }
  }
  return null;
}

function withoutPrefixes(all: GraphEdge[][]): GraphEdge[][] {
  const key = (steps: GraphEdge[]) => steps.map((edge) => edge.id).join('\n');
  const keys = all.map(key);
  return all.filter((steps, index) =>
    keys.every(
      (other, j) =>
        j === index ||
        !(other.length > keys[index]!.length && other.startsWith(`${keys[index]}\n`)),
    ),
  );
}

/**
 * What a run against a site has learnt of a machine's transitions so far (see `coverAround`).
 */
export interface CoverKnowledge {
  /** Transitions some path made on the site, with the page right after. */
  covered: Set<string>;
  /** Transitions the site could not make where a path asked for them (a driver's `cannot`). */
  cut: Set<string>;
  /**
   * Each cut with the transition its path was to take next (`cutPair`): a driver often cannot
   * make a transition because of what must follow it (an agent's invitation code, when the next
   * answer is the code accepted), so that pair is not planned again.
   */
  cutBefore: Set<string>;
  /** Transitions whose step failed: not asked for again (the failure is reported). */
  failed: Set<string>;
}

/** A cut transition and the one its path was to take next ('' for none). */
export const cutPair = (cut: string, next: string | undefined): string => `${cut}\n${next ?? ''}`;

/**
 * The transitions cover again, around what a run met (issue 15): paths to the transitions not
 * covered yet, never through a transition that failed, nor through one the site could not make
 * and has not made since (a path may still end with it: whether the site can make it depends on
 * the path so far, so it is tried once more from elsewhere), nor through a cut transition
 * followed by the transition that came after it when it was cut. A failed transition is not a
 * target. Empty when nothing uncovered can be reached that way.
 */
export function coverAround(
  graph: MachineGraph,
  { covered, cut, cutBefore, failed }: CoverKnowledge,
  maxSteps = 50,
): GeneratedPath[] {
  const uncovered = new Set(
    graph.edges.map((edge) => edge.id).filter((id) => !covered.has(id) && !failed.has(id)),
  );
  const passable = (edge: GraphEdge) =>
    !failed.has(edge.id) && (!cut.has(edge.id) || covered.has(edge.id));
  const follows = (before: GraphEdge | null, edge: GraphEdge) =>
    before === null || !cutBefore.has(cutPair(before.id, edge.id));
  const paths: GeneratedPath[] = [];
  while (uncovered.size > 0) {
    const steps: GraphEdge[] = [];
    for (;;) {
      const last = steps.at(-1) ?? null;
      const route = nearestAllowed(graph, last, uncovered, passable, follows);
      if (!route || (steps.length > 0 && steps.length + route.length > maxSteps)) break;
      for (const edge of route) {
        steps.push(edge);
        uncovered.delete(edge.id);
      }
      // Cut before: it may be cut again, and whatever came after it would be lost.
      if (!passable(route.at(-1)!)) break;
    }
    if (steps.length === 0) break;
    paths.push({ steps: steps.slice(0, Math.max(maxSteps, 1)) });
  }
  return paths;
}

/**
 * The shortest route on from the path's last step (or from the initial state) that ends with an
 * uncovered transition, taking only transitions `passable` allows (but the last) and never one
 * after another that `follows` refuses; null when there is none. Searched over transitions, not
 * states: what may come next depends on the step before.
 */
function nearestAllowed(
  graph: MachineGraph,
  last: GraphEdge | null,
  uncovered: Set<string>,
  passable: (edge: GraphEdge) => boolean,
  follows: (before: GraphEdge | null, edge: GraphEdge) => boolean,
): GraphEdge[] | null {
  interface Hop {
    edge: GraphEdge | null;
    back: Hop | null;
  }
  const routeTo = (hop: Hop, edge: GraphEdge) => {
    const route = [edge];
    for (let at: Hop | null = hop; at?.back; at = at.back) route.unshift(at.edge!);
    return route;
  };
  const seen = new Set<string>();
  const queue: Hop[] = [{ edge: last, back: null }];
  while (queue.length > 0) {
    const hop = queue.shift()!;
    const at = hop.edge?.to ?? graph.initial;
    for (const edge of graph.outgoing.get(at) ?? []) {
      if (!follows(hop.edge, edge)) continue;
      if (uncovered.has(edge.id)) return routeTo(hop, edge);
      if (!passable(edge) || seen.has(edge.id)) continue;
      seen.add(edge.id);
      queue.push({ edge, back: hop });
    }
  }
  return null;
}

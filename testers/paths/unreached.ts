import type { GraphEdge, MachineGraph } from './graph';
import type { PathResult } from './runner';
import type { CoverKnowledge } from './strategies';

/**
 * Why a transition was left unreached by a run:
 * - `cut`: the site cannot make it where the path asked for it (the driver's reason);
 * - `failed`: its step failed;
 * - `blocked`: every way to it passes a transition that was cut or failed (a transitions run
 *   plans its later rounds around those, and none of them could get there);
 * - `stopped`: the path that was to take it stopped before it (cut short or failed earlier);
 * - `skipped`: its paths were not run (what the site lacks);
 * - `notPlanned`: no path of the run takes it (the strategy, or a filter or limit).
 */
export type UnreachedKind = 'cut' | 'failed' | 'blocked' | 'stopped' | 'skipped' | 'notPlanned';

export interface Unreached {
  transition: string;
  kind: UnreachedKind;
  reason: string;
}

const firstLine = (text: string) => text.split('\n')[0]!.slice(0, 300);

/**
 * Every transition of the graph that no path of the run made, each with why (issue 15: a run
 * covers every transition or says, per machine, which it could not reach and why). `rounds`:
 * the run planned again around cut and failed transitions (a transitions run), so a transition
 * beyond them that it never reached is `blocked` by them.
 */
export function unreachedOf(
  graph: MachineGraph,
  results: PathResult[],
  knowledge: CoverKnowledge,
  rounds: boolean,
): Unreached[] {
  const cutReasons = new Map<string, string>();
  const failures = new Map<string, string>();
  const stopped = new Map<string, PathResult>();
  const skipped = new Map<string, string>();
  for (const result of results) {
    if (result.cut) cutReasons.set(result.cut.transition, result.cut.reason);
    for (const step of result.steps) {
      if (step.status === 'failed') {
        failures.set(step.edge, `${result.id}: ${firstLine(result.failure?.message ?? '')}`);
      }
      if (step.status !== 'notRun') continue;
      if (result.status === 'skipped') skipped.set(step.edge, result.skipped ?? 'not run');
      else stopped.set(step.edge, result);
    }
  }
  const blockers = rounds ? blockersOf(graph, knowledge) : null;
  const unreached: Unreached[] = [];
  for (const edge of graph.edges) {
    if (knowledge.covered.has(edge.id)) continue;
    const transition = edge.id;
    const cut = cutReasons.get(transition);
    const failed = failures.get(transition);
    const blocker = blockers?.(edge);
    const stop = stopped.get(transition);
    if (cut !== undefined) unreached.push({ transition, kind: 'cut', reason: cut });
    else if (failed !== undefined) {
      unreached.push({ transition, kind: 'failed', reason: `its step failed (${failed})` });
    } else if (blocker) {
      const why = cutReasons.get(blocker.id) ?? failures.get(blocker.id) ?? '';
      const what = knowledge.failed.has(blocker.id) ? 'failed' : 'was cut';
      unreached.push({
        transition,
        kind: 'blocked',
        reason: `every way to it passes a transition that ${what}: ${blocker.id} (${firstLine(why)})`,
      });
    } else if (stop) {
      unreached.push({ transition, kind: 'stopped', reason: stoppedBefore(stop) });
    } else if (skipped.has(transition)) {
      unreached.push({ transition, kind: 'skipped', reason: skipped.get(transition)! });
    } else {
      unreached.push({
        transition,
        kind: 'notPlanned',
        reason: rounds
          ? 'no path could be planned to it within --max-steps, or the last round covered nothing new'
          : 'no path of this run takes it (the strategy aims at something else, or --filter, --max-paths or --max-steps left it out)',
      });
    }
  }
  return unreached;
}

function stoppedBefore(result: PathResult): string {
  if (result.cut) {
    return `its path ${result.id} was cut short before it, at ${result.cut.transition} (${firstLine(result.cut.reason)})`;
  }
  const failure = result.failure;
  if (!failure) return `its path ${result.id} stopped before it`;
  const where =
    failure.step < 0 ? 'at the start' : `at ${result.steps[failure.step]?.edge ?? 'a step'}`;
  return `its path ${result.id} failed before it, ${where} (${firstLine(failure.message)})`;
}

/**
 * For a transition whose start cannot be reached without a cut or failed transition: the first
 * such transition on the shortest way there; null when some way avoids them all.
 */
function blockersOf(
  graph: MachineGraph,
  { covered, cut, failed }: CoverKnowledge,
): (edge: GraphEdge) => GraphEdge | null {
  const passable = (edge: GraphEdge) =>
    !failed.has(edge.id) && (!cut.has(edge.id) || covered.has(edge.id));
  const reachable = new Set([graph.initial]);
  const queue = [graph.initial];
  while (queue.length > 0) {
    const at = queue.shift()!;
    for (const edge of graph.outgoing.get(at) ?? []) {
      if (!passable(edge) || reachable.has(edge.to)) continue;
      reachable.add(edge.to);
      queue.push(edge.to);
    }
  }
  const via = new Map<string, GraphEdge | null>([[graph.initial, null]]);
  queue.push(graph.initial);
  while (queue.length > 0) {
    const at = queue.shift()!;
    for (const edge of graph.outgoing.get(at) ?? []) {
      if (via.has(edge.to)) continue;
      via.set(edge.to, edge);
      queue.push(edge.to);
    }
  }
  return (edge) => {
    if (reachable.has(edge.from)) return null;
    let blocker: GraphEdge | null = null;
    for (let step = via.get(edge.from); step; step = via.get(step.from)) {
      if (!passable(step)) blocker = step;
    }
    return blocker;
  };
}

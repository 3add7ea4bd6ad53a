import { pathId } from './ids';
import type { MachinePlan, PlannedPath } from './plan';
import type { PageRegistry } from './registry';
import type { PathResult } from './runner';
import { coverAround, type CoverKnowledge, cutPair } from './strategies';

/**
 * What a machine's results tell of its transitions: those made on the site, those the site
 * could not make where a path asked for them (cut), and those whose step failed.
 */
export function knowledgeOf(results: PathResult[]): CoverKnowledge {
  const knowledge: CoverKnowledge = {
    covered: new Set(),
    cut: new Set(),
    cutBefore: new Set(),
    failed: new Set(),
  };
  for (const result of results) {
    for (const step of result.steps) {
      if (step.status === 'passed') knowledge.covered.add(step.edge);
      if (step.status === 'failed') knowledge.failed.add(step.edge);
    }
    if (result.cut) {
      knowledge.cut.add(result.cut.transition);
      knowledge.cutBefore.add(
        cutPair(result.cut.transition, result.steps[result.cut.step + 1]?.edge),
      );
    }
  }
  return knowledge;
}

/**
 * The paths of a transitions run's next round for one machine: the cover planned again around
 * what the earlier rounds met (`coverAround`), leaving out any path already run. Empty when
 * nothing is left that a new path could reach.
 */
export function nextRound(
  plan: MachinePlan,
  results: PathResult[],
  round: number,
  maxSteps?: number,
): PlannedPath[] {
  const tried = new Set(plan.paths.map((path) => path.id));
  return coverAround(plan.graph, knowledgeOf(results), maxSteps)
    .map((path): PlannedPath => ({
      id: pathId(plan.model, plan.version, path.steps),
      model: plan.model,
      strategy: 'transitions',
      round,
      steps: path.steps.map((edge) => ({
        label: edge.label,
        from: edge.from,
        to: edge.to,
        edge: edge.id,
      })),
    }))
    .filter((path) => !tried.has(path.id));
}

/**
 * A transitions run against a site, in rounds (issue 15): the planned cover first; then, while
 * the last round taught something (a transition made, a cut, a failure), the cover planned
 * again around the transitions the site could not make there (cut) or that failed, so that what lay beyond them on a long path
 * is reached another way. The paths of later rounds are added to their machine's plan (the
 * report lists them, `replay` finds them). `execute` runs paths (`runPaths`). Answers every
 * result, rounds in order.
 */
export async function runInRounds(
  work: { registry: PageRegistry; plan: MachinePlan }[],
  execute: (work: { registry: PageRegistry; plan: MachinePlan }[]) => Promise<PathResult[]>,
  maxSteps?: number,
): Promise<PathResult[]> {
  const results = await execute(work);
  const resultsOf = (model: string) => results.filter((result) => result.model === model);
  // What a round can teach: a transition made, a cut (with what came next), a failure.
  const learnt = (model: string) => {
    const { covered, cutBefore, failed } = knowledgeOf(resultsOf(model));
    return covered.size + cutBefore.size + failed.size;
  };
  const before = new Map(work.map(({ plan }) => [plan.model, 0]));
  for (let round = 2; ; round += 1) {
    const next = work.flatMap(({ registry, plan }) => {
      const known = learnt(plan.model);
      // A machine whose last round taught nothing new is done (or skipped, or broken).
      if (known <= before.get(plan.model)!) return [];
      before.set(plan.model, known);
      const paths = nextRound(plan, resultsOf(plan.model), round, maxSteps);
      return paths.length === 0 ? [] : [{ registry, plan: { ...plan, paths } }];
    });
    if (next.length === 0) return results;
    for (const { plan } of next) {
      work.find((one) => one.plan.model === plan.model)!.plan.paths.push(...plan.paths);
    }
    results.push(...(await execute(next)));
  }
}

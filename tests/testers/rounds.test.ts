import { describe, expect, it } from 'vitest';
import { systemStatusPaths } from '../../src/machines/systemStatus.paths';
import { sessionPaths } from '../../src/machines/session.paths';
import { promotionParticipationPaths } from '../../src/shared/promotions.paths';
import type { MachinePlan, PlannedPath } from '../../testers/paths/plan';
import { planMachine } from '../../testers/paths/plan';
import type { PageRegistry } from '../../testers/paths/registry';
import { knowledgeOf, runInRounds } from '../../testers/paths/rounds';
import type { PathResult, StepResult } from '../../testers/paths/runner';
import { unreachedOf } from '../../testers/paths/unreached';

/**
 * A transitions run in rounds (issue 15), against a pretend site that follows the rules the
 * registries' drivers follow: a long path cut short where the site cannot go on is planned
 * again around the cut, until a round covers nothing more; every transition left unreached is
 * listed with its reason.
 */

/** A pretend site: for each step of a path, whether it is made, cut (with why) or fails. */
type Site = () => (step: PlannedPath['steps'][number], next: string[]) => 'ok' | 'fail' | string;

function fakeRun(site: Site) {
  return async (work: { registry: PageRegistry; plan: MachinePlan }[]) =>
    work.flatMap(({ plan }) =>
      plan.paths.map((planned): PathResult => {
        const walk = site();
        const steps: StepResult[] = planned.steps.map((step) => ({ ...step, status: 'notRun' }));
        const result: PathResult = {
          ...{ id: planned.id, model: planned.model, strategy: planned.strategy },
          ...{ status: 'passed', steps, failure: null, shrunk: null },
          ...{ accounts: [], notes: [], durationMs: 0 },
        };
        for (const [index, step] of planned.steps.entries()) {
          const next = planned.steps.slice(index + 1).map((later) => later.label);
          const outcome = walk(step, next);
          if (outcome === 'ok') {
            steps[index]!.status = 'passed';
            continue;
          }
          if (outcome === 'fail') {
            steps[index]!.status = 'failed';
            result.status = 'failed';
            result.failure = {
              ...{ step: index, expected: step.to, message: 'the page did not show it' },
              ...{ screenshot: null, ariaSnapshot: null, trace: null, replay: '' },
              ...{ console: [], network: [], socket: [] },
            };
          } else {
            steps[index]!.status = 'cannot';
            result.status = 'cut';
            result.cut = { step: index, transition: step.edge, reason: outcome };
          }
          break;
        }
        return result;
      }),
    );
}

/**
 * The system-status page as the site makes it (systemStatus.paths.ts): the first answer is
 * the site's for the operator's switch and the visitor's address; later only maintenance is
 * pushed, through the socket client once it loaded, which then cannot fail to load.
 */
const statusSite: Site = () => {
  let loading = true;
  let blocked = false;
  let maintenance = false;
  let socketLoaded = false;
  return (step, next) => {
    const face = /^status:(\w+)$/.exec(step.label)?.[1];
    if (face && loading) {
      const later = next.find((label) => label === 'retry' || label.startsWith('status:'));
      blocked =
        face === 'regionRestricted' ||
        (face === 'maintenance' &&
          (later === 'status:regionRestricted' || (later === undefined && blocked)));
      maintenance = face === 'maintenance';
      if (next[0] !== 'status.error:socket') socketLoaded = true;
      loading = false;
      return 'ok';
    }
    if (face) {
      const after = face === 'maintenance' ? face : blocked ? 'regionRestricted' : 'normal';
      if (after !== face || (face !== 'maintenance' && !maintenance)) return 'cannot switch live';
      if (!socketLoaded && next[0] === 'status.error:socket') return 'no push can arrive';
      socketLoaded = true;
      maintenance = face === 'maintenance';
      return 'ok';
    }
    if (step.label === 'status.error:socket' && socketLoaded) return 'the socket client loaded';
    if (step.label === 'retry') loading = true;
    else loading = false;
    return 'ok';
  };
};

const registryOf = (plan: MachinePlan) => ({ model: { id: plan.model } }) as PageRegistry;

describe('a transitions run in rounds', () => {
  it('plans again around cut transitions until a round covers nothing more', async () => {
    const plan = planMachine(systemStatusPaths, 'transitions');
    const first = plan.paths.length;
    const work = [{ registry: registryOf(plan), plan }];
    const results = await runInRounds(work, fakeRun(statusSite));
    const knowledge = knowledgeOf(results);
    // The first round alone stops at the first cut of its long path.
    const firstRound = knowledgeOf(results.slice(0, first)).covered.size;
    expect(knowledge.covered.size).toBeGreaterThan(firstRound);
    expect(plan.paths.length).toBeGreaterThan(first);
    expect(plan.paths.slice(first).every((path) => (path.round ?? 1) >= 2)).toBe(true);
    // Every transition is made, or listed with the reason.
    const unreached = unreachedOf(plan.graph, results, knowledge, true);
    expect(knowledge.covered.size + unreached.length).toBe(plan.graph.edges.length);
    expect(unreached.every((one) => one.reason.length > 0)).toBe(true);
    // What is left is what the site truly cannot do: switch a face live to a region.
    expect(unreached.filter((one) => one.kind !== 'cut')).toEqual([]);
    for (const one of unreached)
      expect(one.transition).toMatch(/--status:(regionRestricted|normal)-->/);
    // Same plan, same site: the same rounds and ids.
    const again = planMachine(systemStatusPaths, 'transitions');
    await runInRounds([{ registry: registryOf(again), plan: again }], fakeRun(statusSite));
    expect(again.paths.map((path) => path.id)).toEqual(plan.paths.map((path) => path.id));
  });

  it('plans no more a cut transition followed by what made the site refuse it', async () => {
    const plan = planMachine(sessionPaths, 'transitions');
    const work = [{ registry: registryOf(plan), plan }];
    // As on a site without its development tools: no agent to log in when the agent face is
    // the next answer (session.paths.ts).
    const site: Site = () => (step, next) =>
      step.label === 'loggedIn' && next[0] === 'fetchMember.done:agent' ? 'no agent' : 'ok';
    const results = await runInRounds(work, fakeRun(site));
    const knowledge = knowledgeOf(results);
    const unreached = unreachedOf(plan.graph, results, knowledge, true);
    expect(knowledge.covered.size + unreached.length).toBe(plan.graph.edges.length);
    // Only the agent's face and what leaves it are left, each said why.
    expect(unreached.map((one) => one.transition).sort()).toEqual(
      plan.graph.edges
        .map((edge) => edge.id)
        .filter((id) => id.includes('agent'))
        .sort(),
    );
    for (const one of unreached) expect(one.reason).toContain('no agent');
  });

  it('lists what lies only beyond a failed transition as blocked by it, and stops', async () => {
    const plan = planMachine(promotionParticipationPaths, 'transitions');
    const work = [{ registry: registryOf(plan), plan }];
    // The member's application never shows: every step of applying fails.
    const site: Site = () => (step) => (step.label === 'apply' ? 'fail' : 'ok');
    const results = await runInRounds(work, fakeRun(site));
    const knowledge = knowledgeOf(results);
    const unreached = unreachedOf(plan.graph, results, knowledge, true);
    expect(knowledge.covered.size + unreached.length).toBe(plan.graph.edges.length);
    const kinds = new Map(unreached.map((one) => [one.transition, one.kind]));
    expect(kinds.get('none --apply--> applying')).toBe('failed');
    // Approving, rejecting, expiring an application: only beyond the failed application.
    for (const [transition, kind] of kinds) {
      if (transition.startsWith('applying ')) expect(kind).toBe('blocked');
    }
    expect([...kinds.values()]).not.toContain('notPlanned');
    expect([...kinds.values()]).not.toContain('stopped');
  });
});

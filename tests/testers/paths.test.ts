import { execFile } from 'node:child_process';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import type { AnyStateNode } from 'xstate';
import { buildGraph } from '../../testers/paths/graph';
import { pathModels } from '../../testers/paths/models';
import { coverageOf, mergeCoverage, planMachine } from '../../testers/paths/plan';
import { STRATEGIES } from '../../testers/paths/strategies';
import { smsCountdownPaths } from '../../src/machines/smsCountdown.paths';
import { smsCountdownPage } from '../../testers/paths/drivers/smsCountdown';
import { pageRegistries } from '../../testers/paths/pages';
import { registryGaps } from '../../testers/paths/registryCheck';

/**
 * The paths tool's planning (issue 15) on every machine it walks: each model drives every
 * event its machine's reachable states accept (or says why not) and reaches every state; the
 * strategies reach what they promise; the same seed and version give the same ids; coverage
 * counts are the graph's, and merging partial runs gives their union.
 */
const run = promisify(execFile);

/** Every leaf state's value path (`idle`, `form.editing`) that the machine can rest in. */
function stateValues(root: AnyStateNode): string[] {
  const values: string[] = [];
  const visit = (node: AnyStateNode, prefix: string) => {
    for (const [key, child] of Object.entries(node.states)) {
      const value = prefix ? `${prefix}.${key}` : key;
      // A state left at once by an unguarded `always` is never at rest: nothing to reach.
      const passing = (child.always ?? []).some((transition) => !transition.guard);
      if (Object.keys(child.states).length === 0 && !passing) values.push(value);
      visit(child, value);
    }
  };
  visit(root, '');
  return values.sort();
}

describe.each(pathModels.map((model) => [model.id, model] as const))('paths of %s', (_, model) => {
  const graph = buildGraph(model);

  it('drives every event its reachable states accept, or says why not', () => {
    expect(graph.undriven).toEqual([]);
    for (const [type, why] of Object.entries(model.notDriven ?? {})) {
      expect(why.length, `${type} needs a reason`).toBeGreaterThan(10);
    }
  });

  it('reaches every state of the machine', () => {
    const reached = new Set([...graph.nodes.values()].map((node) => node.value));
    // A parallel state's value is several leaves: each counts as reached.
    const leaves = new Set([...reached].flatMap((value) => value.split('|')));
    expect(stateValues(model.machine.root).filter((value) => !leaves.has(value))).toEqual([]);
  });

  it('covers every state by the shortest paths and every transition by the transitions cover', () => {
    const shortest = planMachine(model, 'shortest');
    expect(coverageOf(graph, shortest.paths).states.covered).toHaveLength(graph.nodes.size);
    const cover = planMachine(model, 'transitions');
    const coverage = coverageOf(graph, cover.paths);
    expect(coverage.transitions).toEqual({
      total: graph.edges.length,
      covered: graph.edges.map((edge) => edge.id).sort(),
    });
    expect(coverage.states.total).toBe(graph.nodes.size);
    // Few paths: never more than one per transition.
    expect(cover.paths.length).toBeLessThanOrEqual(Math.max(1, graph.edges.length));
  });

  it('gives the same paths and ids for the same seed and version', () => {
    for (const strategy of STRATEGIES) {
      const a = planMachine(model, strategy, { seed: 7, maxPaths: 20 });
      const b = planMachine(model, strategy, { seed: 7, maxPaths: 20 });
      expect(a.paths.map((p) => p.id)).toEqual(b.paths.map((p) => p.id));
      expect(new Set(a.paths.map((p) => p.id)).size, strategy).toBe(a.paths.length);
    }
  });

  it('merges two partial runs into their union', () => {
    const cover = planMachine(model, 'transitions', { maxSteps: 4 });
    const half = Math.ceil(cover.paths.length / 2);
    const merged = mergeCoverage(
      coverageOf(graph, cover.paths.slice(0, half)),
      coverageOf(graph, cover.paths.slice(half)),
    );
    expect(merged).toEqual(coverageOf(graph, cover.paths));
  });
});

describe.each(pageRegistries.map((registry) => [registry.model.id, registry] as const))(
  'the page registry of %s',
  (_, registry) => {
    it('maps every state to a page check and every event to a driver', () => {
      expect(registryGaps(registry)).toEqual({ states: [], events: [] });
    });
  },
);

describe('the paths tool', () => {
  it('finds a state without its page check, and an event without its driver', () => {
    const { countingDown: _removed, ...states } = smsCountdownPage.states;
    const { tick: _alsoRemoved, ...events } = smsCountdownPage.events;
    expect(registryGaps({ ...smsCountdownPage, states, events })).toEqual({
      states: ['countingDown'],
      events: ['tick'],
    });
  });

  it('finds a state whose events the model forgot', () => {
    const forgetful = {
      ...smsCountdownPaths,
      events: (snapshot: Parameters<typeof smsCountdownPaths.events>[0]) =>
        smsCountdownPaths.events(snapshot).filter((one) => one.label !== 'tick'),
    };
    expect(buildGraph(forgetful).undriven).toContainEqual({
      state: 'countingDown#many',
      eventType: 'xstate.after.1000.smsCountdown.countingDown',
    });
  });

  it('walks a seeded random path: another seed, other paths', () => {
    const a = planMachine(smsCountdownPaths, 'random', {
      seed: 1,
      maxPaths: 3,
      maxSteps: 6,
      coverage: 2,
    });
    const b = planMachine(smsCountdownPaths, 'random', {
      seed: 2,
      maxPaths: 3,
      maxSteps: 6,
      coverage: 2,
    });
    expect(a.paths).toHaveLength(3);
    expect(a.paths.map((p) => p.id)).not.toEqual(b.paths.map((p) => p.id));
  });

  it('plans from the command line, lists every machine, and merges reports', async () => {
    const cli = (...args: string[]) =>
      run('node', ['--import', 'tsx', 'testers/paths/cli.ts', ...args], { cwd: process.cwd() });
    const listed = (await cli('list')).stdout;
    for (const model of pathModels) expect(listed).toContain(`${model.id}: `);
    const folder = await mkdtemp(path.join(tmpdir(), 'paths-'));
    const one = (await cli('smsCountdown', '--strategy', 'shortest', '--json')).stdout;
    const two = (await cli('smsCountdown', '--strategy', 'transitions', '--json')).stdout;
    await writeFile(path.join(folder, 'one.json'), one);
    await writeFile(path.join(folder, 'two.json'), two);
    const merged = JSON.parse(
      (await cli('merge', path.join(folder, 'one.json'), path.join(folder, 'two.json'))).stdout,
    );
    const graph = buildGraph(smsCountdownPaths);
    expect(merged.machines[0].coverage.transitions.covered).toHaveLength(graph.edges.length);
    // Run against a site that is not there: the preflight says so before any path runs.
    const report = path.join(folder, 'report');
    await expect(
      cli('smsCountdown', '--base-url', 'http://127.0.0.1:9', '--report', report),
    ).rejects.toThrow(/the site at http:\/\/127\.0\.0\.1:9 did not answer \(is it running\?\)/);
    // A machine with no page registry yet is planned, never run. (Every machine has its
    // registry since promotionParticipation's: this holds again for the next one added.)
    const unmapped = pathModels.find(
      (model) => !pageRegistries.some((registry) => registry.model.id === model.id),
    );
    if (unmapped) {
      await expect(cli(unmapped.id, '--base-url', 'http://127.0.0.1:9')).rejects.toThrow(
        new RegExp(`No page registry yet for ${unmapped.id}`),
      );
    }
    // Seven processes that each load the tool through tsx: slow on a busy machine.
  }, 180_000);
});

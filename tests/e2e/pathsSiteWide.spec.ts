import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { pageRegistries } from '../../testers/paths/pages';
import { planMachine } from '../../testers/paths/plan';
import { writeReports } from '../../testers/paths/report';
import { runPaths } from '../../testers/paths/runner';
import { e2eOpsToken } from './ops';

/**
 * The paths tool (issue 15) for the machines whose paths switch the whole site (the operator's
 * maintenance): their shortest paths pass against the e2e server, in the site-wide project, so
 * nothing else meets the site in maintenance. Each path switches maintenance off when it ends.
 */
const baseURL = `http://127.0.0.1:${process.env.E2E_PORT ?? 4317}`;
// On CI a failing test is traced on its retry (playwright.config.ts): the runner adds none.
const trace = !process.env.CI;

test('the shortest paths of the machines that switch the whole site pass', async () => {
  test.setTimeout(180_000);
  const reportDir = await mkdtemp(path.join(tmpdir(), 'paths-site-wide-'));
  const only = process.env.PATHS_MACHINES?.split(',');
  const work = pageRegistries
    .filter((registry) => registry.siteWide)
    .filter((registry) => !only || only.includes(registry.model.id))
    .map((registry) => ({ registry, plan: planMachine(registry.model, 'shortest') }));
  const results = await runPaths(work, {
    baseURL,
    reportDir,
    opsToken: e2eOpsToken(),
    trace,
    reducedMotion: true,
  });
  expect(
    results.filter((result) => result.status === 'failed').map((r) => [r.id, r.failure?.message]),
  ).toEqual([]);
  const report = await writeReports(
    reportDir,
    { strategy: 'shortest', seed: null, baseURL, startedAt: new Date().toISOString() },
    work.map(({ plan }) => ({ plan, results: results.filter((r) => r.model === plan.model) })),
  );
  for (const machine of report.machines) {
    const plan = work.find(({ plan: one }) => one.model === machine.model)!.plan;
    expect(machine.coverage.states.covered).toHaveLength(plan.graph.nodes.size);
  }
  // The site is back in service.
  const status = await (await fetch(`${baseURL}/wps/system/status`)).json();
  expect(status.value.maintenance).toBe(false);
});

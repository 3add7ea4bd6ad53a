import { mkdtemp, readFile, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { pageRegistries } from '../../testers/paths/pages';
import { planMachine } from '../../testers/paths/plan';
import { writeReports } from '../../testers/paths/report';
import { runPaths } from '../../testers/paths/runner';
import { smsCountdownPage } from '../../testers/paths/drivers/smsCountdown';
import { contractLifecyclePage } from '../../testers/paths/drivers/contractLifecycle';
import { withdrawalConfirmationPage } from '../../testers/paths/drivers/withdrawalConfirmation';
import { e2eOpsToken } from './ops';

/**
 * The paths tool (issue 15) against the e2e server: the shortest paths of every machine mapped
 * to the site's pages pass; and a page whose behaviour is broken (the resend button left
 * enabled during the SMS countdown; a withdrawal's "received" answer offered again after a
 * refund) is caught by a generated path, reported with its screenshot, and shrunk to at most
 * the failing transition's depth + 1 steps.
 */
const baseURL = `http://127.0.0.1:${process.env.E2E_PORT ?? 4317}`;
// On CI a failing test is traced on its retry (playwright.config.ts): the runner adds none.
const trace = !process.env.CI;

// PATHS_MACHINES=a,b runs only those machines' paths (while one registry is being written).
const only = process.env.PATHS_MACHINES?.split(',');
const machines = pageRegistries
  // Those that switch the whole site (maintenance) run alone: pathsSiteWide.spec.ts.
  .filter((registry) => !registry.siteWide)
  .filter((registry) => !only || only.includes(registry.model.id));

for (const registry of machines) {
  test(`the shortest paths of ${registry.model.id} pass against the site`, async () => {
    const plan = planMachine(registry.model, 'shortest');
    // Two paths at a time; each path logs in (a proof of work) and walks a few steps.
    test.setTimeout(60_000 + plan.paths.length * 30_000);
    const reportDir = await mkdtemp(path.join(tmpdir(), `paths-${registry.model.id}-`));
    const results = await runPaths([{ registry, plan }], {
      baseURL,
      reducedMotion: true,
      reportDir,
      trace,
      opsToken: e2eOpsToken(),
      workers: 2,
    });
    const failures = results.filter((result) => result.status === 'failed');
    expect(failures.map((result) => [result.id, result.failure?.message])).toEqual([]);
    // A path that passed only on its retry is reported, not hidden (Playwright's own report).
    for (const flaky of results.filter((result) => result.status === 'flaky')) {
      test.info().annotations.push({ type: 'flaky path', description: flaky.notes[0] });
    }
    const report = await writeReports(
      reportDir,
      { strategy: 'shortest', seed: null, baseURL, startedAt: new Date().toISOString() },
      [{ plan, results }],
    );
    // Every account the run made is listed.
    expect(report.created.length).toBe(results.flatMap((result) => result.accounts).length);
    // The shortest paths reach every state; the report's counts are the graph's.
    const [machine] = report.machines;
    expect(machine!.coverage.states.total).toBe(plan.graph.nodes.size);
    expect(machine!.coverage.states.covered).toHaveLength(plan.graph.nodes.size);
    expect(machine!.coverage.transitions.total).toBe(plan.graph.edges.length);
    const junit = await readFile(path.join(reportDir, 'junit.xml'), 'utf8');
    expect(junit).toContain(
      `<testsuite name="${machine!.model}" tests="${machine!.results.length}" failures="0" skipped="0">`,
    );
  });
}

test('a broken countdown is caught by a path, reported with a screenshot, and shrunk', async () => {
  test.setTimeout(180_000);
  const reportDir = await mkdtemp(path.join(tmpdir(), 'paths-broken-'));
  const plan = planMachine(smsCountdownPage.model, 'transitions', { maxPaths: 1 });
  const results = await runPaths([{ registry: smsCountdownPage, plan }], {
    baseURL,
    reducedMotion: true,
    reportDir,
    trace,
    // A check that cannot pass fails after this long (the page is not slow, it is broken).
    stepTimeoutMs: 3_000,
    // The fault: whatever the page says, the send button is never disabled.
    prepare: (context) =>
      context.addInitScript(() => {
        new MutationObserver(() => {
          for (const button of document.querySelectorAll('[data-testid="send-code"][disabled]')) {
            button.removeAttribute('disabled');
          }
        }).observe(document, { subtree: true, childList: true, attributes: true });
      }),
  });
  const failed = results.filter((result) => result.status === 'failed');
  expect(failed.length).toBeGreaterThan(0);
  const first = failed[0]!;
  // Not at the start (opening the registration popup has the start's own, longer timeout).
  expect(first.failure!.step, first.failure!.message).toBeGreaterThanOrEqual(0);
  const step = first.steps[first.failure!.step]!;
  // It fails where the button should be disabled: while sending or counting down.
  expect(step.to).toMatch(/^(sending|countingDown)/);
  expect(first.failure!.message).toMatch(/toBeDisabled/);
  expect((await stat(path.join(reportDir, first.failure!.screenshot!))).size).toBeGreaterThan(0);
  expect(first.failure!.ariaSnapshot).toContain('Create your account');
  // Shrunk: the shortest way to the failing transition plus it.
  const depth = plan.graph.nodes.has(step.from)
    ? shortestDepth(plan.graph.outgoing, plan.graph.initial, step.from)
    : Number.POSITIVE_INFINITY;
  expect(first.shrunk).not.toBeNull();
  expect(first.shrunk!.steps.length).toBeLessThanOrEqual(depth + 1);
  expect(first.shrunk!.replay).toContain(`npm run paths -- replay ${first.shrunk!.id}`);
});

test('a path that fails once and passes on its retry is reported as flaky, not passed, not failed', async () => {
  test.setTimeout(180_000);
  const reportDir = await mkdtemp(path.join(tmpdir(), 'paths-flaky-'));
  const plan = planMachine(smsCountdownPage.model, 'transitions', { maxPaths: 1 });
  let contexts = 0;
  const results = await runPaths([{ registry: smsCountdownPage, plan }], {
    baseURL,
    reducedMotion: true,
    reportDir,
    trace,
    stepTimeoutMs: 3_000,
    // The fault on the first path's first browser only: the send button is never disabled.
    prepare: (context) => {
      contexts += 1;
      if (contexts > 1) return Promise.resolve();
      return context.addInitScript(() => {
        new MutationObserver(() => {
          for (const button of document.querySelectorAll('[data-testid="send-code"][disabled]')) {
            button.removeAttribute('disabled');
          }
        }).observe(document, { subtree: true, childList: true, attributes: true });
      });
    },
  });
  const [first] = results;
  expect(first!.status, first!.failure?.message).toBe('flaky');
  expect(first!.firstAttempt?.message).toMatch(/toBeDisabled/);
  expect(first!.failure).toBeNull();
  // Only a failure that comes again is shrunk.
  expect(first!.shrunk).toBeNull();
  const report = await writeReports(
    reportDir,
    { strategy: 'transitions', seed: null, baseURL, startedAt: new Date().toISOString() },
    [{ plan, results }],
  );
  const junit = await readFile(path.join(reportDir, 'junit.xml'), 'utf8');
  expect(junit).toContain('failures="0"');
  expect(junit).toContain('<property name="flaky" value="1"/>');
  expect(junit).toMatch(/<flakyFailure message="[^"]*toBeDisabled/);
  expect(report.machines[0]!.results[0]!.status).toBe('flaky');
});

test('paths that need what the site cannot give are reported as skipped, with the reason', async () => {
  const reportDir = await mkdtemp(path.join(tmpdir(), 'paths-skipped-'));
  // The contract paths as if they needed the operator, on a run given no operator token.
  const registry = { ...contractLifecyclePage, needs: ['operator' as const] };
  const plan = planMachine(registry.model, 'shortest');
  const results = await runPaths([{ registry, plan }], {
    baseURL,
    reportDir,
    trace,
    reducedMotion: true,
  });
  expect(results.map((result) => result.status)).toEqual(plan.paths.map(() => 'skipped'));
  expect(results[0]!.skipped).toContain('--ops-token');
  const report = await writeReports(
    reportDir,
    { strategy: 'shortest', seed: null, baseURL, startedAt: new Date().toISOString() },
    [{ plan, results }],
  );
  expect(report.machines[0]!.coverage.states.covered).toEqual([]);
  expect(report.created).toEqual([]);
  expect(await readFile(path.join(reportDir, 'junit.xml'), 'utf8')).toContain(
    `failures="0" skipped="${plan.paths.length}"`,
  );
});

test('a "received" answer offered after a refund is caught by a path, reported with a screenshot, at depth + 1', async () => {
  test.setTimeout(180_000);
  const reportDir = await mkdtemp(path.join(tmpdir(), 'paths-broken-'));
  // The generated paths through the operator's refund.
  const plan = planMachine(withdrawalConfirmationPage.model, 'transitions', { filter: 'refund' });
  expect(plan.paths.length).toBeGreaterThan(0);
  const results = await runPaths([{ registry: withdrawalConfirmationPage, plan }], {
    baseURL,
    reducedMotion: true,
    reportDir,
    trace,
    opsToken: e2eOpsToken(),
    // The fault is on every browser context: a retry would only fail again (the test above and
    // the flaky one below hold the retry).
    retries: 0,
    // The fault: once a withdrawal is refunded, its card offers the "Received" answer again.
    prepare: (context) =>
      context.addInitScript(() => {
        new MutationObserver(() => {
          for (const card of document.querySelectorAll('[data-testid="withdrawal-list"] > li')) {
            const status = card.querySelector('[data-testid="withdrawal-status"]');
            if (status?.textContent !== 'Refunded' || card.querySelector('button')) continue;
            const button = document.createElement('button');
            button.type = 'button';
            button.textContent = 'Received';
            card.append(button);
          }
        }).observe(document, { subtree: true, childList: true, characterData: true });
      }),
  });
  const failed = results.filter((result) => result.status === 'failed');
  expect(failed.map((result) => result.id)).toEqual(plan.paths.map((planned) => planned.id));
  const first = failed[0]!;
  const step = first.steps[first.failure!.step]!;
  // It fails at the refund, on the answer the page must no longer offer.
  expect(step.label).toBe('refund');
  expect(step.to).toBe('refunded');
  expect(first.failure!.message).toMatch(/toHaveCount/);
  expect(first.failure!.message).toContain("name: 'Received', exact: true");
  expect((await stat(path.join(reportDir, first.failure!.screenshot!))).size).toBeGreaterThan(0);
  expect(first.failure!.ariaSnapshot).toMatch(/Refunded[\s\S]*button "Received"/);
  const report = await writeReports(
    reportDir,
    { strategy: 'transitions', seed: null, baseURL, startedAt: new Date().toISOString() },
    [{ plan, results }],
  );
  expect(report.machines[0]!.results[0]!.failure?.screenshot).toBe(first.failure!.screenshot);
  const html = await readFile(path.join(reportDir, 'index.html'), 'utf8');
  expect(html).toContain(`<img src="${first.failure!.screenshot}"`);
  // At most the failing transition's depth + 1 steps: shrunk to that, or (every way to a
  // refund is pay, a report and the refund) already that short, leaving nothing to cut.
  const depth = shortestDepth(plan.graph.outgoing, plan.graph.initial, step.from);
  const failing = first.shrunk?.steps ?? first.steps.map((one) => one.edge);
  expect(failing.length).toBeLessThanOrEqual(depth + 1);
  if (first.shrunk)
    expect(first.shrunk.replay).toContain(`npm run paths -- replay ${first.shrunk.id}`);
});

function shortestDepth(
  outgoing: Map<string, { to: string }[]>,
  from: string,
  target: string,
): number {
  const depth = new Map([[from, 0]]);
  const queue = [from];
  while (queue.length > 0) {
    const at = queue.shift()!;
    if (at === target) return depth.get(at)!;
    for (const edge of outgoing.get(at) ?? []) {
      if (depth.has(edge.to)) continue;
      depth.set(edge.to, depth.get(at)! + 1);
      queue.push(edge.to);
    }
  }
  return Number.POSITIVE_INFINITY;
}

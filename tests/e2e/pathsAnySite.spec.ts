import { randomBytes } from 'node:crypto';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { doctorReport } from '../../testers/paths/doctor';
import { pageRegistries } from '../../testers/paths/pages';
import { planMachine } from '../../testers/paths/plan';
import type { PageRegistry } from '../../testers/paths/registry';
import { type PathResult, runPaths } from '../../testers/paths/runner';
import { probeSite } from '../../testers/paths/site';
import { type ServerProcess, startServerProcess } from '../support/serverProcess';

/**
 * The paths against a site started as `npm start` starts it (issue 33): the compiled server, no
 * development tools, no trusted proxy — every path comes from one address and meets the
 * site's limits per address (5 registrations an hour, the captcha after 10 failed logins).
 * A red must mean a bug: the paths may be cut short, each with its reason and the setting that
 * lifts it, never failed because the site defended itself or the runner lacks a capability.
 * The site knows an operator token; the first run is given it (a site started with OPS_TOKEN),
 * the second is not (to the runner the same as a plain `npm start`).
 */
test.describe.configure({ mode: 'serial' });

const opsToken = randomBytes(16).toString('hex');
let site: ServerProcess;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  site = await startServerProcess({
    dataDir: await mkdtemp(path.join(tmpdir(), 'paths-plain-')),
    entry: ['dist-server/main.js'],
    env: { DEV_TOOLS: '0', SERVE_STATIC: 'true', OPS_TOKEN: opsToken },
  });
});

test.afterAll(async () => {
  await site?.stop();
});

/** Paths that went wrong, with why: a failure, or a cut or skip that says no reason. */
function unexplained(results: PathResult[]) {
  return results
    .filter(
      (result) =>
        result.status === 'failed' ||
        (result.status === 'cut' && !(result.cut!.reason.length > 20)) ||
        (result.status === 'skipped' && !((result.skipped ?? '').length > 20)),
    )
    .map((result) => [result.id, result.failure?.message ?? result.cut?.reason ?? result.skipped]);
}

const run = async (registries: readonly PageRegistry[], token?: string) => {
  const reportDir = await mkdtemp(path.join(tmpdir(), 'paths-plain-report-'));
  return runPaths(
    registries.map((registry) => ({ registry, plan: planMachine(registry.model, 'shortest') })),
    {
      baseURL: site.url,
      reducedMotion: true,
      reportDir,
      trace: false,
      workers: 2,
      ...(token ? { opsToken: token } : {}),
    },
  );
};

test('the doctor says what a plain site gives a run and the setting that lifts each cut', async () => {
  const plain = await probeSite(site.url, undefined);
  expect(plain).toMatchObject({ devTools: false, operator: false, addresses: false });
  expect(plain.seenAs).toBe('127.0.0.1');
  const report = doctorReport(site.url, plain, pageRegistries);
  expect(report).toContain("runner's addresses   no: it sees every path as 127.0.0.1");
  expect(report).toMatch(/contractLifecycle\s+not run: needs the development tools/);
  expect(report).toContain("strangers' wrong passwords, each from an address of its own");
  for (const lift of ['DEV_TOOLS=1', '--ops-token', 'TRUST_PROXY=loopback']) {
    expect(report).toContain(lift);
  }
  // With the token: the operator's calls, and the site's own limits.
  const operated = await probeSite(site.url, opsToken);
  expect(operated.operator).toBe(true);
  expect(operated.limits?.registration.perAddressPerHour).toBe(5);
  expect(doctorReport(site.url, operated, pageRegistries)).toContain(
    'registrations        5 an hour per address',
  );
  // A wrong token is told apart from none.
  const refused = await probeSite(site.url, 'not-the-token');
  expect(refused.tokenRefused).toBe(true);
});

test('with the operator token, the login and registration paths have no failure', async () => {
  const registries = pageRegistries.filter((registry) =>
    ['login', 'registration'].includes(registry.model.id),
  );
  test.setTimeout(10 * 60_000);
  const results = await run(registries, opsToken);
  expect(unexplained(results)).toEqual([]);
  // The operator's outbox gives the codes: the mobile login runs.
  expect(results.some((result) => result.model === 'login' && result.status === 'passed')).toBe(
    true,
  );
});

test("every machine's shortest paths against the plain site: no failure, every cut with its reason", async () => {
  test.setTimeout(15 * 60_000);
  const results = await run(pageRegistries);
  expect(unexplained(results)).toEqual([]);
  const reasons = results.flatMap((result) => [result.cut?.reason ?? '', result.skipped ?? '']);
  // Each names what lifts it.
  for (const reason of reasons.filter(Boolean)) {
    expect(reason).toMatch(/DEV_TOOLS=1|--ops-token|TRUST_PROXY|demo data|cannot|at most/);
  }
  expect(results.some((result) => result.status === 'passed')).toBe(true);
});

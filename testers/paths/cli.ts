import { readFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { modelNamed, pathModels } from './models';
import { type Coverage, coverageOf, mergeCoverage, planMachine } from './plan';
import { generatePaths, STRATEGIES, type Strategy } from './strategies';
import { buildGraph } from './graph';
import path from 'node:path';
import { machineVersion } from './ids';
import type { PathModel } from './model';
import { pageRegistryFor } from './pages';
import { registryGaps } from './registryCheck';
import type { MachinePlan } from './plan';
import { readReport, type RunReport, UNREACHED, writeReports } from './report';
import { runInRounds } from './rounds';
import { type PathResult, runPaths } from './runner';
import { doctorReport } from './doctor';
import { pageRegistries } from './pages';
import { probeSite } from './site';
import { mutate } from './mutation/mutate';

/**
 * The testers' command (issue 15):
 *   npm run paths -- list
 *   npm run paths -- <machine|all> --strategy shortest|simple|random|transitions
 *       [--seed N] [--max-paths N] [--max-steps N] [--filter <state|event|id>] [--json]
 *       [--base-url http://… [--report <dir>] [--workers N] [--headed] [--no-trace] [--ops-token T]]
 *   npm run paths -- replay <path id> --base-url http://… [--report <dir>]
 *   npm run paths -- merge <report.json> <report.json> …
 *   npm run paths -- doctor --base-url http://… [--ops-token T]
 *   npm run paths -- mutate
 *
 * Without --base-url it plans: each machine's paths with their ids and the coverage they reach.
 * With it, the paths of the machines mapped to pages (testers/paths/pages.ts) run against that
 * site in Chromium, and the reports (HTML, JSON, JUnit) go to --report (paths-report/).
 */
const usage = [
  'usage: npm run paths -- list',
  '       npm run paths -- <machine|all> --strategy shortest|simple|random|transitions',
  '              [--seed N] [--max-paths N] [--max-steps N] [--filter <state|event|id>] [--json]',
  '              [--base-url http://… [--report <dir>] [--workers N] [--headed] [--no-trace] [--ops-token T]]',
  '       npm run paths -- replay <path id> --base-url http://… [--report <dir>]',
  '       npm run paths -- merge <report.json> <report.json> …',
  '       npm run paths -- doctor --base-url http://… [--ops-token T]',
  '       npm run paths -- mutate',
].join('\n');

const count = (value: string | undefined, name: string): number | undefined => {
  if (value === undefined) return undefined;
  const number = Number(value);
  if (!Number.isInteger(number) || number < 0) throw new Error(`--${name} must be a whole number`);
  return number;
};

const percent = (part: number, total: number) =>
  total === 0 ? '100%' : `${Math.floor((part * 100) / total)}%`;

interface PlanReport {
  tool: 'paths';
  /** `merged` for the union of several reports (which can be merged again). */
  strategy: Strategy | 'merged';
  seed: number | null;
  machines: {
    model: string;
    version: string;
    coverage: Coverage;
    paths: { id: string; steps: string[] }[];
  }[];
}

async function run(argv: string[]): Promise<string> {
  const { positionals, values } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      strategy: { type: 'string' },
      seed: { type: 'string' },
      'max-paths': { type: 'string' },
      'max-steps': { type: 'string' },
      filter: { type: 'string' },
      json: { type: 'boolean' },
      'base-url': { type: 'string' },
      workers: { type: 'string' },
      report: { type: 'string' },
      headed: { type: 'boolean' },
      'no-trace': { type: 'boolean' },
      'ops-token': { type: 'string' },
    },
  });
  const opsToken = values['ops-token'] ?? process.env.PATHS_OPS_TOKEN;
  const [command, ...rest] = positionals;
  if (command === 'list' && rest.length === 0) return list();
  if (command === 'merge' && rest.length >= 2) return merge(rest);
  if (command === 'mutate' && rest.length === 0) return mutate();
  if (command === 'doctor' && rest.length === 0) {
    if (!values['base-url']) throw new Error('doctor needs --base-url');
    const baseURL = values['base-url'];
    return doctorReport(baseURL, await probeSite(baseURL, opsToken), pageRegistries);
  }
  const reportDir = values.report ?? 'paths-report';
  if (command === 'replay' && rest.length === 1) {
    if (!values['base-url']) throw new Error('replay needs --base-url');
    return replay(rest[0]!, values['base-url'], reportDir, values.headed === true, opsToken);
  }
  if (!command || rest.length > 0) throw new Error(usage);
  if (
    !values['base-url'] &&
    (values.workers || values.report || values.headed || values['no-trace'])
  ) {
    throw new Error(
      '--report, --workers, --headed and --no-trace go with --base-url (running paths)',
    );
  }
  const strategy = (values.strategy ?? 'shortest') as Strategy;
  if (!STRATEGIES.includes(strategy))
    throw new Error(`--strategy: one of ${STRATEGIES.join(', ')}`);
  const seed = count(values.seed, 'seed');
  const maxPaths = count(values['max-paths'], 'max-paths');
  const maxSteps = count(values['max-steps'], 'max-steps');
  const models = command === 'all' ? pathModels : [modelNamed(command)];
  if (values['base-url']) {
    return runAgainst(values['base-url'], models, strategy, {
      seed,
      maxPaths,
      maxSteps,
      filter: values.filter,
      reportDir,
      workers: count(values.workers, 'workers'),
      headed: values.headed === true,
      trace: values['no-trace'] !== true,
      opsToken,
    });
  }
  const report: PlanReport = { tool: 'paths', strategy, seed: seed ?? null, machines: [] };
  for (const model of models) {
    const plan = planMachine(model, strategy, {
      ...(seed === undefined ? {} : { seed }),
      ...(maxPaths === undefined ? {} : { maxPaths }),
      ...(maxSteps === undefined ? {} : { maxSteps }),
      ...(values.filter ? { filter: values.filter } : {}),
    });
    report.machines.push({
      model: plan.model,
      version: plan.version,
      coverage: coverageOf(plan.graph, plan.paths),
      paths: plan.paths.map((path) => ({
        id: path.id,
        steps: path.steps.map((step) => step.edge),
      })),
    });
  }
  if (values.json) return JSON.stringify(report, null, 2);
  return report.machines
    .map((machine) => {
      const { states, transitions } = machine.coverage;
      const lines = [
        `${machine.model} (version ${machine.version}): ${machine.paths.length} paths, ` +
          `states ${states.covered.length}/${states.total} (${percent(states.covered.length, states.total)}), ` +
          `transitions ${transitions.covered.length}/${transitions.total} (${percent(transitions.covered.length, transitions.total)})`,
      ];
      for (const path of machine.paths) {
        const labels = path.steps.map((edge) => edge.split(' --')[1]!.split('--> ')[0]);
        lines.push(`  ${path.id}  ${labels.join(' → ')}`);
      }
      return lines.join('\n');
    })
    .join('\n\n');
}

/**
 * Runs the planned paths of the machines mapped to pages against a site, writes the reports,
 * and fails (exit 1) when a path failed.
 */
async function runAgainst(
  baseURL: string,
  models: PathModel[],
  strategy: Strategy,
  options: {
    seed: number | undefined;
    maxPaths: number | undefined;
    maxSteps: number | undefined;
    filter: string | undefined;
    reportDir: string;
    workers: number | undefined;
    headed: boolean;
    trace: boolean;
    opsToken: string | undefined;
  },
): Promise<string> {
  const mapped = models.filter((model) => pageRegistryFor(model.id));
  const unmapped = models.filter((model) => !pageRegistryFor(model.id)).map((model) => model.id);
  if (mapped.length === 0) {
    throw new Error(`No page registry yet for ${unmapped.join(', ')}: they can be planned only.`);
  }
  const work = mapped.map((model) => ({
    registry: pageRegistryFor(model.id)!,
    plan: planMachine(model, strategy, {
      ...(options.seed === undefined ? {} : { seed: options.seed }),
      ...(options.maxPaths === undefined ? {} : { maxPaths: options.maxPaths }),
      ...(options.maxSteps === undefined ? {} : { maxSteps: options.maxSteps }),
      ...(options.filter ? { filter: options.filter } : {}),
    }),
  }));
  // The preflight first: what the site gives this run, and what will be cut and why.
  const profile = await probeSite(baseURL, options.opsToken);
  process.stderr.write(
    `${doctorReport(
      baseURL,
      profile,
      work.map(({ registry }) => registry),
    )}\n\n`,
  );
  const startedAt = new Date().toISOString();
  const runOptions = {
    baseURL,
    profile,
    onResult: progress,
    reportDir: options.reportDir,
    headed: options.headed,
    trace: options.trace,
    ...(options.workers ? { workers: options.workers } : {}),
    ...(options.opsToken ? { opsToken: options.opsToken } : {}),
  };
  // A transitions run aims at every transition: it plans again around what the site could not
  // make (or what failed) until a round teaches nothing new.
  const rounds = strategy === 'transitions';
  const results = rounds
    ? await runInRounds(work, (some) => runPaths(some, runOptions), options.maxSteps)
    : await runPaths(work, runOptions);
  const report = await writeReports(
    options.reportDir,
    { strategy, seed: options.seed ?? null, baseURL, startedAt, rounds },
    work.map(({ plan }) => ({
      plan,
      results: results.filter((result) => result.model === plan.model),
    })),
  );
  const summary = summarise(report);
  const skipped =
    (unmapped.length ? `\nNot run (no page registry yet): ${unmapped.join(', ')}` : '') +
    (report.created.length
      ? `\nAccounts made on the site: ${report.created.length} (listed in ${options.reportDir}/report.json, "created")`
      : '');
  if (results.some((result) => result.status === 'failed')) {
    throw new Error(`${summary}${skipped}\nReport: ${options.reportDir}/index.html`);
  }
  return `${summary}${skipped}\nReport: ${options.reportDir}/index.html`;
}

/** A line per path on stderr as the run goes: a long run shows it is moving. */
function progress(result: PathResult) {
  const mark = {
    passed: 'passed',
    failed: 'FAILED',
    skipped: 'not run',
    cut: 'cut short',
    flaky: 'FLAKY (failed, then passed on a retry)',
  }[result.status];
  const seconds = (result.durationMs / 1000).toFixed(1);
  process.stderr.write(`  ${result.id}: ${mark} (${result.steps.length} steps, ${seconds} s)\n`);
}

function summarise(report: RunReport): string {
  return report.machines
    .map((machine) => {
      const failed = machine.results.filter((result) => result.status === 'failed');
      const skipped = machine.results.filter((result) => result.status === 'skipped');
      const passed = machine.results.filter((result) => result.status === 'passed').length;
      const flaky = machine.results.filter((result) => result.status === 'flaky');
      const cut = machine.results.filter((result) => result.status === 'cut');
      const { states, transitions } = machine.coverage;
      const lines = [
        `${machine.model}: ${passed}/${machine.results.length} paths passed, ` +
          `${failed.length} failed, ${flaky.length} flaky, ${cut.length} cut short, ${skipped.length} not run; ` +
          `states ${states.covered.length}/${states.total}, transitions ${transitions.covered.length}/${transitions.total}`,
      ];
      // By reason, each once: the reasons say what lifts them.
      const byReason = (title: string, reasons: string[]) => {
        if (reasons.length === 0) return;
        const counts = new Map<string, number>();
        for (const reason of reasons) counts.set(reason, (counts.get(reason) ?? 0) + 1);
        lines.push(`  ${title}:`);
        for (const [reason, times] of counts) lines.push(`    ${times} × ${reason}`);
      };
      byReason(
        'not run',
        skipped.map((one) => one.skipped ?? ''),
      );
      byReason(
        'cut short where the site cannot go on',
        cut.map((one) => one.cut!.reason),
      );
      for (const one of flaky) lines.push(`  FLAKY ${one.id}: ${one.notes[0]}`);
      const rounds = Math.max(1, ...machine.paths.map((one) => one.round ?? 1));
      if (rounds > 1) lines.push(`  planned again around them: ${rounds} rounds`);
      // A replay runs one path: what it does not take is no news.
      if (report.strategy === 'replay') return [...lines, ...failures(failed)].join('\n');
      // Paths not run say why once (above); transitions a strategy other than `transitions`
      // does not aim at are counted; every other transition not reached, one by one.
      const notRun = machine.unreached.filter((one) => one.kind === 'skipped').length;
      if (notRun > 0) lines.push(`  not reached: ${notRun} transitions of the paths not run`);
      const grouped = (one: { kind: string }) =>
        one.kind === 'skipped' || (one.kind === 'notPlanned' && report.strategy !== 'transitions');
      const unplanned = machine.unreached.filter(grouped).length - notRun;
      if (unplanned > 0) {
        lines.push(
          `  not reached: ${unplanned} transitions no ${report.strategy} path takes (--strategy transitions covers them all)`,
        );
      }
      for (const one of machine.unreached.filter((other) => !grouped(other))) {
        lines.push(`  not reached: ${one.transition}: ${UNREACHED[one.kind]}: ${one.reason}`);
      }
      return [...lines, ...failures(failed)].join('\n');
    })
    .join('\n');
}

/** Each failed path: where it failed, why, and the command that replays its shrunk form. */
function failures(failed: PathResult[]): string[] {
  return failed.flatMap((result) => {
    const where = result.failure!.step < 0 ? 'the start' : `step ${result.failure!.step + 1}`;
    const lines = [`  FAILED ${result.id} at ${where}: ${result.failure!.message.split('\n')[0]}`];
    if (result.shrunk)
      lines.push(`    shrunk to ${result.shrunk.steps.length} steps: ${result.shrunk.replay}`);
    return lines;
  });
}

/** Runs one path of an earlier run's report again (a planned path or a shrunk one). */
async function replay(
  id: string,
  baseURL: string,
  reportDir: string,
  headed: boolean,
  opsToken: string | undefined,
) {
  const report = await readReport(reportDir);
  for (const machine of report.machines) {
    const stored =
      machine.paths.find((one) => one.id === id)?.steps ??
      machine.results.find((result) => result.shrunk?.id === id)?.shrunk?.steps;
    if (!stored) continue;
    const model = modelNamed(machine.model);
    const registry = pageRegistryFor(model.id);
    if (!registry) throw new Error(`No page registry for ${model.id}`);
    const graph = buildGraph(model);
    if (machineVersion(model.machine) !== machine.version) {
      throw new Error(`${id} was made from another version of ${model.id}: plan and run again.`);
    }
    const steps = stored.map((edgeId) => {
      const edge = graph.edges.find((candidate) => candidate.id === edgeId);
      if (!edge) throw new Error(`${id}: the graph has no transition ${edgeId} any more`);
      return { label: edge.label, from: edge.from, to: edge.to, edge: edge.id };
    });
    const plan: MachinePlan = {
      model: model.id,
      version: machine.version,
      graph,
      paths: [{ id, model: model.id, strategy: 'replay', steps }],
    };
    const replayDir = path.join(reportDir, `replay-${id}`);
    const startedAt = new Date().toISOString();
    const results = await runPaths([{ registry, plan }], {
      baseURL,
      reportDir: replayDir,
      headed,
      shrink: false,
      ...(opsToken ? { opsToken } : {}),
    });
    const written = await writeReports(
      replayDir,
      { strategy: 'replay', seed: null, baseURL, startedAt },
      [{ plan, results }],
    );
    const summary = `${summarise(written)}\nReport: ${replayDir}/index.html`;
    if (results[0]!.status === 'failed') throw new Error(summary);
    return summary;
  }
  throw new Error(`No path ${id} in ${reportDir}/report.json`);
}

/** Every machine: its states and events, and how many paths each strategy makes. */
function list(): string {
  return pathModels
    .map((model) => {
      const graph = buildGraph(model);
      const counts = STRATEGIES.map(
        (strategy) => `${strategy} ${generatePaths(graph, strategy, { seed: 1 }).length}`,
      ).join(', ');
      const values = [...new Set([...graph.nodes.values()].map((node) => node.value))];
      const labels = [...new Set(graph.edges.map((edge) => edge.label))];
      const notDriven = Object.entries(model.notDriven ?? {}).map(
        ([type, why]) => `    not driven: ${type} (${why})`,
      );
      const registry = pageRegistryFor(model.id);
      const gaps = registry ? registryGaps(registry) : null;
      const site = !gaps
        ? 'planned only (no page registry yet)'
        : gaps.states.length + gaps.events.length === 0
          ? 'runs against a site'
          : `page registry misses states ${gaps.states.join(', ') || '-'}, events ${gaps.events.join(', ') || '-'}`;
      return [
        `${model.id}: ${graph.nodes.size} states, ${graph.edges.length} transitions; paths: ${counts}; ${site}`,
        `    states: ${values.join(', ')}`,
        `    events: ${labels.join(', ')}`,
        ...notDriven,
      ].join('\n');
    })
    .join('\n');
}

/**
 * The union of several reports (`--json` output, or an earlier merge) per machine and version:
 * coverage and paths. Reports of another version of a machine are kept apart.
 */
async function merge(files: string[]): Promise<string> {
  const merged = new Map<string, PlanReport['machines'][number]>();
  for (const file of files) {
    const report = JSON.parse(await readFile(file, 'utf8')) as PlanReport;
    if (report.tool !== 'paths') throw new Error(`${file} is not a paths report`);
    for (const machine of report.machines) {
      const key = `${machine.model}@${machine.version}`;
      const seen = merged.get(key);
      if (!seen) {
        merged.set(key, machine);
        continue;
      }
      const paths = new Map([...seen.paths, ...machine.paths].map((path) => [path.id, path]));
      merged.set(key, {
        ...seen,
        coverage: mergeCoverage(seen.coverage, machine.coverage),
        paths: [...paths.values()],
      });
    }
  }
  const report: PlanReport = {
    tool: 'paths',
    strategy: 'merged',
    seed: null,
    machines: [...merged.values()],
  };
  return JSON.stringify(report, null, 2);
}

run(process.argv.slice(2)).then(
  (output) => console.log(output),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);

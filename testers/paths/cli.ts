import { readFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { modelNamed, pathModels } from './models';
import { type Coverage, coverageOf, mergeCoverage, planMachine } from './plan';
import { generatePaths, STRATEGIES, type Strategy } from './strategies';
import { buildGraph } from './graph';

/**
 * The testers' command (issue 15):
 *   npm run paths -- list
 *   npm run paths -- <machine|all> --strategy shortest|simple|random|transitions
 *       [--seed N] [--max-paths N] [--max-steps N] [--filter <state|event|id>] [--json]
 *   npm run paths -- merge <report.json> <report.json> …
 *
 * Today it plans: the paths of each machine with their ids and the coverage they reach. Running
 * them against a site (`--base-url`), the reports with screenshots, shrinking and `replay`
 * arrive with the runner; until then those options are refused, never ignored.
 */
const usage = [
  'usage: npm run paths -- list',
  '       npm run paths -- <machine|all> --strategy shortest|simple|random|transitions',
  '              [--seed N] [--max-paths N] [--max-steps N] [--filter <state|event|id>] [--json]',
  '       npm run paths -- merge <report.json> <report.json> …',
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
    },
  });
  const [command, ...rest] = positionals;
  if (command === 'list' && rest.length === 0) return list();
  if (command === 'merge' && rest.length >= 2) return merge(rest);
  if (command === 'replay') {
    throw new Error('replay arrives with the runner (issue 15): paths are only planned today.');
  }
  if (!command || rest.length > 0) throw new Error(usage);
  if (values['base-url'] || values.workers || values.report || values.headed) {
    throw new Error(
      'Running paths against a site arrives with the runner (issue 15); today the command plans them.',
    );
  }
  const strategy = (values.strategy ?? 'shortest') as Strategy;
  if (!STRATEGIES.includes(strategy))
    throw new Error(`--strategy: one of ${STRATEGIES.join(', ')}`);
  const seed = count(values.seed, 'seed');
  const maxPaths = count(values['max-paths'], 'max-paths');
  const maxSteps = count(values['max-steps'], 'max-steps');
  const models = command === 'all' ? pathModels : [modelNamed(command)];
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
      return [
        `${model.id}: ${graph.nodes.size} states, ${graph.edges.length} transitions; paths: ${counts}`,
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

import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';

/**
 * Finds a flaky test before it blocks a landing (issue 35): runs the same Vitest tests several
 * times — on a busy machine if asked, as CI's is when the end-to-end suite runs beside it — and
 * names every test whose result changed between runs (flaky) or that failed every time (broken).
 *
 *   npm run flaky -- [--times N] [--busy] <files or filters Vitest takes>
 *   npm run flaky -- --times 5 --busy tests/server/operations/multiProcess.test.ts
 *
 * `--busy` keeps every core spinning in worker threads for the whole run (a machine with no time
 * to spare): a test that waits for a fixed time instead of a state fails there first. Exits 1
 * when any test was flaky or broken. For the browser tests Playwright has its own:
 * `npx playwright test <file> --repeat-each 5 --fail-on-flaky-tests`.
 */
interface JsonReport {
  testResults: { name: string; assertionResults: { fullName: string; status: string }[] }[];
}

function parseArgs(argv: string[]) {
  let times = 3;
  let busy = false;
  const filters: string[] = [];
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i]!;
    if (arg === '--times') times = Number(argv[++i]);
    else if (arg === '--busy') busy = true;
    else filters.push(arg);
  }
  if (!Number.isInteger(times) || times < 2) throw new Error('--times takes a whole number ≥ 2');
  if (filters.length === 0) throw new Error('name the test files (or filters) to repeat');
  return { times, busy, filters };
}

/** Threads that keep every core busy until stopped. */
function keepBusy(): () => Promise<void> {
  const workers = Array.from(
    { length: availableParallelism() },
    () => new Worker('for (;;) {}', { eval: true }),
  );
  return async () => {
    await Promise.all(workers.map((worker) => worker.terminate()));
  };
}

async function main(): Promise<void> {
  const { times, busy, filters } = parseArgs(process.argv.slice(2));
  const dir = mkdtempSync(path.join(tmpdir(), 'flaky-'));
  const stopBusy = busy ? keepBusy() : null;
  const results = new Map<string, string[]>();
  try {
    for (let run = 1; run <= times; run += 1) {
      const outputFile = path.join(dir, `run-${run}.json`);
      console.log(`run ${run} of ${times}${busy ? ' (every core kept busy)' : ''}…`);
      spawnSync(
        'npx',
        [
          'vitest',
          'run',
          '--reporter=dot',
          '--reporter=json',
          `--outputFile=${outputFile}`,
          ...filters,
        ],
        { stdio: ['ignore', 'inherit', 'inherit'] },
      );
      const report = JSON.parse(readFileSync(outputFile, 'utf8')) as JsonReport;
      for (const file of report.testResults) {
        for (const test of file.assertionResults) {
          const name = `${path.relative(process.cwd(), file.name)} › ${test.fullName}`;
          results.set(name, [...(results.get(name) ?? []), test.status]);
        }
      }
    }
  } finally {
    await stopBusy?.();
    rmSync(dir, { recursive: true, force: true });
  }
  const ran = (statuses: string[]) => statuses.filter((status) => status !== 'skipped');
  const flaky = [...results].filter(([, s]) => new Set(ran(s)).size > 1);
  const broken = [...results].filter(
    ([, s]) => ran(s).length > 0 && ran(s).every((x) => x === 'failed'),
  );
  console.log(
    `\n${results.size} tests, ${times} runs: ${flaky.length} flaky, ${broken.length} failing every time`,
  );
  for (const [name, statuses] of flaky) console.log(`  flaky   ${name} (${statuses.join(', ')})`);
  for (const [name] of broken) console.log(`  failing ${name}`);
  if (flaky.length + broken.length > 0) process.exitCode = 1;
}

await main();

import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { MachineGraph } from './graph';
import { type Coverage, coverageOf, type MachinePlan } from './plan';
import { knowledgeOf } from './rounds';
import type { PathResult } from './runner';
import { type Unreached, unreachedOf } from './unreached';

/** What a run writes (`report.json`): per machine, its coverage and each path's result. */
export interface RunReport {
  tool: 'paths';
  strategy: string;
  seed: number | null;
  baseURL: string;
  startedAt: string;
  /** Every account the run made on the site, by path: what a tester may want to clean up. */
  created: { path: string; account: string }[];
  machines: {
    model: string;
    version: string;
    coverage: Coverage;
    /**
     * Every transition no path made, with why: cut (the site cannot make it there), failed,
     * blocked by those, stopped before, skipped, or not planned (`Unreached`).
     */
    unreached: Unreached[];
    /** The paths run; a transitions run's later rounds say which (`round`). */
    paths: { id: string; steps: string[]; round?: number }[];
    results: PathResult[];
  }[];
}

/**
 * The three reports of a run in `dir`: report.json (for `merge` and `replay`), junit.xml (for
 * CI) and index.html (per machine: the state graph with what was covered, and every path with
 * its steps and result, a failure with its screenshot and replay command). Coverage counts a
 * path's steps up to where it failed.
 */
export async function writeReports(
  dir: string,
  {
    rounds = false,
    ...run
  }: {
    strategy: string;
    seed: number | null;
    baseURL: string;
    startedAt: string;
    /** The run planned again around cut and failed transitions (`runInRounds`). */
    rounds?: boolean;
  },
  machines: { plan: MachinePlan; results: PathResult[] }[],
): Promise<RunReport> {
  const report: RunReport = {
    tool: 'paths',
    ...run,
    created: machines.flatMap(({ results }) =>
      results.flatMap((result) => result.accounts.map((account) => ({ path: result.id, account }))),
    ),
    machines: machines.map(({ plan, results }) => {
      // A skipped path was not walked: it covers nothing, not even the initial state.
      const walked = results
        .filter((result) => result.status !== 'skipped')
        .map((result) => ({
          ...plan.paths.find((one) => one.id === result.id)!,
          steps: plan.paths
            .find((one) => one.id === result.id)!
            .steps.filter((_, index) => result.steps[index]?.status === 'passed'),
        }));
      const coverage = coverageOf(plan.graph, walked);
      return {
        model: plan.model,
        version: plan.version,
        coverage,
        unreached: unreachedOf(plan.graph, results, knowledgeOf(results), rounds),
        paths: plan.paths.map((one) => ({
          id: one.id,
          steps: one.steps.map((step) => step.edge),
          ...(one.round ? { round: one.round } : {}),
        })),
        results,
      };
    }),
  };
  await mkdir(dir, { recursive: true });
  await writeFile(path.join(dir, 'report.json'), JSON.stringify(report, null, 2));
  await writeFile(path.join(dir, 'junit.xml'), junit(report));
  await writeFile(
    path.join(dir, 'index.html'),
    html(report, new Map(machines.map(({ plan }) => [plan.model, plan.graph]))),
  );
  return report;
}

export async function readReport(dir: string): Promise<RunReport> {
  return JSON.parse(await readFile(path.join(dir, 'report.json'), 'utf8')) as RunReport;
}

/** How the summary and the HTML report name each kind of unreached transition. */
export const UNREACHED: Record<Unreached['kind'], string> = {
  cut: 'the site cannot make it there',
  failed: 'failed',
  blocked: 'only beyond a cut or failed transition',
  stopped: 'its path stopped before it',
  skipped: 'not run',
  notPlanned: 'not planned',
};

const escape = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

function junit(report: RunReport): string {
  const suites = report.machines.map((machine) => {
    const failures = machine.results.filter((result) => result.status === 'failed').length;
    const skipped = machine.results.filter((result) => result.status === 'skipped').length;
    const flaky = machine.results.filter((result) => result.status === 'flaky').length;
    const cases = machine.results.map((result) => {
      const name = escape(
        `${result.id}: ${result.steps.map((step) => step.label).join(' → ') || '(start)'}`,
      );
      const time = (result.durationMs / 1000).toFixed(3);
      if (result.status === 'flaky') {
        // Passed on a retry: no failure, and not a plain pass either. Maven Surefire's rerun
        // element (which Jenkins and GitLab read) and a property say so.
        const first = result.firstAttempt!;
        return [
          `    <testcase classname="${machine.model}" name="${name}" time="${time}">`,
          '      <properties><property name="flaky" value="true"/></properties>',
          `      <flakyFailure message="${escape(first.message.split('\n')[0]!)}">${escape(first.message)}</flakyFailure>`,
          `      <system-out>${escape(result.notes.join('\n'))}</system-out>`,
          '    </testcase>',
        ].join('\n');
      }
      if (result.cut) {
        return [
          `    <testcase classname="${machine.model}" name="${name}" time="${time}">`,
          `      <system-out>${escape(`cut short at step ${result.cut.step + 1} (${result.cut.transition}): ${result.cut.reason}`)}</system-out>`,
          '    </testcase>',
        ].join('\n');
      }
      if (result.status === 'skipped') {
        return [
          `    <testcase classname="${machine.model}" name="${name}" time="0.000">`,
          `      <skipped message="${escape(result.skipped ?? '')}"/>`,
          '    </testcase>',
        ].join('\n');
      }
      if (!result.failure)
        return `    <testcase classname="${machine.model}" name="${name}" time="${time}"/>`;
      const where = result.failure.step < 0 ? 'start' : `step ${result.failure.step + 1}`;
      const detail = [
        `at ${where}, expecting ${result.failure.expected}`,
        result.failure.message,
        result.shrunk ? `shrunk: ${result.shrunk.replay}` : `replay: ${result.failure.replay}`,
      ]
        .filter(Boolean)
        .join('\n');
      return [
        `    <testcase classname="${machine.model}" name="${name}" time="${time}">`,
        `      <failure message="${escape(result.failure.message.split('\n')[0]!)}">${escape(detail)}</failure>`,
        '    </testcase>',
      ].join('\n');
    });
    return [
      `  <testsuite name="${machine.model}" tests="${machine.results.length}" failures="${failures}" skipped="${skipped}">`,
      `    <properties><property name="flaky" value="${flaky}"/></properties>`,
      ...cases,
      '  </testsuite>',
    ].join('\n');
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<testsuites name="paths">',
    ...suites,
    '</testsuites>',
    '',
  ].join('\n');
}

/** Layers by distance from the initial state; each state a box, each transition a line. */
function graphSvg(graph: MachineGraph, coverage: Coverage, failed: Set<string>): string {
  const depth = new Map<string, number>([[graph.initial, 0]]);
  const queue = [graph.initial];
  while (queue.length > 0) {
    const at = queue.shift()!;
    for (const edge of graph.outgoing.get(at) ?? []) {
      if (depth.has(edge.to)) continue;
      depth.set(edge.to, depth.get(at)! + 1);
      queue.push(edge.to);
    }
  }
  const layers = new Map<number, string[]>();
  for (const [key, level] of depth) layers.set(level, [...(layers.get(level) ?? []), key]);
  const boxWidth = 200;
  const boxHeight = 34;
  const position = new Map<string, { x: number; y: number }>();
  for (const [level, keys] of layers) {
    keys.forEach((key, index) =>
      position.set(key, { x: 20 + index * (boxWidth + 30), y: 20 + level * 90 }),
    );
  }
  const width = Math.max(...[...position.values()].map((p) => p.x)) + boxWidth + 20;
  const height = Math.max(...[...position.values()].map((p) => p.y)) + boxHeight + 20;
  const coveredStates = new Set(coverage.states.covered);
  const coveredEdges = new Set(coverage.transitions.covered);
  const lines = graph.edges.map((edge) => {
    const from = position.get(edge.from)!;
    const to = position.get(edge.to)!;
    const colour = failed.has(edge.id)
      ? '#c62828'
      : coveredEdges.has(edge.id)
        ? '#2e7d32'
        : '#9e9e9e';
    const x1 = from.x + boxWidth / 2;
    const y1 = from.y + boxHeight;
    const x2 = to.x + boxWidth / 2;
    const y2 = to.y;
    const bend =
      edge.from === edge.to
        ? `M${x1 - 30},${y1} C${x1 - 60},${y1 + 40} ${x1 + 60},${y1 + 40} ${x1 + 30},${y1}`
        : `M${x1},${y1} Q${(x1 + x2) / 2 + 20},${(y1 + y2) / 2} ${x2},${y2}`;
    return `<path d="${bend}" fill="none" stroke="${colour}" stroke-width="1.5" marker-end="url(#arrow)"><title>${escape(edge.id)}</title></path>`;
  });
  const boxes = [...position.entries()].map(([key, { x, y }]) => {
    const fill = coveredStates.has(key) ? '#e8f5e9' : '#f5f5f5';
    const stroke = coveredStates.has(key) ? '#2e7d32' : '#9e9e9e';
    const label = key.length > 30 ? `${key.slice(0, 29)}…` : key;
    return `<g><rect x="${x}" y="${y}" width="${boxWidth}" height="${boxHeight}" rx="6" fill="${fill}" stroke="${stroke}"/><text x="${x + 8}" y="${y + 21}" font-size="12">${escape(label)}</text><title>${escape(key)}</title></g>`;
  });
  return `<svg role="img" aria-label="State graph" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" xmlns="http://www.w3.org/2000/svg"><defs><marker id="arrow" viewBox="0 0 10 10" refX="10" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z" fill="#616161"/></marker></defs>${lines.join('')}${boxes.join('')}</svg>`;
}

function html(report: RunReport, graphs: Map<string, MachineGraph>): string {
  const sections = report.machines.map((machine) => {
    const graph = graphs.get(machine.model)!;
    const failedEdges = new Set(
      machine.results.flatMap((result) =>
        result.steps.filter((step) => step.status === 'failed').map((step) => step.edge),
      ),
    );
    const { states, transitions } = machine.coverage;
    const rows = machine.results.map((result) => {
      const steps = result.steps
        .map((step) => `<li class="${step.status}">${escape(step.label)} → ${escape(step.to)}</li>`)
        .join('');
      const flaky = result.firstAttempt
        ? `<div class="failure"><p><strong>Flaky</strong>: failed on its first run at ${result.firstAttempt.step < 0 ? 'the start' : `step ${result.firstAttempt.step + 1}`}, not on a retry</p><pre>${escape(result.firstAttempt.message)}</pre>${result.firstAttempt.screenshot ? `<img src="${escape(result.firstAttempt.screenshot)}" alt="The page when it failed" width="480">` : ''}</div>`
        : '';
      const failure = result.failure
        ? `<div class="failure"><p><strong>Failed</strong> at ${result.failure.step < 0 ? 'the start' : `step ${result.failure.step + 1}`}, expecting <code>${escape(result.failure.expected)}</code></p><pre>${escape(result.failure.message)}</pre>${result.failure.screenshot ? `<img src="${escape(result.failure.screenshot)}" alt="The page when it failed" width="480">` : ''}${result.failure.ariaSnapshot ? `<details><summary>What the page showed (accessible snapshot)</summary><pre>${escape(result.failure.ariaSnapshot)}</pre></details>` : ''}${[
            ['Console', result.failure.console],
            ['Network', result.failure.network],
            ['Socket events', result.failure.socket],
          ]
            .map(([title, items]) =>
              (items as string[]).length
                ? `<details><summary>${title}</summary><pre>${escape((items as string[]).join('\n'))}</pre></details>`
                : '',
            )
            .join('')}${(result.failure.actorScreenshots ?? [])
            .map(
              (shot) =>
                `<p>${escape(shot.actor)}'s page:</p><img src="${escape(shot.screenshot)}" alt="${escape(shot.actor)}'s page when it failed" width="480">`,
            )
            .join(
              '',
            )}${result.failure.trace ? `<p>Trace: <code>npx playwright show-trace ${escape(result.failure.trace)}</code></p>` : ''}${result.shrunk ? `<p>Shrunk to ${result.shrunk.steps.length} steps: <code>${escape(result.shrunk.replay)}</code></p>` : `<p>Replay: <code>${escape(result.failure.replay)}</code></p>`}</div>`
        : '';
      const skipped = result.skipped
        ? `<p>Not run: ${escape(result.skipped)}</p>`
        : result.cut
          ? `<p>Cut short at step ${result.cut.step + 1}: the site cannot make this transition here — ${escape(result.cut.reason)}</p>`
          : '';
      const accounts = result.accounts.length
        ? `<p>Accounts made: ${result.accounts.map(escape).join(', ')}</p>`
        : '';
      const round = machine.paths.find((one) => one.id === result.id)?.round;
      return `<article class="path ${result.status}"><h3>${escape(result.id)} <span>${result.status}${round ? ` · round ${round}` : ''}</span></h3><ol>${steps}</ol>${skipped}${accounts}${flaky}${failure}</article>`;
    });
    return `<section><h2>${escape(machine.model)}</h2><p>States ${states.covered.length}/${states.total} · transitions ${transitions.covered.length}/${transitions.total}</p>${machine.unreached.length ? `<h3>Not reached</h3><ul>${machine.unreached.map((one) => `<li><code>${escape(one.transition)}</code>: <strong>${UNREACHED[one.kind]}</strong>: ${escape(one.reason)}</li>`).join('')}</ul>` : ''}<div class="graph">${graphSvg(graph, machine.coverage, failedEdges)}</div>${rows.join('')}</section>`;
  });
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Paths report</title><style>body{font-family:system-ui,sans-serif;margin:1rem;max-width:72rem}.graph{overflow-x:auto}.path{border:1px solid #ccc;border-radius:6px;padding:.5rem 1rem;margin:.5rem 0}.path.failed{border-color:#c62828}.path.flaky{border-color:#ef6c00}.path h3 span{font-weight:normal;font-size:.9rem}li.failed{color:#c62828;font-weight:bold}li.notRun{color:#757575}li.cannot{color:#8d6e00}pre{white-space:pre-wrap;background:#f5f5f5;padding:.5rem}img{max-width:100%;height:auto}</style></head><body><h1>Paths report</h1><p>${escape(report.baseURL)} · ${escape(report.strategy)}${report.seed === null ? '' : ` · seed ${report.seed}`} · ${escape(report.startedAt)}</p>${sections.join('')}</body></html>`;
}

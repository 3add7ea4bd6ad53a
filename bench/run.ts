import { existsSync } from 'node:fs';
import { measureBalanceLatency } from './balanceLatency';
import { JS_BUDGET_BYTES, measureHomeBundle } from './bundleSize';
import { measureColdStart } from './coldStart';
import { BROWSER_ACCEPT_ENCODING, measureGameList } from './gameList';
import { ENGINE_BUDGET_MS, measureLedgerThroughput } from './ledgerThroughput';
import { measureLighthouse, TARGETS } from './lighthouse';
import { ACCRUAL_BET, measureBetAccruals } from './betAccruals';
import { BET_AMOUNT, BET_PLAYERS, IN_FLIGHT, measureBets, NOOP_PATH } from './bets';
import { measureSalaryLatency } from './salaryLatency';
import { measureScaleOut } from './scaleOut';
import { measureSoak } from './soak';
import { printSoak } from './support/soakReport';
import type { LoadRun } from './support/load';
import type { LatencySummary } from './support/stats';
import { perSecond, summarize } from './support/stats';
import { REPORT_BETS, REPORT_MEMBERS, measureTeamReports } from './teamReports';
import { measureWinnerFeed, type PageWindow } from './winnerFeed';

/**
 * `npm run bench`: prints figures; never fails on a number (goals are read, not asserted).
 * `npm run bench -- ledger latency` runs only the named parts (bundle, start, ledger, latency,
 * games, winners, reports, salary, accruals, bets, lighthouse, scale). `soak` runs for minutes
 * and only when named (`npm run bench -- soak`; SOAK_PLAYERS, SOAK_MINUTES: bench/soak.ts).
 */
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const ms = (value: number) => `${value.toFixed(0)} ms`;
const fine = (value: number) => `${value.toFixed(value < 10 ? 2 : 1)} ms`;
const latency = (summary: LatencySummary) =>
  `p50 ${fine(summary.p50)}, p99 ${fine(summary.p99)}, max ${fine(summary.max)} (n=${summary.count})`;

const parts = [
  'bundle',
  'start',
  'ledger',
  'latency',
  'games',
  'winners',
  'reports',
  'salary',
  'accruals',
  'bets',
  'lighthouse',
  'scale',
  'soak',
] as const;
const asked = process.argv.slice(2);
const unknown = asked.filter((name) => !(parts as readonly string[]).includes(name));
if (unknown.length > 0) {
  console.error(`unknown part(s): ${unknown.join(', ')}; choose from ${parts.join(', ')}`);
  process.exit(2);
}
/** Parts that run only when named: the soak takes minutes (10 by default). */
const onlyWhenNamed: readonly (typeof parts)[number][] = ['soak'];
const runs = (part: (typeof parts)[number]) =>
  asked.includes(part) || (asked.length === 0 && !onlyWhenNamed.includes(part));

if (runs('bundle')) {
  if (!existsSync('dist/index.html')) {
    console.log('\nHome route, initial download (as sent: gzip, brotli)');
    console.log('  skipped: dist/ is missing (run `npm run build` first)');
  } else {
    const bundle = await measureHomeBundle();
    console.log('\nHome route, initial download (as sent: gzip, brotli)');
    for (const file of bundle.files)
      console.log(
        `  ${file.file.padEnd(48)} ${kb(file.gzip).padStart(9)} ${kb(file.brotli).padStart(9)}`,
      );
    console.log(
      `  JavaScript: ${kb(bundle.jsGzip)} gzip of a ${kb(JS_BUDGET_BYTES)} budget (ratio ${(bundle.jsGzip / JS_BUDGET_BYTES).toFixed(2)}); ${kb(bundle.jsBrotli)} brotli`,
    );
    console.log(`  CSS:        ${kb(bundle.cssGzip)}`);
  }
}

if (runs('start')) {
  const start = await measureColdStart();
  console.log('\nServer start to first served page');
  console.log(`  bare Fastify baseline:              ${ms(start.baselineMs)}`);
  console.log(
    `  platform, first boot (migrate+seed): ${ms(start.firstBootMs)}  (×${(start.firstBootMs / start.baselineMs).toFixed(1)} baseline)`,
  );
  console.log(
    `  platform, restart on existing data:  ${ms(start.restartMs)}  (×${(start.restartMs / start.baselineMs).toFixed(1)} baseline)`,
  );
  const times = (value: number) => `×${(value / start.baselineMs).toFixed(1)} baseline`;
  if (start.compiledRestartMs === null || start.compiledFirstBootMs === null) {
    console.log('  compiled server (dist-server/): not built, run `npm run build` first');
  } else {
    console.log(
      `  same restart, compiled (npm start):  ${ms(start.compiledRestartMs)}  (${times(start.compiledRestartMs)}; ×${(start.compiledRestartMs / start.restartMs).toFixed(2)} of the tsx restart)`,
    );
    console.log(
      `  first boot, compiled (npm start):    ${ms(start.compiledFirstBootMs)}  (${times(start.compiledFirstBootMs)})`,
    );
  }
  if (start.postgres) {
    const onPostgres = start.postgres;
    console.log(`  compiled on PostgreSQL (${onPostgres.source}):`);
    console.log(
      `    first boot (migrate+seed):          ${ms(onPostgres.firstBootMs)}  (${times(onPostgres.firstBootMs)})`,
    );
    console.log(
      `    restart:                            ${ms(onPostgres.restartMs)}  (${times(onPostgres.restartMs)})`,
    );
  }
  console.log(
    `  database template: ${start.template ? 'built (first boots unpack it)' : 'none (first boots make the cluster)'}`,
  );
}

if (runs('ledger')) {
  console.log('\nLedger transfers per second, one process (postTransaction between main wallets)');
  for (const engine of await measureLedgerThroughput()) {
    console.log(`  ${engine.engine}${engine.source ? ` (${engine.source})` : ''}`);
    if (engine.skipped || !engine.transfers || !engine.baseline) {
      console.log(`    skipped: ${engine.skipped ?? 'not measured'}`);
      continue;
    }
    const { transfers, baseline } = engine;
    const transferRate = perSecond(transfers);
    const baselineRate = perSecond(baseline);
    const note = (run: typeof transfers) =>
      `${run.done - run.failed} of ${engine.requested} in ${ms(run.elapsedMs)}` +
      (run.stoppedEarly ? ', stopped at the time limit' : '') +
      (run.failed > 0 ? `, ${run.failed} failed (${String(run.firstError)})` : '');
    console.log(`    concurrency ${engine.concurrency}, at most ~${ENGINE_BUDGET_MS / 1000} s`);
    console.log(
      `    baseline, one-statement update transactions: ${baselineRate.toFixed(0)} ops/s  (${note(baseline)})`,
    );
    console.log(`      latency ${latency(summarize(baseline.latencies))}`);
    console.log(
      `    ledger transfers: ${transferRate.toFixed(0)} transfers/s  (ratio ${(transferRate / baselineRate).toFixed(2)} of baseline; ${note(transfers)})`,
    );
    console.log(`      latency ${latency(summarize(transfers.latencies))}`);
  }
}

if (runs('latency')) {
  const figures = await measureBalanceLatency();
  const { platform, bare } = figures;
  console.log(
    `\nBalance event, request start to arrival on each of the player's ${figures.playerSockets} sockets (${figures.sockets} connected)`,
  );
  console.log(
    `  connecting ${figures.sockets} sockets: ${ms(figures.connectMs)} (platform), ${ms(figures.bareConnectMs)} (bare)`,
  );
  console.log(
    `  platform, wallet transfer → 2 balance events: ${latency(platform.fromStart)}; ${platform.rounds} rounds` +
      (platform.timedOut > 0 ? `, ${platform.timedOut} incomplete` : '') +
      (figures.refused > 0 ? `, ${figures.refused} refused` : ''),
  );
  console.log(
    `    event minus HTTP response arrival (negative: event first): ${latency(platform.fromTriggered)}`,
  );
  console.log(`  baseline, HTTP round trip of the same call:    ${latency(platform.trigger)}`);
  console.log(
    `  baseline, bare socket.io emit → 2 room events: ${latency(bare.fromStart)}; ${bare.rounds} rounds` +
      (bare.timedOut > 0 ? `, ${bare.timedOut} incomplete` : ''),
  );
  const ratio = (a: number, b: number) => `×${(a / b).toFixed(1)}`;
  console.log(
    `  ratio (p50): ${ratio(platform.fromStart.p50, platform.trigger.p50)} the HTTP round trip, ` +
      `${ratio(platform.fromStart.p50, bare.fromStart.p50)} bare socket.io`,
  );
}

if (runs('bets')) {
  console.log(
    `\nBets through the HTTP API (${BET_AMOUNT} each, every accrual active), ${BET_PLAYERS} players; one at a time and ${IN_FLIGHT} in flight`,
  );
  for (const engine of await measureBets()) {
    const label = `  ${engine.engine}${engine.source ? ` (${engine.source})` : ''}`;
    if (engine.skipped || !engine.noop || !engine.spins || !engine.draws || !engine.ledger) {
      console.log(`${label}: skipped: ${engine.skipped ?? 'not measured'}`);
      continue;
    }
    console.log(`${label}`);
    const { statements } = engine;
    if (statements)
      console.log(
        `    one bet executes: spin ${statements.spin.statements} statements in ${statements.spin.transactions} transaction(s), ${statements.spin.roundTrips} round trips; ` +
          `lottery bet ${statements.draw.statements} statements, ${statements.draw.roundTrips} round trips`,
      );
    const run = (load: LoadRun) =>
      `${load.perSecond.toFixed(0)}/s, p50 ${fine(load.latency.p50)}, p99 ${fine(load.latency.p99)}` +
      (load.errors + load.non200 > 0
        ? `; ${load.errors} errors, ${load.non200} refused (${String(load.firstError)})`
        : '');
    const { noop, spins, draws, ledger } = engine;
    const ledgerRate = (pool: typeof ledger.single) => perSecond(pool);
    console.log(
      `    baseline, authenticated no-op (GET ${NOOP_PATH}): one at a time ${run(noop.single)}; ${IN_FLIGHT} in flight ${run(noop.parallel)}`,
    );
    // Where the CPU went with many in flight: a call's share of the busy cores, and so the most
    // calls a second these cores could serve at that cost (the load's own client included).
    const cpu = (runs: typeof noop) => {
      const spent = runs.parallelCpu;
      const calls = runs.parallel.ok;
      if (!spent || calls === 0) return '';
      const per = (value: number) => (value / calls).toFixed(2);
      const ceiling = (1000 * spent.cores) / (spent.machineMs / calls);
      return (
        `; CPU per call ${per(spent.machineMs)} ms (node ${per(spent.nodeMs)}, PostgreSQL ${per(spent.postgresMs)}), ` +
        `cores ${(spent.machineShare * 100).toFixed(0)} % busy: at most ~${ceiling.toFixed(0)}/s on these ${spent.cores} cores`
      );
    };
    if (cpu(noop)) console.log(`      ${IN_FLIGHT} in flight, no-op${cpu(noop)}`);
    console.log(
      `    baseline, ledger transfers in process: one at a time ${ledgerRate(ledger.single).toFixed(0)}/s; ${IN_FLIGHT} in flight ${ledgerRate(ledger.parallel).toFixed(0)}/s (p99 ${fine(summarize(ledger.parallel.latencies).p99)})`,
    );
    for (const [name, runs] of [
      ['spins', spins],
      ['lottery bets', draws],
    ] as const) {
      console.log(
        `    ${name}: one at a time ${run(runs.single)}; ${IN_FLIGHT} in flight ${run(runs.parallel)}`,
      );
      const spent = cpu(runs);
      if (spent) console.log(`      ${IN_FLIGHT} in flight${spent}`);
      if (runs.backlog) {
        const { single, parallel } = runs.backlog;
        console.log(
          `      accruals still queued when the load stopped: ${single.queued} (folded in ${fine(single.drainMs)}) one at a time; ` +
            `${parallel.queued} (folded in ${fine(parallel.drainMs)}) ${IN_FLIGHT} in flight`,
        );
      }
      console.log(
        `      a bet costs ×${(runs.single.latency.p50 / noop.single.latency.p50).toFixed(1)} the no-op (p50, one at a time), ` +
          `×${(noop.parallel.perSecond / runs.parallel.perSecond).toFixed(1)} in throughput (${IN_FLIGHT} in flight); ` +
          `${(runs.parallel.perSecond / ledgerRate(ledger.parallel)).toFixed(2)} of the ledger's transfers/s`,
      );
    }
    console.log(
      `    checked afterwards: ${engine.betsChecked} bets; ` +
        (engine.anomalies!.length === 0
          ? 'books sum to zero, every accrual agrees with the bets'
          : `ANOMALIES: ${engine.anomalies!.join('; ')}`),
    );
  }
}

if (runs('scale')) {
  const figures = await measureScaleOut();
  console.log(
    `\nBalance event with ${figures.sockets} sockets (${figures.listeners} of player1), one process and two through Redis`,
  );
  if (figures.skipped || !figures.single || !figures.splitSame || !figures.splitOther) {
    console.log(`  skipped: ${figures.skipped ?? 'not measured'}`);
  } else {
    const rounds = (run: NonNullable<typeof figures.single>) =>
      `${run.rounds} rounds${run.timedOut > 0 ? `, ${run.timedOut} incomplete` : ''}`;
    console.log(
      `  connecting: ${ms(figures.connectSingleMs!)} (one process), ${ms(figures.connectSplitMs!)} (two)`,
    );
    console.log(
      `  baseline, one process, bonus → event: ${latency(figures.single.fromStart)}; ${rounds(figures.single)}`,
    );
    console.log(
      `  two processes, listeners on A (the one that committed): ${latency(figures.splitSame.fromStart)}`,
    );
    console.log(
      `  two processes, listeners on B (through Redis):          ${latency(figures.splitOther.fromStart)}; ${rounds(figures.splitOther)}`,
    );
    console.log(
      `  ratio on B against one process: p50 ×${(figures.splitOther.fromStart.p50 / figures.single.fromStart.p50).toFixed(2)}, p99 ×${(figures.splitOther.fromStart.p99 / figures.single.fromStart.p99).toFixed(2)} (goal: p99 ≤ 150 ms)`,
    );
    console.log(
      `  memory per idle socket (server RSS, one process): ${kb(figures.bytesPerSocket!)} (goal ≤ 30 KB)`,
    );
  }
}

if (runs('games')) {
  const figures = await measureGameList();
  console.log(
    `\nGame list (GET GCSGAME_gameList, RNG, pages 1–3 of 24, EN), ${figures.connections} keep-alive connections, ${figures.durationMs / 1000} s after 1 s warm-up`,
  );
  console.log(
    `  pages: ${figures.pages.map((page) => `${page.pageNo}: ${page.games} games, ${kb(page.bytes)}`).join('; ')}`,
  );
  const load = (run: LoadRun) =>
    `${run.perSecond.toFixed(0)} req/s, latency ${latency(run.latency)}` +
    (run.errors + run.non200 > 0
      ? `; ${run.errors} errors, ${run.non200} not 200 (${String(run.firstError)})`
      : '');
  const alone = (run: LoadRun) =>
    `one at a time: p50 ${fine(run.latency.p50)} (n=${run.latency.count})`;
  console.log(`  baseline, bare Fastify, same bodies precomputed: ${load(figures.baseline)}`);
  console.log(`    ${alone(figures.baselineSingle)}`);
  for (const engine of figures.engines) {
    const label = `  platform on ${engine.engine}${engine.source ? ` (${engine.source})` : ''}`;
    if (!engine.run) {
      console.log(`${label}: skipped: ${engine.skipped ?? 'not measured'}`);
      continue;
    }
    const { run } = engine;
    console.log(`${label}: ${load(run)}`);
    if (engine.single) console.log(`    ${alone(engine.single)}`);
    console.log(
      `    ratio: ${(run.perSecond / figures.baseline.perSecond).toFixed(2)} of baseline req/s, ` +
        `p50 ×${(run.latency.p50 / figures.baseline.latency.p50).toFixed(1)}, ` +
        `p99 ×${(run.latency.p99 / figures.baseline.latency.p99).toFixed(1)}`,
    );
    if (engine.browser) {
      const browser = engine.browser;
      console.log(
        `    as a browser asks (accept-encoding: ${BROWSER_ACCEPT_ENCODING}): ${load(browser)}, ` +
          `${(browser.meanBodyBytes / 1024).toFixed(1)} KB an answer (${(run.meanBodyBytes / 1024).toFixed(1)} KB plain); ` +
          `${(browser.perSecond / figures.baseline.perSecond).toFixed(2)} of the baseline's req/s`,
      );
    }
  }
}

if (runs('winners')) {
  const figures = await measureWinnerFeed();
  console.log(
    `\nWinner feed in Chromium (home page, winner board), ${figures.ratePerSecond} winner events/s for ${figures.windowMs / 1000} s`,
  );
  if (figures.skipped || !figures.idle || !figures.loaded) {
    console.log(`  skipped: ${figures.skipped ?? 'not measured'}`);
  } else {
    const { idle, loaded } = figures;
    const page = (window: PageWindow) =>
      (window.longTasks === 0
        ? 'no long tasks (> 50 ms); '
        : `longest task ${ms(window.longestTaskMs)}, ${window.longTasks} long tasks totalling ${ms(window.longTaskTotalMs)}; `) +
      `frames ${window.frames} of ~${window.expectedFrames} expected, ${window.dropped} dropped ` +
      `(${window.gaps} gaps > 33 ms, longest ${fine(window.longestGapMs)}); ` +
      `board mutation batches ${window.mutationBatches} (${(window.mutationBatches / (window.ms / 1000)).toFixed(1)}/s, ${window.mutations} records)\n` +
      `    main thread busy ${ms(window.taskMs)} (${((100 * window.taskMs) / window.ms).toFixed(1)}% of the window), script ${ms(window.scriptMs)}; ` +
      `${window.layouts} layouts, ${window.styleRecalcs} style recalculations`;
    console.log(`  baseline, same page, no events: ${page(idle)}`);
    console.log(
      `  with events (${loaded.sent} sent by the server, ${loaded.received} heard by the page): ${page(loaded)}`,
    );
    const ratio = (a: number, b: number) =>
      b > 0 ? `×${(a / b).toFixed(1)}` : a > 0 ? '(baseline 0)' : 'none in either';
    console.log(
      `  ratio: longest task ${ratio(loaded.longestTaskMs, idle.longestTaskMs)}, long-task time ${ratio(loaded.longTaskTotalMs, idle.longTaskTotalMs)}, ` +
        `main-thread busy time ${ratio(loaded.taskMs, idle.taskMs)}, script ${ratio(loaded.scriptMs, idle.scriptMs)}, ` +
        `frames ${(loaded.frames / Math.max(1, idle.frames)).toFixed(2)} of baseline`,
    );
  }
}

if (runs('reports')) {
  console.log(
    `\nAgent team reports over 30 days, agent1's team of ${REPORT_MEMBERS.toLocaleString('en')} more members and ${REPORT_BETS.toLocaleString('en')} bets, one request at a time`,
  );
  for (const engine of await measureTeamReports()) {
    const label = `  ${engine.engine}${engine.source ? ` (${engine.source})` : ''}`;
    if (engine.skipped || !engine.baseline || !engine.reports || !engine.seed) {
      console.log(`${label}: skipped: ${engine.skipped ?? 'not measured'}`);
      continue;
    }
    const { seed, baseline } = engine;
    console.log(
      `${label}: seeded in ${ms(seed.ms)} (${seed.members} members, ${seed.bets} bets, ${seed.ledgerEntries} ledger entries); ` +
        `${engine.rounds} rounds${engine.stoppedEarly ? ', stopped at the time limit' : ''}`,
    );
    console.log(`    baseline, GET /wps/system/status: ${latency(baseline)}`);
    for (const report of engine.reports) {
      const ratio = (a: number, b: number) => `×${(a / b).toFixed(0)}`;
      console.log(
        `    ${report.name.padEnd(16)} ${latency(report.latency)}; ` +
          `ratio p50 ${ratio(report.latency.p50, baseline.p50)}, p99 ${ratio(report.latency.p99, baseline.p99)}` +
          (report.failed > 0 ? `; ${report.failed} failed (${report.firstError})` : ''),
      );
      console.log(`      ${report.path}: ${report.note}`);
    }
  }
}

if (runs('salary')) {
  const figures = await measureSalaryLatency();
  console.log(
    `\nSalary event, spin request start to arrival on the agent's socket (${figures.sockets} sockets connected, realTimeSalary contract agent1 ← player2)`,
  );
  console.log(`  connecting ${figures.sockets} sockets: ${ms(figures.connectMs)}`);
  console.log(
    `  salary event to agent1:                ${latency(figures.salary)}; ${figures.rounds} spins` +
      (figures.incomplete > 0 ? `, ${figures.incomplete} incomplete` : '') +
      (figures.refused > 0 ? `, ${figures.refused} refused (${figures.firstRefusal})` : ''),
  );
  console.log(`    salary minus balance event (same spin): ${latency(figures.salaryAfterBalance)}`);
  console.log(
    `    in the server, salary announced minus balance announced: ${latency(figures.announcedAfterBalance)}`,
  );
  console.log(`  baseline, balance event to player2:    ${latency(figures.balance)}`);
  console.log(`  HTTP round trip of the spin:           ${latency(figures.http)}`);
  const ratio = (a: number, b: number) => `×${(a / b).toFixed(2)}`;
  console.log(
    `  ratio salary ÷ balance: p50 ${ratio(figures.salary.p50, figures.balance.p50)}, p99 ${ratio(figures.salary.p99, figures.balance.p99)}`,
  );
}

if (runs('accruals')) {
  const figures = await measureBetAccruals();
  console.log(
    `\nA spin's transaction with what the bet earns (playRound in process, bet ${ACCRUAL_BET}, in-memory PGlite, ${figures.rounds} spins per variant, taking turns)`,
  );
  const none = figures.variants.find((variant) => variant.name === 'none')!.latency;
  for (const variant of figures.variants) {
    const ratio = (a: number, b: number) => `×${(a / b).toFixed(2)}`;
    console.log(
      `  ${variant.name.padEnd(9)} ${latency(variant.latency)}; ratio to none p50 ${ratio(variant.latency.p50, none.p50)}, ` +
        `adds ${fine(variant.latency.p50 - none.p50)} at p50`,
    );
  }
}

if (runs('lighthouse')) {
  console.log(
    '\nLighthouse 12, mobile (default emulation, simulated throttling), performance and accessibility',
  );
  const figures = await measureLighthouse();
  if (figures.skipped) {
    console.log(`  skipped: ${figures.skipped}`);
  } else {
    const scoreOf = (value: number | null | undefined) =>
      value === null || value === undefined ? 'n/a' : String(value);
    const seconds = (value: number | undefined) =>
      value === undefined ? 'n/a' : `${(value / 1000).toFixed(2)} s`;
    console.log(
      `  targets: performance ≥ ${TARGETS.performance}, accessibility ${TARGETS.accessibility}, ` +
        `LCP ≤ ${TARGETS.lcpMs / 1000} s, CLS ≤ ${TARGETS.cls}`,
    );
    for (const page of figures.pages) {
      console.log(`  ${page.label} (${page.path})`);
      if (page.skipped) {
        console.log(`    skipped: ${page.skipped}`);
        continue;
      }
      console.log(
        `    performance ${scoreOf(page.performance)} (target ≥ ${TARGETS.performance}), ` +
          `accessibility ${scoreOf(page.accessibility)} (target ${TARGETS.accessibility})`,
      );
      console.log(
        `    LCP ${seconds(page.lcpMs)} (target ≤ ${TARGETS.lcpMs / 1000} s), TBT ${page.tbtMs === undefined ? 'n/a' : ms(page.tbtMs)}, ` +
          `CLS ${page.cls === undefined ? 'n/a' : page.cls.toFixed(3)} (target ≤ ${TARGETS.cls})`,
      );
      console.log(
        `    transferred ${page.transferBytes === undefined ? 'n/a' : kb(page.transferBytes)} in ${page.requests ?? '?'} requests` +
          (page.encodings && page.encodings.length > 0 ? ` (${page.encodings.join(', ')})` : ''),
      );
      if (page.busiestScripts && page.busiestScripts.length > 0)
        console.log(
          `    ${page.longTasks ?? 0} long tasks; busiest scripts (unthrottled): ` +
            page.busiestScripts.map((s) => `${s.file} ${ms(s.scriptingMs)}`).join(', '),
        );
      if (page.failedA11y && page.failedA11y.length > 0) {
        console.log('    accessibility audits that failed:');
        for (const audit of page.failedA11y)
          console.log(`      ${audit.id}: ${audit.title} (${audit.items} element(s))`);
      }
      if (page.installability)
        console.log(
          `    installable web app: ${page.installability.length === 0 ? 'yes' : `no (${page.installability.join('; ')})`}`,
        );
      for (const warning of page.warnings ?? []) console.log(`    warning: ${warning}`);
    }
    const index = figures.pages.find((page) => page.benchmarkIndex)?.benchmarkIndex;
    console.log(
      `  ${ms(figures.elapsedMs)} in all. The figures depend on this machine's speed` +
        (index ? ` (Lighthouse's benchmarkIndex ${index.toFixed(0)})` : '') +
        ': simulated throttling scales what was observed here, so a busy or slow machine scores lower.',
    );
  }
}

if (runs('soak')) {
  // Money found wrong (the books, exactly once) is the one figure that fails the run.
  if (printSoak(await measureSoak())) process.exitCode = 1;
}

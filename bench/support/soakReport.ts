import type { LatencySummary } from './stats';
import { DURING_MS, type MemorySample, type SoakFigures, type WindowFigures } from '../soak';

/** The soak's printout (issue 35): figures, then a PASS/FAIL line per check. */

const fine = (value: number) =>
  Number.isNaN(value) ? '—' : `${value.toFixed(value < 10 ? 2 : 0)} ms`;
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
const window = (summary: LatencySummary) =>
  summary.count === 0
    ? 'n=0'.padEnd(26)
    : `${fine(summary.p50)} / ${fine(summary.p99)} (n=${summary.count})`.padEnd(26);

/** Prints the figures; answers whether money was wrong (the caller exits 1 then). */
export function printSoak(figures: SoakFigures): boolean {
  const { options } = figures;
  console.log(
    `\nSoak: ${options.players} players for ${options.minutes} min through HAProxy, two processes on PostgreSQL and Redis, ` +
      `seed ${options.seed}; ` +
      (options.thinkSeconds > 0
        ? `each player thinks ${options.thinkSeconds} s on average between two actions (at most ${options.inFlight} requests in flight)`
        : `saturation: ${options.inFlight} workers acting back to back, no think time`),
  );
  if (figures.skipped || !figures.checks || !figures.calls) {
    console.log(`  skipped: ${figures.skipped ?? 'not measured'}`);
    return false;
  }
  const seconds = (ms: number | undefined) => `${((ms ?? Number.NaN) / 1000).toFixed(1)} s`;
  console.log(
    `  set-up ${seconds(figures.setupMs)} (register, payment password, limits, launches, sockets, funds); load ${seconds(figures.loadMs)}, ` +
      `${figures.actions ?? 0} player actions (${(((figures.actions ?? 0) * 1000) / (figures.loadMs ?? Number.NaN)).toFixed(1)}/s)`,
  );
  if (figures.maintenance)
    console.log(
      `  maintenance on at ${seconds(figures.maintenance.onAtMs)}, off at ${seconds(figures.maintenance.offAtMs)} of the load`,
    );
  console.log(
    `  app2 killed (SIGKILL) at ${seconds(figures.killAtMs)} of the load; started again (ready) in ${seconds(figures.restartMs)}`,
  );

  console.log(
    '  latency p50 / p99 per call (money calls: with their retries), by window: before the kill; calls that met the maintenance (on, or 10 s after it); 10 s after the kill; after:',
  );
  console.log(
    `    ${'call'.padEnd(16)} ${'before the kill'.padEnd(26)} ${'met the maintenance'.padEnd(26)} ${`${DURING_MS / 1000} s after the kill`.padEnd(26)} after`,
  );
  const table = (calls: Map<string, WindowFigures>) => {
    for (const [kind, windows] of [...calls].sort(([a], [b]) => a.localeCompare(b)))
      console.log(
        `    ${kind.padEnd(16)} ${window(windows.before)} ${window(windows.maintenance)} ${window(windows.during)} ${window(windows.after)}`,
      );
  };
  table(figures.calls);
  if (figures.sentCalls) {
    console.log(
      `  the same from sending: the wait for one of the load's own ${options.inFlight} requests in flight left out (HAProxy, the servers, the network; money calls' retries and backoff kept):`,
    );
    table(figures.sentCalls);
  }

  for (const [route, latency] of figures.serverLatency ?? [])
    console.log(
      latency
        ? `    as the servers saw ${route} (answered 200, whole load, their /metrics): ${latency.count} answers, ` +
            `${(latency.within100ms * 100).toFixed(2)} % within 100 ms, p99 at most ${latency.p99AtMost * 1000} ms`
        : `    as the servers saw ${route}: no answers counted`,
    );
  if (figures.loadLag)
    console.log(
      `    the load's own event loop ran late by p50 ${figures.loadLag.p50.toFixed(1)} ms, p99 ${figures.loadLag.p99.toFixed(1)} ms, max ${figures.loadLag.max.toFixed(0)} ms (in every client figure above)`,
    );
  console.log('  money requests as the callers saw them in the end:');
  for (const [kind, counts] of figures.outcomes ?? [])
    console.log(
      `    ${kind.padEnd(12)} ${counts.acknowledged} acknowledged, ${counts.refused} refused, ${counts.unanswered} never answered`,
    );
  if (figures.payouts)
    console.log(
      `    operator payouts: ${figures.payouts.paid} paid, ${figures.payouts.refused} refused`,
    );

  console.log('  failed attempts by code (retried ones included):');
  const errors = [...(figures.errors ?? [])].sort(([a], [b]) => a.localeCompare(b));
  if (errors.length === 0) console.log('    none');
  for (const [kind, codes] of errors)
    console.log(
      `    ${kind.padEnd(16)} ${[...codes]
        .sort((a, b) => b[1] - a[1])
        .map(([code, n]) => `${code} ${n}`)
        .join(', ')}`,
    );

  console.log('  server memory (RSS):');
  const memory = (figures.memory ?? []).filter((sample) => Number.isFinite(sample.bytes));
  const growth = (from?: MemorySample, to?: MemorySample) =>
    from && to ? `${(((to.bytes - from.bytes) / from.bytes) * 100).toFixed(1)} %` : '—';
  for (const instance of ['app1', 'app2'] as const) {
    const mine = memory.filter((sample) => sample.instance === instance);
    const of = (when: MemorySample['when']) => mine.find((sample) => sample.when === when);
    const start = of('start');
    const end = of('end');
    const restarted = of('restarted');
    const warmed = of('warmed');
    // A restarted process's growth is read from a minute after its restart (warm again).
    const base = restarted ? warmed : start;
    const curve = mine
      .filter((sample) => sample.when === 'minute')
      .map((sample) => `${mb(sample.bytes)}${sample.pid !== start?.pid ? '*' : ''}`)
      .join(' ');
    console.log(
      `    ${instance}: start ${mb(start?.bytes ?? Number.NaN)}` +
        (restarted
          ? `, at the kill ${mb(of('middle')?.bytes ?? Number.NaN)}; restarted ${mb(restarted.bytes)}, a minute later ${mb(warmed?.bytes ?? Number.NaN)}`
          : '') +
        `, end ${mb(end?.bytes ?? Number.NaN)}: growth ${growth(base, end)} (from ${restarted ? 'a minute after the restart' : 'the start'})`,
    );
    if (curve)
      console.log(`      every minute: ${curve}${restarted ? ' (* after the restart)' : ''}`);
  }
  if (figures.events)
    console.log(
      `  socket events heard during the load: ${figures.events.total} (${figures.events.balance} balance), ` +
        `${figures.events.perSecond.toFixed(1)}/s; ${figures.events.reconnects} reconnections; by name: ` +
        Object.entries(figures.events.byName)
          .sort((a, b) => b[1] - a[1])
          .map(([name, count]) => `${name} ${count}`)
          .join(', '),
    );

  console.log('  checks:');
  for (const check of figures.checks)
    console.log(`    ${check.pass ? 'PASS' : 'FAIL'} ${check.name}: ${check.detail}`);
  const moneyWrong = figures.checks.some((check) => check.money && !check.pass);
  if (moneyWrong)
    console.log('  !!! MONEY IS WRONG: the books or the exactly-once check failed (exit 1) !!!');
  return moneyWrong;
}

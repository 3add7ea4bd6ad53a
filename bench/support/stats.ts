/** Small helpers the benchmarks share: percentiles and a bounded worker pool. */

export interface LatencySummary {
  count: number;
  p50: number;
  p99: number;
  max: number;
}

/** Nearest-rank percentile of samples (milliseconds); NaN when there are none. */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1]!;
}

export function summarize(samples: readonly number[]): LatencySummary {
  const sorted = [...samples].sort((a, b) => a - b);
  return {
    count: sorted.length,
    p50: percentile(sorted, 50),
    p99: percentile(sorted, 99),
    max: sorted.at(-1) ?? Number.NaN,
  };
}

export interface PoolRun {
  /** Operations that completed (successfully or not) before the deadline. */
  done: number;
  failed: number;
  elapsedMs: number;
  /** Per-operation latency in milliseconds, successful operations only. */
  latencies: number[];
  /** True when the deadline stopped the run before `count` operations. */
  stoppedEarly: boolean;
  firstError: unknown;
}

/**
 * Runs `operation(i)` for i = 0 .. count-1 with at most `concurrency` in flight, starting no new
 * operation after `deadlineMs` from the start (in-flight ones finish). Latency of an operation is
 * measured from its own start, so with concurrency above 1 it includes waiting for the engine.
 */
export async function runPool(
  count: number,
  concurrency: number,
  deadlineMs: number,
  operation: (index: number) => Promise<void>,
): Promise<PoolRun> {
  const started = performance.now();
  const run: PoolRun = {
    done: 0,
    failed: 0,
    elapsedMs: 0,
    latencies: [],
    stoppedEarly: false,
    firstError: undefined,
  };
  let next = 0;
  async function worker() {
    while (next < count) {
      if (performance.now() - started > deadlineMs) {
        run.stoppedEarly = true;
        return;
      }
      const index = next;
      next += 1;
      const opStarted = performance.now();
      try {
        await operation(index);
        run.latencies.push(performance.now() - opStarted);
      } catch (error) {
        run.failed += 1;
        run.firstError ??= error;
      }
      run.done += 1;
    }
  }
  await Promise.all(Array.from({ length: Math.max(1, concurrency) }, () => worker()));
  run.elapsedMs = performance.now() - started;
  return run;
}

export const perSecond = (run: Pick<PoolRun, 'done' | 'failed' | 'elapsedMs'>) =>
  run.elapsedMs > 0 ? ((run.done - run.failed) * 1000) / run.elapsedMs : 0;

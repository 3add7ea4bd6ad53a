import { Worker } from 'node:worker_threads';
import type { LoadOrder, LoadReport, LoadWindow } from './loadWorker';
import { type LatencySummary, summarize } from './stats';

export interface LoadRun {
  /** Successful (200) responses to requests started after the warm-up. */
  ok: number;
  errors: number;
  non200: number;
  firstError: string | null;
  perSecond: number;
  latency: LatencySummary;
  /** Mean body size of the successful responses. */
  meanBodyBytes: number;
  elapsedMs: number;
}

/**
 * GETs `urls` (or calls `requests`: support/loadWorker.ts) round robin with `connections` concurrent keep-alive connections for
 * `warmUpMs` (not counted) then `durationMs` or `maxRequests` requests, whichever comes first,
 * from a worker thread (support/loadWorker.ts): a small hand-written autocannon, which is not a
 * dependency of the project.
 */
export async function runLoad(
  options: Pick<LoadOrder, 'urls' | 'connections' | 'warmUpMs' | 'durationMs'> &
    Partial<Pick<LoadOrder, 'maxRequests' | 'timeoutMs' | 'requests' | 'headers'>> & {
      /** Told when the measured window opens and closes (e.g. to read the CPU spent in it). */
      onWindow?: (window: LoadWindow['window']) => void;
    },
): Promise<LoadRun> {
  const { onWindow, ...load } = options;
  const order: LoadOrder = { maxRequests: Number.MAX_SAFE_INTEGER, timeoutMs: 10_000, ...load };
  // The worker loads tsx itself: Node 20 does not pass `--import tsx` on to a worker's entry.
  const file = new URL('./loadWorker.ts', import.meta.url).href;
  const worker = new Worker(
    `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(file)}); });`,
    { eval: true, workerData: order },
  );
  const report = await new Promise<LoadReport>((resolve, reject) => {
    worker.on('message', (message: LoadReport | LoadWindow) => {
      if ('window' in message) onWindow?.(message.window);
      else resolve(message);
    });
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`the load worker exited (${code})`)));
  });
  await worker.terminate();
  const ok = report.latencies.length;
  return {
    ok,
    errors: report.errors,
    non200: report.non200,
    firstError: report.firstError,
    perSecond: report.elapsedMs > 0 ? (ok * 1000) / report.elapsedMs : 0,
    latency: summarize(Array.from(report.latencies)),
    meanBodyBytes: ok > 0 ? report.bodyBytes / ok : 0,
    elapsedMs: report.elapsedMs,
  };
}

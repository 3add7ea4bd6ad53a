import { Agent, get } from 'node:http';
import { parentPort, workerData } from 'node:worker_threads';

/**
 * The HTTP load loop of support/load.ts, in a worker thread so that the client's own work does
 * not run on the event loop of the server it measures. `connections` workers each send one GET
 * at a time over a shared keep-alive agent (one socket per worker), cycling through `urls`.
 * Requests started during the warm-up are not recorded; none starts after the deadline or past
 * `maxRequests` recorded ones.
 */
export interface LoadOrder {
  urls: string[];
  connections: number;
  warmUpMs: number;
  durationMs: number;
  maxRequests: number;
  timeoutMs: number;
}

export interface LoadReport {
  /** Per recorded request, milliseconds from its start to the end of its body. */
  latencies: Float64Array;
  errors: number;
  /** Responses other than 200. */
  non200: number;
  firstError: string | null;
  bodyBytes: number;
  /** From the end of the warm-up to the last recorded response. */
  elapsedMs: number;
}

const order = workerData as LoadOrder;
const agent = new Agent({ keepAlive: true, maxSockets: order.connections });

function once(url: string): Promise<{ status: number; bytes: number }> {
  return new Promise((resolve, reject) => {
    const request = get(url, { agent, timeout: order.timeoutMs }, (response) => {
      let bytes = 0;
      response.on('data', (chunk: Buffer) => {
        bytes += chunk.length;
      });
      response.on('end', () => resolve({ status: response.statusCode ?? 0, bytes }));
      response.on('error', reject);
    });
    request.on('timeout', () =>
      request.destroy(new Error(`no answer within ${order.timeoutMs} ms`)),
    );
    request.on('error', reject);
  });
}

async function run(): Promise<LoadReport> {
  const started = performance.now();
  const measureFrom = started + order.warmUpMs;
  const deadline = measureFrom + order.durationMs;
  const latencies: number[] = [];
  const report = { errors: 0, non200: 0, firstError: null as string | null, bodyBytes: 0 };
  let recorded = 0;
  let lastEnd = measureFrom;
  let next = 0;
  async function worker() {
    for (;;) {
      const now = performance.now();
      if (now >= deadline || recorded >= order.maxRequests) return;
      const counted = now >= measureFrom;
      if (counted) recorded += 1;
      const url = order.urls[next % order.urls.length]!;
      next += 1;
      try {
        const { status, bytes } = await once(url);
        const end = performance.now();
        if (!counted) continue;
        lastEnd = Math.max(lastEnd, end);
        if (status !== 200) {
          report.non200 += 1;
          report.firstError ??= `HTTP ${status}`;
          continue;
        }
        latencies.push(end - now);
        report.bodyBytes += bytes;
      } catch (error) {
        if (!counted) continue;
        lastEnd = Math.max(lastEnd, performance.now());
        report.errors += 1;
        report.firstError ??= error instanceof Error ? error.message : String(error);
      }
    }
  }
  await Promise.all(Array.from({ length: order.connections }, () => worker()));
  agent.destroy();
  return { ...report, latencies: Float64Array.from(latencies), elapsedMs: lastEnd - measureFrom };
}

const report = await run();
parentPort!.postMessage(report, [report.latencies.buffer as ArrayBuffer]);

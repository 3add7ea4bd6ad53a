import { Agent, request as httpRequest } from 'node:http';
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
  /**
   * Calls of the API instead of `urls` when set (cycled the same way): each body's `__ROUND__`
   * is replaced by a fresh id per request (a bet's round id), and an answer is counted only when
   * its JSON envelope says `"success":true`.
   */
  requests?: ApiRequest[];
  /** Headers of every GET of `urls` (e.g. the Accept-Encoding a browser sends). */
  headers?: Record<string, string>;
  connections: number;
  warmUpMs: number;
  durationMs: number;
  maxRequests: number;
  timeoutMs: number;
}

export interface ApiRequest {
  url: string;
  method: 'GET' | 'POST';
  headers: Record<string, string>;
  body?: string;
}

/** Posted when the measured window opens and when it closes (before the report). */
export interface LoadWindow {
  window: 'open' | 'closed';
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

let rounds = 0;
const roundPrefix = `w${process.pid.toString(36)}${Date.now().toString(36)}`;

function once(index: number): Promise<{ status: number; bytes: number }> {
  const api = order.requests?.[index % order.requests.length];
  const url = api ? api.url : order.urls[index % order.urls.length]!;
  const body = api?.body?.replaceAll('__ROUND__', `${roundPrefix}r${(rounds += 1)}`);
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      url,
      {
        agent,
        timeout: order.timeoutMs,
        method: api?.method ?? 'GET',
        headers:
          body === undefined
            ? (api?.headers ?? order.headers ?? {})
            : {
                ...api!.headers,
                'content-type': 'application/json',
                'content-length': Buffer.byteLength(body),
              },
      },
      (response) => {
        let bytes = 0;
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => {
          bytes += chunk.length;
          if (api) chunks.push(chunk);
        });
        response.on('end', () => {
          let status = response.statusCode ?? 0;
          // A refusal answered 200 would still be a failed bet.
          if (api && status === 200 && !Buffer.concat(chunks).includes('"success":true'))
            status = 299;
          resolve({ status, bytes });
        });
        response.on('error', reject);
      },
    );
    request.on('timeout', () =>
      request.destroy(new Error(`no answer within ${order.timeoutMs} ms`)),
    );
    request.on('error', reject);
    request.end(body);
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
  const posted = new Set<LoadWindow['window']>();
  const post = (window: LoadWindow['window']) => {
    if (posted.has(window)) return;
    posted.add(window);
    parentPort!.postMessage({ window } satisfies LoadWindow);
  };
  const edges = [
    setTimeout(() => post('open'), order.warmUpMs),
    setTimeout(() => post('closed'), order.warmUpMs + order.durationMs),
  ];
  async function worker() {
    for (;;) {
      const now = performance.now();
      if (now >= deadline || recorded >= order.maxRequests) return;
      const counted = now >= measureFrom;
      if (counted) recorded += 1;
      const index = next;
      next += 1;
      try {
        const { status, bytes } = await once(index);
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
  // Stopped early (maxRequests): the window closes now.
  edges.forEach((edge) => clearTimeout(edge));
  post('open');
  post('closed');
  agent.destroy();
  return { ...report, latencies: Float64Array.from(latencies), elapsedMs: lastEnd - measureFrom };
}

const report = await run();
parentPort!.postMessage(report, [report.latencies.buffer as ArrayBuffer]);

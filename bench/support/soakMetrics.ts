/**
 * The servers' own view of a call's latency (issue 35): the cumulative buckets of
 * `platform_http_request_duration_seconds` per route, read from each process's /metrics. What
 * the soak's client measures also holds HAProxy and the load's own event loop, on the same two
 * cores; this is the time from the request's arrival in Fastify to its answer.
 */

/** Cumulative counts per bucket bound (seconds; Infinity for +Inf), per route. */
export type RouteBuckets = Map<string, Map<number, number>>;

const BUCKET =
  /^platform_http_request_duration_seconds_bucket\{([^}]*)\} (\d+(?:\.\d+)?(?:e[+-]?\d+)?)$/;

/** Parses a Prometheus text body: the answers with status 200, per route (methods added). */
export function parseBuckets(body: string): RouteBuckets {
  const routes: RouteBuckets = new Map();
  for (const line of body.split('\n')) {
    const match = BUCKET.exec(line);
    if (!match) continue;
    const labels = Object.fromEntries(
      [...match[1]!.matchAll(/(\w+)="([^"]*)"/g)].map(([, key, value]) => [key, value]),
    );
    const route = labels.route;
    if (!route || labels.le === undefined || labels.status !== '200') continue;
    const le = labels.le === '+Inf' ? Number.POSITIVE_INFINITY : Number(labels.le);
    const buckets = routes.get(route) ?? new Map<number, number>();
    buckets.set(le, (buckets.get(le) ?? 0) + Number(match[2]));
    routes.set(route, buckets);
  }
  return routes;
}

/** Reads one process's buckets; an empty map when it does not answer (a killed process). */
export async function scrapeBuckets(url: string): Promise<RouteBuckets> {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(10_000) });
    return response.ok ? parseBuckets(await response.text()) : new Map();
  } catch {
    return new Map();
  }
}

/** `a + sign × b`, bucket by bucket. */
export function combine(a: RouteBuckets, b: RouteBuckets, sign: 1 | -1 = 1): RouteBuckets {
  const out: RouteBuckets = new Map([...a].map(([route, buckets]) => [route, new Map(buckets)]));
  for (const [route, buckets] of b) {
    const into = out.get(route) ?? new Map<number, number>();
    for (const [le, count] of buckets) into.set(le, (into.get(le) ?? 0) + sign * count);
    out.set(route, into);
  }
  return out;
}

export interface ServerLatency {
  count: number;
  /** Share answered within 100 ms. */
  within100ms: number;
  /** The smallest bucket bound at or under which 99 % were answered (seconds). */
  p99AtMost: number;
}

export function serverLatency(buckets: Map<number, number> | undefined): ServerLatency | null {
  if (!buckets) return null;
  const bounds = [...buckets.keys()].sort((a, b) => a - b);
  const count = buckets.get(Number.POSITIVE_INFINITY) ?? 0;
  if (count <= 0) return null;
  const p99 = bounds.find((le) => (buckets.get(le) ?? 0) >= 0.99 * count);
  return {
    count,
    within100ms: (buckets.get(0.1) ?? 0) / count,
    p99AtMost: p99 ?? Number.POSITIVE_INFINITY,
  };
}

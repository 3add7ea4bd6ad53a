import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { io as connectSocket } from 'socket.io-client';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { SOCKET_PATH } from '../../../src/shared/realtime';
import { bearer, loginToken } from '../../support/identityClient';
import { newKey } from '../../support/moneyClient';
import { killServerProcesses, startServerProcess } from '../../support/serverProcess';
import { call } from '../../support/testServer';

/** One sample's value from a Prometheus text page, or null when absent. */
function sample(page: string, name: string, labels: Record<string, string> = {}): number | null {
  for (const line of page.split('\n')) {
    if (!line.startsWith(`${name}{`) && !line.startsWith(`${name} `)) continue;
    const wanted = Object.entries(labels).every(([key, value]) =>
      line.includes(`${key}="${value}"`),
    );
    if (wanted) return Number(line.slice(line.lastIndexOf(' ') + 1));
  }
  return null;
}

/**
 * Prometheus metrics (issue 13) on their own port (METRICS_PORT), never the public one: HTTP
 * latency by route pattern, open sockets, socket events, ledger postings, jobs, and the
 * process's own figures.
 */
describe('metrics', () => {
  let dir = '';
  afterAll(async () => {
    await killServerProcesses();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('counts requests, sockets, events, postings and jobs on the metrics port only', async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'platform-metrics-'));
    const server = await startServerProcess({ dataDir: dir, env: { METRICS_PORT: '0' } });
    const info = JSON.parse(await readFile(path.join(dir, 'server.json'), 'utf8')) as {
      metricsUrl: string;
      opsToken: string;
    };
    expect(info.metricsUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(new URL(info.metricsUrl).port).not.toBe(new URL(server.url).port);

    const token = await loginToken(server, 'player1');
    const socket = connectSocket(server.url, {
      path: SOCKET_PATH,
      transports: ['websocket'],
      forceNew: true,
      auth: { token },
    });
    const heard = new Promise<void>((resolve) => socket.once('balance', () => resolve()));
    await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
    const grant = await call(server, '/ops/bonus', {
      method: 'POST',
      headers: bearer(info.opsToken),
      json: { account: 'player1', amount: '5.00', reason: 'metrics', idempotencyKey: newKey() },
    });
    expect(grant.body.success).toBe(true);
    await heard;
    await call(server, '/wps/v2/wallets/balance', { headers: bearer(token) });

    const scrape = async () => {
      const response = await fetch(`${info.metricsUrl}/metrics`);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toContain('text/plain');
      return response.text();
    };
    const page = await scrape();
    // By route pattern, with method and status.
    expect(
      sample(page, 'platform_http_request_duration_seconds_count', {
        route: '/wps/v2/wallets/balance',
        method: 'GET',
        status: '200',
      }),
    ).toBeGreaterThanOrEqual(1);
    expect(sample(page, 'platform_sockets_open')).toBe(1);
    expect(sample(page, 'platform_socket_events_emitted_total', { event: 'balance' })).toBe(1);
    expect(
      sample(page, 'platform_ledger_postings_total', { kind: 'bonus', outcome: 'written' }),
    ).toBe(1);
    // The jobs ran at start; the process's own figures are there too.
    expect(
      sample(page, 'platform_job_runs_total', { job: 'salarySettlement', outcome: 'ran' }),
    ).toBeGreaterThanOrEqual(1);
    expect(sample(page, 'platform_salary_settlement_lag_seconds')).toBe(0);
    expect(sample(page, 'platform_accrual_fold_lag_seconds')).toBe(0);
    expect(sample(page, 'process_resident_memory_bytes')).toBeGreaterThan(0);

    socket.disconnect();
    await vi.waitFor(async () => expect(sample(await scrape(), 'platform_sockets_open')).toBe(0));

    // The public port does not serve them.
    const outside = await fetch(`${server.url}/metrics`);
    expect(await outside.text()).not.toContain('platform_');
  });
});

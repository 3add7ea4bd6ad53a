import http from 'node:http';
import { io as connect } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SystemEvent } from '../../src/shared/realtime';
import type { SystemStatusResponse } from '../../src/shared/system';
import { call, startTestServer, type TestServer } from '../support/testServer';

describe('region restriction behind a trusted proxy', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer('pglite', {
      trustProxy: 'loopback',
      config: (config) => ({
        ...config,
        regionRestriction: {
          blockedCidrs: ['203.0.113.0/24'],
          blockedCountries: ['KP'],
          countryHeader: 'cf-ipcountry',
        },
      }),
    });
  });
  afterAll(() => server.close());

  const statusFor = async (headers: Record<string, string>) =>
    (await call(server, '/wps/system/status', { headers })).body.value as SystemStatusResponse;

  it('restricts a visitor from a blocked range and shows them their IP', async () => {
    const status = await statusFor({ 'x-forwarded-for': '203.0.113.9' });
    expect(status.regionRestriction).toBe(true);
    expect(status.location.ip).toBe('203.0.113.9');
  });

  it('restricts a visitor from a blocked country, lets others in', async () => {
    expect(
      (await statusFor({ 'x-forwarded-for': '198.51.100.4', 'cf-ipcountry': 'kp' }))
        .regionRestriction,
    ).toBe(true);
    expect(
      (await statusFor({ 'x-forwarded-for': '198.51.100.4', 'cf-ipcountry': 'ES' }))
        .regionRestriction,
    ).toBe(false);
    expect((await statusFor({})).regionRestriction).toBe(false);
  });

  it('refuses API calls from a restricted visitor on the server, not only in the page', async () => {
    const refused = await call(server, '/wps/relay/getHelpV2?lang=en', {
      headers: { 'x-forwarded-for': '203.0.113.9' },
    });
    expect(refused).toMatchObject({ status: 403, body: { code: 'region_restricted' } });
  });

  it('refuses them however the path is written: escaped, or as an absolute request line', async () => {
    const headers = { 'x-forwarded-for': '203.0.113.9' };
    for (const path of ['/%77ps/relay/getHelpV2?lang=en', '/wps/relay/%67etHelpV2?lang=en']) {
      const refused = await call(server, path, { headers });
      expect(refused, path).toMatchObject({ status: 403, body: { code: 'region_restricted' } });
    }
    // `GET http://host/wps/…`: the request line names the whole URL.
    const absolute = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const request = http.request(
        {
          host: '127.0.0.1',
          port: Number(new URL(server.url).port),
          path: `${server.url}/wps/relay/getHelpV2?lang=en`,
          headers,
        },
        (response) => {
          let body = '';
          response.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
          response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
        },
      );
      request.on('error', reject);
      request.end();
    });
    expect(absolute.status).toBe(403);
    expect(JSON.parse(absolute.body)).toMatchObject({ code: 'region_restricted' });
  });

  it('keeps a restricted visitor on status 2 when maintenance ends', async () => {
    const socket = connect(server.url, {
      transports: ['websocket'],
      forceNew: true,
      extraHeaders: { 'x-forwarded-for': '203.0.113.9' },
    });
    await new Promise<void>((resolve) => socket.on('connect', () => resolve()));
    const events: SystemEvent[] = [];
    socket.on('system', (event) => events.push(event));
    await server.deps.maintenance.set({ enabled: true, end: null });
    await server.deps.maintenance.set({ enabled: false, end: null });
    await expect.poll(() => events.map((event) => event.status)).toEqual([1, 2]);
    socket.disconnect();
  });
});

describe('without a trusted proxy', () => {
  it('ignores X-Forwarded-For, so a visitor cannot claim another address', async () => {
    const server = await startTestServer('pglite', {
      config: (config) => ({
        ...config,
        regionRestriction: {
          blockedCidrs: ['127.0.0.0/8'],
          blockedCountries: [],
          countryHeader: null,
        },
      }),
    });
    try {
      const status = (
        await call(server, '/wps/system/status', { headers: { 'x-forwarded-for': '198.51.100.4' } })
      ).body.value as SystemStatusResponse;
      expect(status).toMatchObject({ regionRestriction: true, location: { ip: '127.0.0.1' } });
    } finally {
      await server.close();
    }
  });
});

import { readFileSync } from 'node:fs';
import { Validator } from '@seriousme/openapi-schema-validator';
import createClient from 'openapi-fetch';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sealPayload } from '../../src/api/payloadCipher';
import { DOCUMENT_PATH, generateOpenApi, PATHS_TYPES_PATH } from '../../scripts/openApi';
import type { paths } from '../support/openapi/paths';
import { humanProof } from '../support/identityClient';
import { grant, newKey } from '../support/moneyClient';
import { startTestServer, type TestServer } from '../support/testServer';

interface Document {
  openapi: string;
  paths: Record<string, Record<string, { security?: unknown[]; tags?: string[] }>>;
}

/**
 * The API's published contract (issue 32): an OpenAPI 3.1 document generated from the routes
 * (server/http/openApi.ts), served by the server, committed as docs/openapi.json with the
 * paths a standard generator makes of it, and usable by a client generated from it.
 */
describe('the OpenAPI document', () => {
  let server: TestServer;
  let served: Document;

  beforeAll(async () => {
    server = await startTestServer('pglite');
    served = (await (await fetch(`${server.url}/api/docs/json`)).json()) as Document;
  });
  afterAll(() => server?.close());

  it('is a valid OpenAPI 3.1 document', async () => {
    expect(served.openapi).toBe('3.1.0');
    const result = await new Validator().validate(structuredClone(served) as never);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it('lists every registered call, relays by name, with its auth', () => {
    const documented = new Set(
      Object.entries(served.paths).flatMap(([path, operations]) =>
        Object.keys(operations).map((method) => `${method.toUpperCase()} ${path}`),
      ),
    );
    const registered = server.app.routes
      .filter(
        (route) =>
          /^\/(wps|lgw|lotto|ops)\//.test(route.url) &&
          route.url !== '/wps/relay/:name' &&
          route.method !== 'HEAD',
      )
      .map((route) => `${route.method} ${route.url.replace(/:(\w+)/g, '{$1}')}`);
    expect(registered.length).toBeGreaterThan(150);
    expect(registered.filter((route) => !documented.has(route))).toEqual([]);
    expect(documented.has('GET /wps/relay/getBalanceV2')).toBe(true);
    // A member's call says it needs the member's token; a public one does not.
    expect(served.paths['/wps/v2/wallets/balance']!.get!.security).toEqual([{ member: [] }]);
    expect(served.paths['/wps/system/status']!.get!.security).toBeUndefined();
  });

  it('is committed up to date, with the paths a generator makes of it (npm run openapi)', async () => {
    const { document, types } = await generateOpenApi();
    expect(readFileSync(DOCUMENT_PATH, 'utf8') === document, `${DOCUMENT_PATH} is stale`).toBe(
      true,
    );
    expect(readFileSync(PATHS_TYPES_PATH, 'utf8') === types, `${PATHS_TYPES_PATH} is stale`).toBe(
      true,
    );
  }, 60_000);

  it('lets a generated client log in, read the balance, transfer and list games', async () => {
    const client = createClient<paths>({ baseUrl: server.url });
    // Log in: the key, a proof of work, the sealed body (docs/api.md).
    const key = await client.GET('/wps/session/key/rsa');
    const publicKey = (key.data as { value: { publicKey: string } }).value.publicKey;
    const sealed = await sealPayload(publicKey, {
      type: 'username',
      portal: 'player',
      username: 'player1',
      password: 'Passw0rd!',
      altcha: await humanProof(server),
    });
    const login = await client.POST('/wps/session/login', {
      params: { header: { encryption: sealed.header } },
      body: sealed.body,
    });
    expect(login.response.status, JSON.stringify(login.error)).toBe(200);
    const token = (login.data as { value: { token: string } }).value.token;
    const headers = { authorization: `Bearer ${token}` };

    await grant(server, 'player1', '10.00');
    const balance = await client.GET('/wps/v2/wallets/balance', { headers });
    expect(balance.response.status).toBe(200);
    expect((balance.data as { value: { balance: string } }).value.balance).toMatch(/^\d+\.\d{2}$/);

    const transfer = await client.POST('/wps/relay/GCS_walletTransfer', {
      headers,
      body: { from: 'MAIN', to: 'PG', amount: '1.00', idempotencyKey: newKey() },
    });
    expect(transfer.response.status, JSON.stringify(transfer.error)).toBe(200);

    const games = await client.GET('/wps/relay/GCSGAME_gameList', {
      params: { query: { gameType: 'RNG', pageNo: 1, pageSize: 12, language: 'EN' } },
    });
    expect(games.response.status, JSON.stringify(games.error)).toBe(200);
  });
});

import { readFileSync } from 'node:fs';
import { Validator } from '@seriousme/openapi-schema-validator';
import createClient from 'openapi-fetch';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sealPayload } from '../../src/api/payloadCipher';
import {
  ASYNCAPI_PATH,
  DOCUMENT_PATH,
  generateOpenApi,
  PATHS_TYPES_PATH,
} from '../../scripts/openApi';
import { ANSWER_SCHEMAS_PATH, generateAnswerSchemas } from '../../scripts/answerSchemas';
import { answerSchemas } from '../../server/http/openApi';
import { takeAnswerViolations } from '../support/answerContract';
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
/**
 * fetch, with a GET sent once more when the connection it reused was closed under it
 * (ECONNRESET: the server's keep-alive timer ended the idle socket as the request went out, a
 * race a busy machine makes likely; CI red once). Browsers resend an idempotent request then.
 */
async function resendIdempotentOnReset(request: Request): Promise<Response> {
  const again = request.method === 'GET' ? request.clone() : null;
  try {
    return await fetch(request);
  } catch (error) {
    const code = ((error as Error).cause as { code?: string } | undefined)?.code;
    if (!again || code !== 'ECONNRESET') throw error;
    return fetch(again);
  }
}

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

  it('describes the value of every answer that is an envelope', () => {
    const undescribed = Object.entries(served.paths).flatMap(([path, operations]) =>
      Object.entries(operations)
        .filter(([, operation]) => {
          const { responses } = operation as unknown as {
            responses: Record<string, { content: Record<string, { schema: object }> }>;
          };
          return !('allOf' in responses['200']!.content['application/json']!.schema);
        })
        .map(([method]) => `${method.toUpperCase()} ${path}`),
    );
    // The only calls whose answer is not an envelope: images and a CSV file.
    expect(undescribed.sort()).toEqual([
      'GET /ops/audit.csv',
      'GET /ops/feedback/{id}/images/{position}',
      'GET /wps/chat/rooms/{room}/images/{id}',
      'GET /wps/support/rooms/{room}/images/{id}',
    ]);
    const balance = served.paths['/wps/v2/wallets/balance']!.get as unknown as {
      responses: Record<string, { content: Record<string, { schema: unknown }> }>;
    };
    expect(JSON.stringify(balance.responses['200']!.content['application/json']!.schema)).toContain(
      '"currencySymbol"',
    );
  });

  it('holds every answer a test server sends to the document', async () => {
    const key = 'GET /wps/system/status';
    const published = answerSchemas.answers[key]!;
    expect(published).toBeDefined();
    // A document that promised a field the answer lacks: the check names the route.
    answerSchemas.answers[key] = {
      type: 'object',
      required: ['notAnsweredByTheServer'],
    };
    try {
      await fetch(`${server.url}/wps/system/status`);
      const seen = takeAnswerViolations();
      expect(seen.join('\n')).toContain(`${key}: value must have required property`);
    } finally {
      answerSchemas.answers[key] = published;
    }
    await fetch(`${server.url}/wps/system/status`);
    expect(takeAnswerViolations()).toEqual([]);
  });

  it('takes the answers from the handlers as they are typed (npm run openapi)', () => {
    const { result } = generateAnswerSchemas();
    expect(
      readFileSync(ANSWER_SCHEMAS_PATH, 'utf8') === `${JSON.stringify(result, null, 2)}\n`,
      `${ANSWER_SCHEMAS_PATH} is stale`,
    ).toBe(true);
  }, 120_000);

  it('is committed up to date, with the paths a generator makes of it (npm run openapi)', async () => {
    const { document, types, asyncApi } = await generateOpenApi();
    expect(readFileSync(ASYNCAPI_PATH, 'utf8') === asyncApi, `${ASYNCAPI_PATH} is stale`).toBe(
      true,
    );
    expect(readFileSync(DOCUMENT_PATH, 'utf8') === document, `${DOCUMENT_PATH} is stale`).toBe(
      true,
    );
    expect(readFileSync(PATHS_TYPES_PATH, 'utf8') === types, `${PATHS_TYPES_PATH} is stale`).toBe(
      true,
    );
  }, 60_000);

  it('lets a generated client log in, read the balance, transfer and list games', async () => {
    const client = createClient<paths>({ baseUrl: server.url, fetch: resendIdempotentOnReset });
    // Log in: the key, a proof of work, the sealed body (docs/api.md).
    const key = await client.GET('/wps/session/key/rsa');
    // The answers are typed from the document: no casts.
    const publicKey = key.data!.value.publicKey;
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
    const token = login.data!.value.token;
    const headers = { authorization: `Bearer ${token}` };

    await grant(server, 'player1', '10.00');
    const balance = await client.GET('/wps/v2/wallets/balance', { headers });
    expect(balance.response.status).toBe(200);
    expect(balance.data!.value.balance).toMatch(/^\d+\.\d{2}$/);

    const transfer = await client.POST('/wps/relay/GCS_walletTransfer', {
      headers,
      body: { from: 'MAIN', to: 'PG', amount: '1.00', idempotencyKey: newKey() },
    });
    expect(transfer.response.status, JSON.stringify(transfer.error)).toBe(200);
    expect(transfer.data!.value.balances.PG).toMatch(/^\d+\.\d{2}$/);

    const games = await client.GET('/wps/relay/GCSGAME_gameList', {
      params: { query: { gameType: 'RNG', pageNo: 1, pageSize: 12, language: 'EN' } },
    });
    expect(games.response.status, JSON.stringify(games.error)).toBe(200);
    expect(games.data!.value.games.length).toBeGreaterThan(0);
  });
});

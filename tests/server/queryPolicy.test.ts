import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { COMMON_QUERY_PARAMETERS, parseQueryOnce } from '../../server/http/queryPolicy';
import { apiPrefixes } from '../../server/http/app';
import { call, startTestServer, type TestServer } from '../support/testServer';

/**
 * One policy for query parameters on every call of the API (issue 32, docs/api.md): spec 7's
 * common parameters (merchant, merchantCode, token, clientType, platform, language, lang,
 * device) are accepted everywhere, and any other parameter a call does not take is refused the
 * same way everywhere — 400 invalid_request naming it. Walks every registered route and relay,
 * so a new call joins the check by being registered.
 */
describe('query parameters on every call', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer('pglite');
  });
  afterAll(() => server.close());

  const apiCalls = () =>
    server.app.routes.filter(
      (route) =>
        ['GET', 'DELETE', 'POST', 'PUT'].includes(route.method) &&
        apiPrefixes.some((prefix) => prefix !== '/socket.io/' && route.url.startsWith(prefix)) &&
        route.url !== '/wps/relay/:name' &&
        // Refuses a stranger before the request is read at all (its onRequest hook), and reserves
        // a member's upload attempt there: its query is checked after that, by the same rule.
        route.url !== '/wps/chat/rooms/:room/images' &&
        // Development tools answer only when enabled; they follow the rule all the same.
        !route.url.includes('*'),
    );
  const path = (url: string) => url.replace(/:(\w+)/g, 'x');
  const send = (method: string, url: string) =>
    call(server, url, {
      method,
      ...(method === 'GET' || method === 'DELETE' ? {} : { json: {} }),
    });
  const unknownRefusal = (body: { code?: string; message?: string }) =>
    body.code === 'invalid_request' && /Unknown query parameter/.test(body.message ?? '');

  it('has the calls to check, relays among them', () => {
    expect(apiCalls().length).toBeGreaterThan(150);
    expect(apiCalls().some((route) => route.url === '/wps/relay/GCSGAME_gameList')).toBe(true);
  });

  it('refuses a parameter a call does not take, on every call, naming it', async () => {
    const missed: string[] = [];
    for (const route of apiCalls()) {
      const reply = await send(route.method, `${path(route.url)}?notAParameter=1`);
      if (
        reply.status !== 400 ||
        !unknownRefusal(reply.body) ||
        !String(reply.body.message).includes('"notAParameter"')
      )
        missed.push(`${route.method} ${route.url}: ${reply.status} ${JSON.stringify(reply.body)}`);
    }
    expect(missed).toEqual([]);
  });

  it("accepts spec 7's common parameters on every call", async () => {
    const common = COMMON_QUERY_PARAMETERS.map(
      (name) =>
        `${name}=${name === 'language' ? 'EN' : name === 'lang' ? 'en' : name === 'device' ? 'WEB' : '3'}`,
    ).join('&');
    const refused: string[] = [];
    for (const route of apiCalls()) {
      const reply = await send(route.method, `${path(route.url)}?${common}`);
      if (reply.status === 400 && unknownRefusal(reply.body))
        refused.push(`${route.method} ${route.url}: ${reply.body.message}`);
    }
    expect(refused).toEqual([]);
  });

  it('hands a call the common parameters it reads, and serves the rest as before', async () => {
    // The game list reads `language` and `clientType`; the lobby takes none of its own.
    const list = await call(
      server,
      '/wps/relay/GCSGAME_gameList?gameType=RNG&pageNo=1&pageSize=12&language=EN&clientType=3&merchant=X&device=WEB',
    );
    expect(list.status, JSON.stringify(list.body)).toBe(200);
    const lobby = await call(server, '/lgw/vn/lobby/info?merchantCode=X&language=EN');
    expect(lobby.status, JSON.stringify(lobby.body)).toBe(200);
    const help = await call(server, '/wps/system/helpCenter?device=WEB&lang=en');
    expect(help.status, JSON.stringify(help.body)).toBe(200);
  });
});

describe('parseQueryOnce (a read-mostly call parses each query text once, issue 31)', () => {
  const schema = z.object({ pageNo: z.coerce.number().int().min(1) });
  const ask = (url: string, query: Record<string, string>) =>
    ({ url, query }) as unknown as FastifyRequest;

  it('answers the same frozen value for the same text, and parses another text anew', () => {
    let parses = 0;
    const counted = z.preprocess((value) => {
      parses++;
      return value;
    }, schema);
    const parse = parseQueryOnce(counted);
    const first = parse(ask('/list?pageNo=2', { pageNo: '2' }));
    expect(first).toEqual({ pageNo: 2 });
    expect(Object.isFrozen(first)).toBe(true);
    expect(parse(ask('/list?pageNo=2', { pageNo: '2' }))).toBe(first);
    expect(parses).toBe(1);
    expect(parse(ask('/list?pageNo=3', { pageNo: '3' }))).toEqual({ pageNo: 3 });
    expect(parses).toBe(2);
  });

  it('refuses a bad query every time, and keeps no long text', () => {
    const parse = parseQueryOnce(schema);
    for (let i = 0; i < 2; i++) {
      expect(() => parse(ask('/list?pageNo=0', { pageNo: '0' }))).toThrow(/pageNo/);
    }
    const long = `/list?pageNo=4&x=${'a'.repeat(600)}`;
    const value = parse(ask(long, { pageNo: '4' }));
    expect(parse(ask(long, { pageNo: '4' }))).not.toBe(value);
  });
});

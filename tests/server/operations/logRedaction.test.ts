import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginReply } from '../../support/identityClient';
import { call, engines, startTestServer, type TestServer } from '../../support/testServer';

/** Secrets a request or a failing query carries; none may reach a log line. */
const secret = {
  pageToken: 'SECRET-PAGE-TOKEN-1a2b',
  code: 'SECRET-CODE-3c4d',
  password: 'SECRET-PASSWORD-5e6f',
  bearer: 'SECRET-BEARER-7a8b',
  queryParam: 'SECRET-PARAM-9c0d',
  uniqueValue: 'SECRET-UNIQUE-1e2f',
};

describe.each(engines)('request and error logs on %s', (engine) => {
  let server: TestServer;
  const lines: string[] = [];
  const log = () => lines.map((line) => JSON.parse(line) as Record<string, unknown>);

  beforeAll(async () => {
    server = await startTestServer(engine, {
      app: { logLevel: 'info', logStream: { write: (line: string) => void lines.push(line) } },
      // Two of our bugs, as they would happen: a query failing on a bad parameter, and one
      // breaking a unique key (its `detail` names the value).
      beforeListen: (app, deps) => {
        app.http.get('/wps/test/bad-parameter', async () => {
          await deps.db.query('select $1::int as n', [secret.queryParam]);
        });
        app.http.get('/wps/test/duplicate', async () => {
          await deps.db.transaction(async (tx) => {
            await tx.query('create temp table log_probe (x text primary key) on commit drop');
            await tx.query('insert into log_probe values ($1)', [secret.uniqueValue]);
            await tx.query('insert into log_probe values ($1)', [secret.uniqueValue]);
          });
        });
      },
    });
  });
  afterAll(() => server.close());

  it('keeps tokens, codes, passwords and SQL values out of every line', async () => {
    await call(server, `/?token=${secret.pageToken}&lang=en`);
    await call(server, `/wps/member/info?code=${secret.code}&password=${secret.password}`, {
      headers: { authorization: `Bearer ${secret.bearer}` },
    });
    const login = await loginReply(
      server,
      { username: 'player1', password: secret.password },
      { authorization: `Bearer ${secret.bearer}` },
    );
    expect(login.body.success).toBe(false);
    expect((await call(server, '/wps/test/bad-parameter')).status).toBe(500);
    expect((await call(server, '/wps/test/duplicate')).status).toBe(500);

    await expect.poll(() => log().filter((line) => line.msg === 'unhandled error').length).toBe(2);
    const text = lines.join('\n');
    for (const [name, value] of Object.entries(secret)) {
      expect({ name, logged: text.includes(value) }).toEqual({ name, logged: false });
    }

    // What is kept: the request, with the secret parameters masked, and the error's kind.
    const urls = log().flatMap((line) => {
      const req = line.req as { url?: string } | undefined;
      return req?.url ? [req.url] : [];
    });
    expect(urls).toContain('/?token=[redacted]&lang=en');
    expect(urls).toContain('/wps/member/info?code=[redacted]&password=[redacted]');
    const errors = log()
      .filter((line) => line.msg === 'unhandled error')
      .map((line) => line.err as { code?: string; message?: string; stack?: string });
    expect(errors.map((error) => error.code)).toEqual(['22P02', '23505']);
    expect(errors[0]!.message).toContain('invalid input syntax for type integer');
    expect(errors[1]!.stack).toContain('duplicate key value');
  });
});

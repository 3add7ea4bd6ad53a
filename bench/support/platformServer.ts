import { randomBytes } from 'node:crypto';
import type { Challenge } from 'altcha-lib';
import { loadPlatformConfig } from '../../server/config/load';
import { migrate } from '../../server/db/migrate';
import { openPglite } from '../../server/db/pglite';
import { openPostgres } from '../../server/db/postgres';
import { createDeps } from '../../server/deps';
import { type App, createApp } from '../../server/http/app';
import type { AppDeps } from '../../server/deps';
import { seedCatalogue } from '../../server/seed/seedCatalogue';
import { seedDemo } from '../../server/seed/seedDemo';
import { solveHumanChallenge } from '../../src/api/humanProof';
import type { LoginResult } from '../../src/shared/identity';
import { nodeSealPayload } from '../../tests/support/nodeSeal';

/**
 * The real server in this process on an ephemeral loopback port, on in-memory PGlite (or the
 * PostgreSQL database at `databaseUrl`) with the game catalogue and the demo accounts: the few
 * lines of tests/support/testServer.ts `startTestServer`, which cannot be imported outside
 * vitest (it reads vitest's `inject` for PostgreSQL). With `staticDir` (a built `dist/`) it also
 * serves the site, as `SERVE_STATIC` does in server/boot.ts.
 */
export interface PlatformServer {
  url: string;
  app: App;
  deps: AppDeps;
  close(): Promise<void>;
}

export interface PlatformServerOptions {
  /** A PostgreSQL database to run on (migrated and seeded here); default in-memory PGlite. */
  databaseUrl?: string;
  /** A built site to serve (an absolute path to `dist/`); default none. */
  staticDir?: string | null;
}

export async function startPlatformServer(
  options: PlatformServerOptions = {},
): Promise<PlatformServer> {
  const config = await loadPlatformConfig('config/platform.json');
  const db = options.databaseUrl ? await openPostgres(options.databaseUrl) : await openPglite(null);
  await migrate(db);
  // The catalogue first, as server/boot.ts and startTestServer do.
  await seedCatalogue(db);
  await seedDemo(db);
  const deps = await createDeps({
    config,
    db,
    trustProxy: undefined,
    opsToken: randomBytes(16).toString('hex'),
    staticDir: options.staticDir ?? null,
    production: false,
    // The tests' small proof of work: logging in is set-up here, not what is measured.
    humanCheckMaxCounter: 300,
  });
  const app = await createApp(deps, { logLevel: 'silent' });
  await app.http.listen({ port: 0, host: '127.0.0.1' });
  const address = app.http.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    app,
    deps,
    async close() {
      await app.http.close();
      await db.close();
    },
  };
}

export interface Envelope {
  success: boolean;
  value: unknown;
  code?: string;
  message?: string;
}

/** One JSON call; the envelope and the status. */
export async function call(
  server: Pick<PlatformServer, 'url'>,
  path: string,
  init: { method?: string; headers?: Record<string, string>; json?: unknown } = {},
): Promise<{ status: number; body: Envelope }> {
  const headers: Record<string, string> = { ...init.headers };
  if (init.json !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(server.url + path, {
    method: init.method ?? 'GET',
    headers,
    body: init.json === undefined ? undefined : JSON.stringify(init.json),
  });
  return { status: response.status, body: (await response.json()) as Envelope };
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/**
 * Logs a member in the way the browser does (proof of work, RSA-sealed body) and returns the
 * token, as tests/support/identityClient.ts `loginToken` does. The server allows one attempt per
 * second per address and account: log each member in once and reuse the token.
 */
export async function loginToken(
  server: Pick<PlatformServer, 'url'>,
  username: string,
  password = 'Passw0rd!',
): Promise<string> {
  const challenge = await call(server, '/wps/session/challenge');
  const altcha = await solveHumanChallenge(
    (challenge.body.value as { challenge: Challenge }).challenge,
  );
  const key = await call(server, '/wps/session/key/rsa');
  const sealed = await nodeSealPayload((key.body.value as { publicKey: string }).publicKey, {
    type: 'username',
    portal: 'player',
    username,
    password,
    altcha,
  });
  const reply = await call(server, '/wps/session/login', {
    method: 'POST',
    json: sealed.body,
    headers: { encryption: sealed.header },
  });
  if (!reply.body.success)
    throw new Error(`login of ${username} failed: ${reply.body.code} ${reply.body.message}`);
  return (reply.body.value as LoginResult).token;
}

import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { serverInfoFile } from '../boot';

/**
 * Operator commands against the running server (it owns the embedded database, so the CLI
 * talks to it over loopback with the token the server wrote to its data folder):
 *   npm run ops -- maintenance on [--until 2026-12-01T06:00:00Z]
 *   npm run ops -- maintenance off
 *   npm run ops -- status
 */
const usage = 'usage: npm run ops -- maintenance on [--until <iso>] | maintenance off | status';

async function call(method: 'GET' | 'POST', body?: unknown): Promise<unknown> {
  const dataDir = path.resolve(process.env.DATA_DIR ?? 'data');
  let info: { url: string; opsToken: string };
  try {
    info = JSON.parse(await readFile(serverInfoFile(dataDir), 'utf8'));
  } catch {
    throw new Error(
      `No running server found (${serverInfoFile(dataDir)} is missing). Start it with npm start.`,
    );
  }
  const response = await fetch(`${info.url}/ops/maintenance`, {
    method,
    headers: {
      authorization: `Bearer ${info.opsToken}`,
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  }).catch(() => {
    throw new Error(`The server at ${info.url} does not answer. Is it running?`);
  });
  const envelope = (await response.json()) as {
    success: boolean;
    value: unknown;
    message?: string;
  };
  if (!envelope.success) throw new Error(envelope.message ?? `HTTP ${response.status}`);
  return envelope.value;
}

async function run(argv: string[]): Promise<string> {
  const { positionals, values } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: { until: { type: 'string' } },
  });
  const [command, action] = positionals;
  if (command === 'status' && !action) return JSON.stringify(await call('GET'));
  if (command === 'maintenance' && action === 'on') {
    const end = values.until ? new Date(values.until) : null;
    if (end && Number.isNaN(end.getTime()))
      throw new Error(`--until is not a date: ${values.until}`);
    return JSON.stringify(await call('POST', { enabled: true, end: end?.toISOString() ?? null }));
  }
  if (command === 'maintenance' && action === 'off')
    return JSON.stringify(await call('POST', { enabled: false }));
  throw new Error(usage);
}

run(process.argv.slice(2)).then(
  (output) => console.log(output),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);

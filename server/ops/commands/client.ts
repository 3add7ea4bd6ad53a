import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { serverInfoFile } from '../../boot';

/** A date the operator typed, as ISO, or a clear error naming the option. */
export function isoOption(option: string, value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) throw new Error(`--${option} is not a date: ${value}`);
  return date.toISOString();
}

/** A JSON file the operator wrote, with its name in the error when it cannot be read. */
export async function readJsonFile(file: string): Promise<unknown> {
  try {
    return JSON.parse(await readFile(file, 'utf8'));
  } catch (error) {
    throw new Error(`--file ${file}: ${(error as Error).message}`, { cause: error });
  }
}

/**
 * One request to the running server's /ops API (the server info file's address and token, or
 * OPS_URL and OPS_TOKEN): the answer's value, or its message as an error.
 */
export async function call(
  method: 'GET' | 'POST',
  body?: unknown,
  endpoint = '/ops/maintenance',
): Promise<unknown> {
  const dataDir = path.resolve(process.env.DATA_DIR ?? 'data');
  let info: { url: string; opsToken: string };
  // Another machine's instance (or the balancer in front of several): OPS_URL and OPS_TOKEN.
  const { OPS_URL, OPS_TOKEN } = process.env;
  if (OPS_URL && OPS_TOKEN) info = { url: OPS_URL.replace(/\/$/, ''), opsToken: OPS_TOKEN };
  else
    try {
      info = JSON.parse(await readFile(serverInfoFile(dataDir), 'utf8'));
    } catch {
      throw new Error(
        `No running server found (${serverInfoFile(dataDir)} is missing). Start it with npm start.`,
      );
    }
  const response = await fetch(`${info.url}${endpoint}`, {
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

import { readFile } from 'node:fs/promises';
import { userInfo } from 'node:os';
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

/** Who runs the command: OPS_USER, else the machine's login name (`cli:<user>` in the trail). */
function opsUser(): string {
  if (process.env.OPS_USER) return process.env.OPS_USER;
  try {
    return userInfo().username;
  } catch {
    return 'unknown';
  }
}

/** The running server's address and the operator's token (OPS_URL and OPS_TOKEN, or its file). */
async function serverInfo(): Promise<{ url: string; opsToken: string }> {
  // Another machine's instance (or the balancer in front of several): OPS_URL and OPS_TOKEN.
  const { OPS_URL, OPS_TOKEN } = process.env;
  if (OPS_URL && OPS_TOKEN) return { url: OPS_URL.replace(/\/$/, ''), opsToken: OPS_TOKEN };
  const dataDir = path.resolve(process.env.DATA_DIR ?? 'data');
  try {
    return JSON.parse(await readFile(serverInfoFile(dataDir), 'utf8'));
  } catch {
    throw new Error(
      `No running server found (${serverInfoFile(dataDir)} is missing). Start it with npm start.`,
    );
  }
}

/** One request to the running server's /ops API, as its raw answer. */
async function send(method: 'GET' | 'POST', body: unknown, endpoint: string): Promise<Response> {
  const info = await serverInfo();
  return fetch(`${info.url}${endpoint}`, {
    method,
    headers: {
      authorization: `Bearer ${info.opsToken}`,
      // The audit trail names the command line's actions after the machine's user (issue 30).
      'x-ops-user': opsUser(),
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  }).catch(() => {
    throw new Error(`The server at ${info.url} does not answer. Is it running?`);
  });
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
  const response = await send(method, body, endpoint);
  const envelope = (await response.json()) as {
    success: boolean;
    value: unknown;
    message?: string;
  };
  if (!envelope.success) throw new Error(envelope.message ?? `HTTP ${response.status}`);
  const pending = (
    envelope.value as { pending?: { id: string; amount: string; threshold: string } }
  )?.pending;
  if (response.status === 202 && pending) {
    // Four-eyes (issue 30): nothing ran; a second person decides.
    throw new PendingApproval(
      `Waiting for a second person's approval: #${pending.id} (${pending.amount}, above ${pending.threshold}). Another staff member or user runs: npm run ops -- approve ${pending.id}`,
    );
  }
  return envelope.value;
}

/** The action waits for a second person's approval (the command ends with exit code 3). */
export class PendingApproval extends Error {}

/** A GET whose answer is a file (a CSV export): its text, or the refusal's message as an error. */
export async function callText(endpoint: string): Promise<string> {
  const response = await send('GET', undefined, endpoint);
  if (!response.ok) {
    const envelope = (await response.json().catch(() => null)) as { message?: string } | null;
    throw new Error(envelope?.message ?? `HTTP ${response.status}`);
  }
  return response.text();
}

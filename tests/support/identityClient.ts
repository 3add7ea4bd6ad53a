import type { Challenge } from 'altcha-lib';
import { solveHumanChallenge } from '../../src/api/humanProof';
import { sealPayload } from '../../src/api/payloadCipher';
import type { LoginRequest, LoginResult } from '../../src/shared/identity';
// Not ./testServer: the paths runner (testers/paths) uses this client and is bundled on its own,
// without the server's code (issue 33).
import { call } from './httpCall';

type Server = { url: string };
type Reply = Awaited<ReturnType<typeof call>>;

/** Drives the identity API the way the browser does: proof of work, encryption, tokens. */
export async function humanProof(server: Server): Promise<string> {
  const { body } = await call(server, '/wps/session/challenge');
  return solveHumanChallenge((body.value as { challenge: Challenge }).challenge);
}

/** How payloads are sealed: the browser's module by default; Playwright passes nodeSealPayload. */
let seal: typeof sealPayload = sealPayload;
export function setSealer(sealer: typeof sealPayload): void {
  seal = sealer;
}

export async function encryptedCall(
  server: Server,
  path: string,
  method: string,
  payload: unknown,
  headers: Record<string, string> = {},
): Promise<Reply> {
  const { body } = await call(server, '/wps/session/key/rsa');
  const sealed = await seal((body.value as { publicKey: string }).publicKey, payload);
  return call(server, path, {
    method,
    json: sealed.body,
    headers: { encryption: sealed.header, ...headers },
  });
}

export async function loginReply(
  server: Server,
  request: Partial<LoginRequest>,
  headers: Record<string, string> = {},
): Promise<Reply> {
  const type = request.type ?? 'username';
  const altcha = type === 'username' ? await humanProof(server) : undefined;
  return encryptedCall(
    server,
    '/wps/session/login',
    'POST',
    { type, portal: 'player', altcha, ...request },
    headers,
  );
}

/**
 * A login that waits as the site asks: while the answer is `throttled` (one login a second per
 * account and address) it asks again a little later, up to 10 s. For a test whose subject is
 * not the throttle, in place of a fixed sleep that a fast or a busy machine both get wrong.
 */
export async function loginWhenAllowed(
  server: Server,
  request: Partial<LoginRequest>,
  headers: Record<string, string> = {},
): Promise<Reply> {
  for (let waited = 0; ; waited += 200) {
    const reply = await loginReply(server, request, headers);
    if (reply.body.code !== 'throttled' || waited >= 10_000) return reply;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** Logs in and returns the token; fails the test when the login fails. */
export async function loginToken(
  server: Server,
  username: string,
  password = 'Passw0rd!',
): Promise<string> {
  const reply = await loginReply(server, { username, password });
  if (!reply.body.success)
    throw new Error(`login of ${username} failed: ${reply.body.code} ${reply.body.message}`);
  return (reply.body.value as LoginResult).token;
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** The newest message the outbox holds for `recipient`, and the code in it. */
export async function lastCode(server: Server, recipient: string): Promise<string> {
  const { body } = await call(server, `/wps/dev/outbox?recipient=${encodeURIComponent(recipient)}`);
  const [message] = body.value as { body: string }[];
  const code = message?.body.match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error(`no code sent to ${recipient}`);
  return code;
}

/** Asks for an SMS code (solving the proof of work) and reads it from the outbox. */
export async function smsCode(
  server: Server,
  purpose: 'noLogin' | 'register',
  mobileNum: string,
): Promise<Reply> {
  return call(server, `/wps/verification/sms/${purpose}`, {
    method: 'POST',
    json: { mobileNum, countryDialingCode: '84', altcha: await humanProof(server) },
  });
}

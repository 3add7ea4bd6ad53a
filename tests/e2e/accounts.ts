import { setTimeout as sleep } from 'node:timers/promises';
import { encryptedCall, humanProof, lastCode, smsCode, setSealer } from '../support/identityClient';
import { nodeSealPayload } from '../support/nodeSeal';
import type { call } from '../support/testServer';
import { uniqueName } from './support';

// Playwright's loader cannot import jsencrypt: seal with node:crypto here.
setSealer(nodeSealPayload);

/** Accounts made through the real API for the model-based page tests, one per path. */
const server = { url: `http://127.0.0.1:${process.env.E2E_PORT ?? 4317}` };

export async function newAccount(): Promise<{ username: string; password: string }> {
  const username = uniqueName('m');
  const password = 'abc12345';
  const reply = await encryptedCall(server, '/wps/member/register', 'PUT', {
    username,
    password,
    confirmPassword: password,
    email: `${username}@example.test`,
    altcha: await humanProof(server),
    login: true,
  });
  if (!reply.body.success) throw new Error(`register failed: ${reply.body.code}`);
  return { username, password };
}

/**
 * An account whose password is a default one (spec 4 {secret}): opened by an agent in
 * registerCenter, whose chosen password the member must change at first login.
 */
export async function accountWithTemporaryPassword(): Promise<{
  username: string;
  password: string;
}> {
  const username = uniqueName('t');
  const password = 'abc12345';
  let agent: Awaited<ReturnType<typeof call>> = {
    status: 429,
    body: { success: false, value: null, code: 'throttled' },
  };
  // One login a second per account and address: wait out a neighbour's.
  for (let attempt = 0; attempt < 5 && agent.body.code === 'throttled'; attempt += 1) {
    if (attempt > 0) await sleep(1100);
    agent = await encryptedCall(server, '/wps/session/login', 'POST', {
      type: 'username',
      portal: 'agent',
      username: 'agent3',
      password: 'Passw0rd!',
      altcha: await humanProof(server),
    });
  }
  if (!agent.body.success) throw new Error(`agent login failed: ${agent.body.code}`);
  const token = (agent.body.value as { token: string }).token;
  const reply = await encryptedCall(
    server,
    '/wps/agent/team/register',
    'POST',
    { username, password, confirmPassword: password },
    { authorization: `Bearer ${token}` },
  );
  if (!reply.body.success) throw new Error(`registerCenter failed: ${reply.body.code}`);
  return { username, password };
}

/** An account registered by mobile; its number can receive login codes. */
export async function mobileAccount(): Promise<{ mobile: string }> {
  const mobile = `94${Date.now().toString().slice(-7)}`;
  await sleep(1100); // the 1 s SMS throttle per address
  await smsCode(server, 'register', mobile);
  const code = await lastCode(server, `+84${mobile}`);
  const reply = await encryptedCall(server, '/wps/member/register/mobile', 'PUT', {
    mobileNum: mobile,
    countryDialingCode: '84',
    verificationCode: code,
    password: 'abc12345',
    confirmPassword: 'abc12345',
    altcha: await humanProof(server),
    login: true,
  });
  if (!reply.body.success) throw new Error(`mobile register failed: ${reply.body.code}`);
  await sleep(1100);
  return { mobile };
}

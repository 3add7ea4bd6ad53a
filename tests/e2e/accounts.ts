import { setTimeout as sleep } from 'node:timers/promises';
import { encryptedCall, humanProof, lastCode, smsCode, setSealer } from '../support/identityClient';
import { nodeSealPayload } from '../support/nodeSeal';
import { call } from '../support/testServer';
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

/** An account whose password is a temporary one (forgot by e-mail): login must change it. */
export async function accountWithTemporaryPassword(): Promise<{
  username: string;
  password: string;
}> {
  const { username } = await newAccount();
  const email = `${username}@example.test`;
  await call(server, '/wps/member/password/email', {
    method: 'POST',
    body: new URLSearchParams({ username, email }).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
  const { body } = await call(server, `/wps/dev/outbox?recipient=${encodeURIComponent(email)}`);
  const temporary = (body.value as { body: string }[])[0]?.body.match(/password is (\S+)\./)?.[1];
  if (!temporary) throw new Error('no temporary password sent');
  return { username, password: temporary };
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

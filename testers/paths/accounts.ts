import { randomBytes, randomInt } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { encryptedCall, humanProof, loginReply } from '../../tests/support/identityClient';
import type { AccountKind, AccountOptions, TestAccount } from './registry';
import { ownAddress } from './siteActions';

/**
 * The accounts a path asks for (`run.account`), each made on the site through its own API: a
 * player registered as a visitor would, a mobile player proven by the SMS code the site sent,
 * a member an agent opened in registerCenter, an agent of its own from the development tools.
 * Each stranger's wrong password comes from an address of its own.
 */

type Server = { url: string };
type ExtraHeaders = Record<string, string>;

/** An account of `kind` made through the site's own API, with the wrong passwords asked for. */
export async function provision(
  baseURL: string,
  kind: AccountKind,
  { address, failedLogins = 0, ...details }: AccountOptions,
  opsToken: string | undefined,
): Promise<TestAccount> {
  const server = { url: baseURL };
  const from: ExtraHeaders = address ? { 'x-forwarded-for': address } : {};
  const account =
    kind === 'agent'
      ? await provisionAgent(baseURL, details)
      : kind === 'player'
        ? await provisionPlayer(server, from, details)
        : kind === 'mobilePlayer'
          ? await provisionMobilePlayer(server, from, opsToken)
          : await provisionTemporaryPassword(server);
  // Each stranger comes from an address of its own: the guesses go at once.
  const guesses = Array.from({ length: failedLogins }, (_, guess) =>
    loginReply(
      server,
      { username: account.username, password: `wrong${guess}x` },
      { 'x-forwarded-for': ownAddress() },
    ),
  );
  for (const reply of await Promise.all(guesses)) {
    if (reply.body.code !== 'invalid_credentials') {
      throw new Error(`a wrong password for ${account.username} was answered ${reply.body.code}`);
    }
  }
  return account;
}

/** A fresh player on the site, registered through its own API (as a visitor would). */
async function provisionPlayer(
  server: Server,
  from: ExtraHeaders,
  { affiliateCode }: AccountOptions,
): Promise<TestAccount> {
  const username = `p${randomBytes(4).toString('hex')}`;
  const password = 'abc12345';
  const email = `${username}@example.test`;
  const reply = await encryptedCall(
    server,
    '/wps/member/register',
    'PUT',
    {
      username,
      password,
      confirmPassword: password,
      email,
      ...(affiliateCode ? { affiliateCode } : {}),
      altcha: await humanProof(server),
      login: true,
    },
    from,
  );
  if (!reply.body.success) throw new Error(`registering a test player failed: ${reply.body.code}`);
  return { username, password, email, token: (reply.body.value as { token: string }).token };
}

/** A player registered by a mobile number of its own, proven by the SMS code the site sent. */
async function provisionMobilePlayer(
  server: Server,
  from: ExtraHeaders,
  opsToken: string | undefined,
): Promise<TestAccount> {
  const mobile = `9${randomInt(10_000_000, 100_000_000)}`;
  const password = 'abc12345';
  const sent = await fetch(`${server.url}/wps/verification/sms/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...from },
    body: JSON.stringify({
      mobileNum: mobile,
      countryDialingCode: '84',
      altcha: await humanProof(server),
    }),
  });
  const envelope = (await sent.json()) as { success: boolean; code?: string };
  if (!envelope.success) throw new Error(`sending a registration code failed: ${envelope.code}`);
  const reply = await encryptedCall(
    server,
    '/wps/member/register/mobile',
    'PUT',
    {
      mobileNum: mobile,
      countryDialingCode: '84',
      verificationCode: await sentCode(server, `+84${mobile}`, opsToken),
      password,
      confirmPassword: password,
      altcha: await humanProof(server),
      login: true,
    },
    from,
  );
  if (!reply.body.success)
    throw new Error(`registering a mobile player failed: ${reply.body.code}`);
  const token = (reply.body.value as { token: string }).token;
  return { username: `m84${mobile}`, password, mobile, token };
}

/**
 * The code of the newest message the site sent to `recipient`: the operator's outbox when the
 * run has the operator's token, else the development tools' one.
 */
async function sentCode(
  server: Server,
  recipient: string,
  opsToken: string | undefined,
): Promise<string> {
  const query = `recipient=${encodeURIComponent(recipient)}`;
  const response = opsToken
    ? await fetch(`${server.url}/ops/outbox?${query}&limit=1`, {
        headers: { authorization: `Bearer ${opsToken}` },
      })
    : await fetch(`${server.url}/wps/dev/outbox?${query}`);
  const { value } = (await response.json()) as { value: { id: string; body: string }[] | null };
  // The outbox lists the newest first.
  const newest = value?.[0];
  const code = newest?.body.match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error(`no code was sent to ${recipient}`);
  return code;
}

/** A member opened by the seeded agent in registerCenter: its password is a default one. */
async function provisionTemporaryPassword(server: Server): Promise<TestAccount> {
  let agent = await loginReply(server, {
    portal: 'agent',
    username: 'agent3',
    password: 'Passw0rd!',
  });
  // One login a second per account and address: wait out another path's.
  for (let attempt = 1; attempt < 5 && agent.body.code === 'throttled'; attempt += 1) {
    await sleep(1_100);
    agent = await loginReply(server, {
      portal: 'agent',
      username: 'agent3',
      password: 'Passw0rd!',
    });
  }
  if (!agent.body.success) throw new Error(`the agent's login failed: ${agent.body.code}`);
  const username = `t${randomBytes(4).toString('hex')}`;
  const password = 'abc12345';
  const reply = await encryptedCall(
    server,
    '/wps/agent/team/register',
    'POST',
    { username, password, confirmPassword: password },
    { authorization: `Bearer ${(agent.body.value as { token: string }).token}` },
  );
  if (!reply.body.success) throw new Error(`registerCenter failed: ${reply.body.code}`);
  return { username, password };
}

/**
 * A fresh agent of its own on the site. No visitor can make one, so this asks the development
 * tools' test-data endpoint, which only a site started with DEV_TOOLS=1 has.
 */
async function provisionAgent(baseURL: string, options: AccountOptions): Promise<TestAccount> {
  const response = await fetch(new URL('/wps/dev/accounts/agent', baseURL), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ rates: options.rates ?? {} }),
  });
  if (response.status === 404) {
    throw new Error(
      'this path needs an agent of its own: the site must run with its development tools (DEV_TOOLS=1)',
    );
  }
  const envelope = (await response.json()) as {
    success: boolean;
    value: TestAccount;
    code?: string;
  };
  if (!envelope.success) throw new Error(`making a test agent failed: ${envelope.code}`);
  return envelope.value;
}

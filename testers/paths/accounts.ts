import { randomBytes, randomInt } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { encryptedCall, humanProof, loginReply } from '../../tests/support/identityClient';
import type { AccountKind, AccountOptions, TestAccount } from './registry';
import {
  CannotOnSite,
  defenceReason,
  isDefence,
  lacking,
  SHORT_WAIT_MS,
  type SiteCapabilities,
} from './site';
import { LOGIN_THROTTLE_MS, MOBILE_PLAYER, OWN_AGENT, ownAddress, STRANGERS } from './siteActions';

/**
 * The accounts a path asks for (`run.account`), each made on the site through its own API: a
 * player registered as a visitor would, a mobile player proven by the SMS code the site sent,
 * a member an agent opened in registerCenter, an agent of its own from the development tools.
 * Each stranger's wrong password comes from an address of its own.
 *
 * When the site defends itself (a cap per address, a throttle) or the run lacks what an account
 * needs (the outbox, the development tools, the demo data), the account is not made and the
 * path is cut short with the reason and the setting that lifts it (`CannotOnSite`): that is
 * the site doing its job, not a failure. A throttle that asks for a short wait is waited out.
 */

type Server = { url: string };
type ExtraHeaders = Record<string, string>;
type Reply = Awaited<ReturnType<typeof encryptedCall>>;

/** What a provisioning call needs to know of the run: what the site gives it, and the token. */
export interface ProvisionContext {
  site: SiteCapabilities;
  opsToken: string | undefined;
}

/**
 * The site's answer to `send` (made anew each time: a proof of work is spent once). A refusal
 * by which the site defends itself is waited out when it asks for a short wait (one login a
 * second), else the path is cut short with it.
 */
async function answered(
  what: string,
  run: ProvisionContext,
  send: () => Promise<Reply>,
): Promise<Reply> {
  for (let attempt = 1; ; attempt += 1) {
    const reply = await send();
    if (reply.body.success || !isDefence(reply.status, reply.body.code)) return reply;
    const asked = (reply.body.value as { retryAfterSeconds?: number } | null)?.retryAfterSeconds;
    const waitMs =
      reply.body.code === 'throttled' ? LOGIN_THROTTLE_MS : (asked ?? Infinity) * 1_000;
    if (attempt < 4 && waitMs <= SHORT_WAIT_MS) {
      await sleep(waitMs);
      continue;
    }
    throw new CannotOnSite(defenceReason(what, reply.status, reply.body.code, run.site, asked));
  }
}

/** An account of `kind` made through the site's own API, with the wrong passwords asked for. */
export async function provision(
  baseURL: string,
  kind: AccountKind,
  { address, failedLogins = 0, ...details }: AccountOptions,
  run: ProvisionContext,
): Promise<TestAccount> {
  const server = { url: baseURL };
  // Strangers guessing from one shared address would lock that address for every other path
  // (and the site's own one-a-second would refuse them): they need addresses of their own.
  if (failedLogins > 0 && !run.site.addresses) {
    throw new CannotOnSite(lacking(STRANGERS, ['addresses']));
  }
  // A player comes from an address of its own where the site takes one: the cap on new accounts
  // per address (5 an hour on a shipped site) is then the player's, not the whole run's. Its
  // browser logs in from the same address (`TestAccount.address`), as the site knows it.
  const home =
    run.site.addresses && (kind === 'player' || kind === 'mobilePlayer')
      ? (address ?? ownAddress())
      : undefined;
  const from: ExtraHeaders = home ? { 'x-forwarded-for': home } : {};
  const made =
    kind === 'agent'
      ? await provisionAgent(baseURL, details)
      : kind === 'player'
        ? await provisionPlayer(server, from, details, run)
        : kind === 'mobilePlayer'
          ? await provisionMobilePlayer(server, from, run)
          : await provisionTemporaryPassword(server, run);
  const account = home ? { ...made, address: home } : made;
  // Each stranger comes from an address of its own: the guesses go at once.
  const guesses = Array.from({ length: failedLogins }, (_, guess) =>
    answered(`a stranger's wrong password for ${account.username}`, run, () =>
      loginReply(
        server,
        { username: account.username, password: `wrong${guess}x` },
        { 'x-forwarded-for': ownAddress() },
      ),
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
  run: ProvisionContext,
): Promise<TestAccount> {
  const username = `p${randomBytes(4).toString('hex')}`;
  const password = 'abc12345';
  const email = `${username}@example.test`;
  const reply = await answered('registering a test player', run, async () =>
    encryptedCall(
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
    ),
  );
  if (!reply.body.success) throw new Error(`registering a test player failed: ${reply.body.code}`);
  return { username, password, email, token: (reply.body.value as { token: string }).token };
}

/** A player registered by a mobile number of its own, proven by the SMS code the site sent. */
async function provisionMobilePlayer(
  server: Server,
  from: ExtraHeaders,
  run: ProvisionContext,
): Promise<TestAccount> {
  if (!run.site.operator && !run.site.devTools) {
    throw new CannotOnSite(lacking(MOBILE_PLAYER, ['operator', 'devTools']));
  }
  const mobile = `9${randomInt(10_000_000, 100_000_000)}`;
  const password = 'abc12345';
  const envelope = await answered('sending a registration code', run, async () => {
    const sent = await fetch(`${server.url}/wps/verification/sms/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...from },
      body: JSON.stringify({
        mobileNum: mobile,
        countryDialingCode: '84',
        altcha: await humanProof(server),
      }),
    });
    return { status: sent.status, body: (await sent.json()) as Reply['body'] };
  });
  if (!envelope.body.success)
    throw new Error(`sending a registration code failed: ${envelope.body.code}`);
  const code = await sentCode(server, `+84${mobile}`, run.site.operator ? run.opsToken : undefined);
  const reply = await answered('registering a mobile player', run, async () =>
    encryptedCall(
      server,
      '/wps/member/register/mobile',
      'PUT',
      {
        mobileNum: mobile,
        countryDialingCode: '84',
        verificationCode: code,
        password,
        confirmPassword: password,
        altcha: await humanProof(server),
        login: true,
      },
      from,
    ),
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
async function provisionTemporaryPassword(
  server: Server,
  run: ProvisionContext,
): Promise<TestAccount> {
  // One login a second per account and address: another path's is waited out.
  const agent = await answered("the demo agent's login", run, () =>
    loginReply(server, { portal: 'agent', username: 'agent3', password: 'Passw0rd!' }),
  );
  if (agent.body.code === 'invalid_credentials') {
    throw new CannotOnSite(
      'a member opened by an agent in registerCenter: the site has no demo agent agent3 with the demo password (start it with its demo data, as npm start seeds it)',
    );
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
    throw new CannotOnSite(lacking(OWN_AGENT, ['devTools']));
  }
  const envelope = (await response.json()) as {
    success: boolean;
    value: TestAccount;
    code?: string;
  };
  if (!envelope.success) throw new Error(`making a test agent failed: ${envelope.code}`);
  return envelope.value;
}

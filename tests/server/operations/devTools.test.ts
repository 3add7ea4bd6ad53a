import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readEnv } from '../../../server/config/env';
import { encryptedCall, humanProof } from '../../support/identityClient';
import { killServerProcesses, startServerProcess } from '../../support/serverProcess';
import { call, engines, startTestServer, type TestServer } from '../../support/testServer';

/** The development routes, each called the way a tool or a test would call it. */
const devCalls: { path: string; init: RequestInit & { json?: unknown } }[] = [
  { path: '/dev/outbox', init: {} },
  { path: '/wps/dev/outbox', init: {} },
  { path: '/wps/dev/enabled', init: {} },
  { path: '/wps/dev/captcha/abc', init: {} },
  {
    path: '/wps/dev/demo-vendor/rig',
    init: { method: 'POST', json: { account: 'player1', drawn: 7 } },
  },
  { path: '/wps/dev/salary/settle', init: { method: 'POST', json: { minutesAhead: 0 } } },
  { path: '/wps/dev/withdrawals/1/auto-confirm', init: { method: 'POST' } },
  { path: '/wps/dev/rewards/1/expire', init: { method: 'POST' } },
  {
    path: '/wps/dev/points',
    init: { method: 'POST', json: { account: 'granted1', points: 1500 } },
  },
  {
    path: '/wps/dev/rewards',
    init: { method: 'POST', json: { account: 'granted1', amount: '2.50' } },
  },
  {
    path: '/wps/dev/accounts/agent',
    init: { method: 'POST', json: { rates: { dividend: '1.5', realTimeSalary: '0.5' } } },
  },
];

/** A fresh player's session (registered and logged in), as the header a call sends. */
async function newPlayer(server: TestServer, username: string): Promise<Record<string, string>> {
  const made = await encryptedCall(server, '/wps/member/register', 'PUT', {
    username,
    password: 'abc12345',
    confirmPassword: 'abc12345',
    altcha: await humanProof(server),
    login: true,
  });
  expect(made.body.success).toBe(true);
  return { authorization: `Bearer ${(made.body.value as { token: string }).token}` };
}

async function pointsOf(server: TestServer, headers: Record<string, string>): Promise<number> {
  const reply = await call(server, '/wps/relay/MCS2_getPointBalance', { headers });
  return (reply.body.value as { points: number }).points;
}

async function askSmsCode(server: TestServer, mobileNum: string): Promise<void> {
  const reply = await call(server, '/wps/verification/sms/noLogin', {
    method: 'POST',
    json: { mobileNum, countryDialingCode: '84', altcha: await humanProof(server) },
  });
  expect(reply.body.success).toBe(true);
}

describe.each(engines)('development tools on %s', (engine) => {
  let plain: TestServer;
  let tooled: TestServer;
  beforeAll(async () => {
    [plain, tooled] = await Promise.all([
      startTestServer(engine, { devTools: false }),
      startTestServer(engine, { devTools: true }),
    ]);
  });
  afterAll(async () => {
    await Promise.all([plain.close(), tooled.close()]);
  });

  it('do not exist unless DEV_TOOLS enables them: every dev route answers 404', async () => {
    for (const { path: devPath, init } of devCalls) {
      const reply = await call(plain, devPath, init);
      expect({ path: devPath, status: reply.status, code: reply.body.code }).toEqual({
        path: devPath,
        status: 404,
        code: 'not_found',
      });
      expect(reply.body.message).toContain('No such call');
    }
    // A captcha issued without the tools is not remembered for anyone to read.
    const { captchaId } = (await call(plain, '/wps/captcha')).body.value as { captchaId: string };
    expect((await call(plain, `/wps/dev/captcha/${captchaId}`)).status).toBe(404);
  });

  it('work when enabled', async () => {
    await askSmsCode(tooled, '900000001');
    const outbox = await call(tooled, '/wps/dev/outbox');
    expect(outbox.status).toBe(200);
    expect(JSON.stringify(outbox.body.value)).toMatch(/verification code is \d{6}/);
    const page = await fetch(`${tooled.url}/dev/outbox`);
    expect(page.status).toBe(200);
    expect(await page.text()).toMatch(/verification code is \d{6}/);

    const { captchaId } = (await call(tooled, '/wps/captcha')).body.value as {
      captchaId: string;
    };
    const answer = await call(tooled, `/wps/dev/captcha/${captchaId}`);
    expect(answer.status).toBe(200);
    expect((answer.body.value as { answer: string }).answer).toMatch(/^\w+$/);

    const rig = devCalls.find((entry) => entry.path.endsWith('/rig'))!;
    expect((await call(tooled, rig.path, rig.init)).status).toBe(200);
    const settle = devCalls.find((entry) => entry.path.endsWith('/settle'))!;
    expect((await call(tooled, settle.path, settle.init)).status).toBe(200);

    // The expiry of one reward touches that one only: here none of that id waits.
    const expire = devCalls.find((entry) => entry.path.endsWith('/expire'))!;
    expect((await call(tooled, expire.path, expire.init)).body.value).toEqual({
      ran: true,
      rewards: 0,
      bonuses: 0,
      participations: 0,
      failed: 0,
    });
    expect((await call(tooled, '/wps/dev/rewards/x1/expire', { method: 'POST' })).status).toBe(400);

    // What play would earn a test account: points, and a reward waiting with nothing to wager.
    const player = await newPlayer(tooled, 'granted1');
    const pointsBefore = await pointsOf(tooled, player);
    const grant = devCalls.find((entry) => entry.path.endsWith('/dev/points'))!;
    expect((await call(tooled, grant.path, grant.init)).body.value).toEqual({ points: 1500 });
    expect(await pointsOf(tooled, player)).toBe(pointsBefore + 1500);
    const issue = devCalls.find((entry) => entry.path.endsWith('/dev/rewards'))!;
    const { rewardId } = (await call(tooled, issue.path, issue.init)).body.value as {
      rewardId: string;
    };
    const rewards = await call(tooled, '/wps/rewards', { headers: player });
    const waiting = (rewards.body.value as { waiting: { id: string; amount: string }[] }).waiting;
    expect(waiting.find((reward) => reward.id === rewardId)).toMatchObject({ amount: '2.50' });
    expect(
      (
        await call(tooled, '/wps/dev/points', {
          method: 'POST',
          json: { account: 'nobody1', points: 1 },
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await call(tooled, '/wps/dev/rewards', {
          method: 'POST',
          json: { account: 'player1', amount: '1' },
        })
      ).status,
    ).toBe(400);

    // A fresh agent of its own, with the rates asked for, that logs in at the agent portal and
    // whose affiliate code registers downlines.
    const agentCall = devCalls.find((entry) => entry.path.endsWith('/accounts/agent'))!;
    const made = await call(tooled, agentCall.path, agentCall.init);
    expect(made.status).toBe(200);
    const agent = made.body.value as { username: string; password: string; affiliateCode: string };
    const other = (await call(tooled, agentCall.path, { method: 'POST', json: {} })).body.value as {
      username: string;
    };
    expect(other.username).not.toBe(agent.username);
    const login = await encryptedCall(tooled, '/wps/session/login', 'POST', {
      type: 'username',
      portal: 'agent',
      username: agent.username,
      password: agent.password,
      altcha: await humanProof(tooled),
    });
    expect(login.body.success).toBe(true);
    const token = (login.body.value as { token: string }).token;
    const limits = await call(tooled, '/wps/agent/contracts/limits', {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(limits.body.value).toMatchObject({
      dividend: { max: '1.50' },
      realTimeSalary: { max: '0.50' },
    });
    const downline = await encryptedCall(tooled, '/wps/member/register', 'PUT', {
      username: `d${agent.username}`,
      password: 'abc12345',
      confirmPassword: 'abc12345',
      affiliateCode: agent.affiliateCode,
      altcha: await humanProof(tooled),
      login: true,
    });
    expect(downline.body.success).toBe(true);
  });

  it('serve the outbox to the operator only, with or without the development tools', async () => {
    await askSmsCode(plain, '900000001');
    const anonymous = await call(plain, '/ops/outbox');
    expect(anonymous).toMatchObject({ status: 403, body: { code: 'forbidden' } });
    const wrong = await call(plain, '/ops/outbox', { headers: { authorization: 'Bearer nope' } });
    expect(wrong.status).toBe(403);

    const operator = { authorization: `Bearer ${plain.opsToken}` };
    const all = await call(plain, '/ops/outbox', { headers: operator });
    expect(all.status).toBe(200);
    const messages = all.body.value as { recipient: string; body: string; channel: string }[];
    const sms = messages.find((message) => message.channel === 'sms');
    expect(sms?.body).toMatch(/verification code is \d{6}/);

    const one = await call(
      plain,
      `/ops/outbox?recipient=${encodeURIComponent(sms!.recipient)}&limit=1`,
      { headers: operator },
    );
    expect(one.body.value).toHaveLength(1);
    const nobody = await call(plain, '/ops/outbox?recipient=nobody', { headers: operator });
    expect(nobody.body.value).toEqual([]);
    const bad = await call(plain, '/ops/outbox?limit=100000', { headers: operator });
    expect(bad).toMatchObject({ status: 400, body: { code: 'invalid_request' } });
  });
});

describe('DEV_TOOLS with NODE_ENV=production', () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'devtools-'));
  });
  afterAll(async () => {
    await killServerProcesses();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('is read as off unless set to 1, and refused together with production', () => {
    expect(readEnv({}).DEV_TOOLS).toBe(false);
    expect(readEnv({ DEV_TOOLS: '1' }).DEV_TOOLS).toBe(true);
    expect(readEnv({ NODE_ENV: 'production' }).DEV_TOOLS).toBe(false);
    expect(() => readEnv({ NODE_ENV: 'production', DEV_TOOLS: '1' })).toThrow(/DEV_TOOLS/);
  });

  it('weakens the human check only with the development tools', () => {
    const light = { DEV_HUMAN_CHECK_MAX_COUNTER: '3000' };
    expect(readEnv({ ...light, DEV_TOOLS: '1' }).DEV_HUMAN_CHECK_MAX_COUNTER).toBe(3000);
    expect(() => readEnv(light)).toThrow(/DEV_TOOLS=1/);
    expect(() => readEnv({ ...light, NODE_ENV: 'production' })).toThrow(/DEV_TOOLS=1/);
    expect(() => readEnv({ DEV_TOOLS: '1', DEV_HUMAN_CHECK_MAX_COUNTER: '10' })).toThrow();
    expect(readEnv({}).DEV_HUMAN_CHECK_MAX_COUNTER).toBeUndefined();
  });

  it('weakens the password hashes only with the development tools', () => {
    const light = { DEV_PASSWORD_COST: '10' };
    expect(readEnv({ ...light, DEV_TOOLS: '1' }).DEV_PASSWORD_COST).toBe(10);
    expect(() => readEnv(light)).toThrow(/DEV_TOOLS=1/);
    expect(() => readEnv({ ...light, NODE_ENV: 'production' })).toThrow(/DEV_TOOLS=1/);
    expect(() => readEnv({ DEV_TOOLS: '1', DEV_PASSWORD_COST: '4' })).toThrow();
    expect(readEnv({}).DEV_PASSWORD_COST).toBeUndefined();
  });

  it('stops the server at start with a message saying what to change', async () => {
    const started = startServerProcess({
      dataDir,
      env: { NODE_ENV: 'production', DEV_TOOLS: '1' },
    });
    await expect(started).rejects.toThrow(/exited before it was ready[\s\S]*DEV_TOOLS/);
  });
});

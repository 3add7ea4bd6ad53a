import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { humanProof, loginReply } from '../../support/identityClient';
import { call, engines, startTestServer, type TestServer } from '../../support/testServer';

/**
 * Who a login lock hurts, and how many codes one number or address can be sent (issue 11,
 * findings 7 and 14). On PostgreSQL only: the caps must hold under a real burst, and the rules
 * are the same SQL on both engines (the lock waits a second between attempts, so one engine is
 * enough of that).
 */
describe.each(engines.filter((engine) => engine === 'postgres'))(
  'login locks and code caps on %s',
  (engine) => {
    let server: TestServer;
    beforeAll(async () => {
      server = await startTestServer(engine, {
        trustProxy: 'loopback',
        config: (base) => ({
          ...base,
          sms: { ...base.sms, perNumberPerDay: 3, perAddressPerHour: 4 },
        }),
      });
    });
    afterAll(() => server.close());

    const from = (ip: string) => ({ 'x-forwarded-for': ip });
    /** A captcha as a person reads it (the development answer lookup). */
    async function captcha(ip: string) {
      const image = (await call(server, '/wps/captcha', { headers: from(ip) })).body.value as {
        captchaId: string;
      };
      const { answer } = (await call(server, `/wps/dev/captcha/${image.captchaId}`)).body.value as {
        answer: string;
      };
      return { captchaId: image.captchaId, captcha: answer };
    }
    const outboxCount = async (recipient: string) =>
      (
        (await call(server, `/wps/dev/outbox?recipient=${encodeURIComponent(recipient)}`)).body
          .value as unknown[]
      ).length;

    it('locks a stranger’s address after ten wrong passwords, never the owner elsewhere', async () => {
      const stranger = '198.51.100.77';
      for (let attempt = 1; attempt <= 10; attempt += 1) {
        const reply = await loginReply(
          server,
          {
            username: 'player7',
            password: `guess${attempt}`,
            ...(attempt > 3 ? await captcha(stranger) : {}),
          },
          from(stranger),
        );
        expect(reply.body.code, `attempt ${attempt}`).toBe('invalid_credentials');
        await sleep(1000); // one attempt a second per address and account
      }
      const locked = await loginReply(
        server,
        { username: 'player7', password: 'Passw0rd!', ...(await captcha(stranger)) },
        from(stranger),
      );
      expect(locked).toMatchObject({ status: 429, body: { code: 'account_locked' } });

      // The owner, at home: asked for the captcha (the account saw many failures), then let in.
      const home = '192.0.2.7';
      const withoutCaptcha = await loginReply(
        server,
        { username: 'player7', password: 'Passw0rd!' },
        from(home),
      );
      expect(withoutCaptcha.body.code).toBe('captcha_required');
      await sleep(1000);
      const owner = await loginReply(
        server,
        { username: 'player7', password: 'Passw0rd!', ...(await captcha(home)) },
        from(home),
      );
      expect(owner.status).toBe(200);
    });

    async function askCode(mobileNum: string, ip: string) {
      return call(server, '/wps/verification/sms/register', {
        method: 'POST',
        headers: from(ip),
        json: { mobileNum, countryDialingCode: '84', altcha: await humanProof(server) },
      });
    }

    it('caps registration codes per number per day, even in a burst from many addresses', async () => {
      const proofs = await Promise.all(Array.from({ length: 10 }, () => humanProof(server)));
      const replies = await Promise.all(
        proofs.map((altcha, n) =>
          call(server, '/wps/verification/sms/register', {
            method: 'POST',
            headers: from(`203.0.113.${n + 1}`),
            json: { mobileNum: '912345001', countryDialingCode: '84', altcha },
          }),
        ),
      );
      expect(replies.filter((reply) => reply.body.success)).toHaveLength(3);
      expect(replies.filter((reply) => reply.body.code === 'too_many_requests')).toHaveLength(7);
      expect(await outboxCount('+84912345001')).toBe(3);
    });

    it('caps the codes one address may ask for in an hour, whatever the numbers', async () => {
      const ip = '198.51.100.88';
      for (let n = 1; n <= 4; n += 1) {
        expect((await askCode(`91234510${n}`, ip)).body.success, `number ${n}`).toBe(true);
        await sleep(1000); // one request a second per address
      }
      const fifth = await askCode('912345105', ip);
      expect(fifth).toMatchObject({ status: 429, body: { code: 'too_many_requests' } });
      expect(await outboxCount('+84912345105')).toBe(0);
    });

    it('sends a member at most five new-address login codes in fifteen minutes', async () => {
      await server.deps.db.query(
        `insert into member_known_ips (member_id, ip)
       select id, '192.0.2.1' from members where account = 'player1' on conflict do nothing`,
      );
      const before = await outboxCount('+84900000001');
      const codes: (string | undefined)[] = [];
      for (let n = 0; n < 8; n += 1) {
        const reply = await loginReply(
          server,
          { username: 'player1', password: 'Passw0rd!' },
          from(`203.0.113.${100 + n}`),
        );
        codes.push(reply.body.code);
      }
      expect(codes.filter((code) => code === 'ip_verification_required')).toHaveLength(5);
      expect(codes.filter((code) => code === 'too_many_requests')).toHaveLength(3);
      expect((await outboxCount('+84900000001')) - before).toBe(5);
    });
  },
);

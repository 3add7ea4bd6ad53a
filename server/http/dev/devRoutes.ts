import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { CONTRACT_TYPES } from '../../../src/shared/contracts';
import { ok } from '../../../src/shared/envelope';
import { SLOT_SYMBOLS } from '../../domain/games/demoVendor/slotEngine';
import { setAgentRate } from '../../domain/contracts/heldRates';
import { hashPassword } from '../../domain/identity/password';
import { readOutbox } from '../../domain/messaging/providers';
import { settleDueSalaries } from '../../domain/salary/settle';
import { autoConfirmWithdrawals } from '../../domain/withdrawals/autoConfirm';
import type { AppDeps } from '../../deps';
import { ApiError, parseInput } from '../errors';
import { captchaAnswer } from './captchaAnswers';
import { REWARD_CLAIM_DAYS } from '../../../src/shared/rewards';
import { expireRewards } from '../../domain/rewards/expiry';
import { foldAccruals } from '../../domain/accruals/fold';
import { rigVnDraw } from '../../domain/games/lottery/vnSettle';

const outboxQuery = z.object({ recipient: z.string().max(254).optional() }).strict();

const rigBody = z
  .object({
    account: z.string().min(1).max(40),
    symbols: z.array(z.enum(SLOT_SYMBOLS)).length(3).optional(),
    drawn: z.number().int().min(0).max(9).optional(),
  })
  .strict()
  .refine((body) => (body.symbols === undefined) !== (body.drawn === undefined), {
    message: 'give symbols or drawn',
  });

const vnDrawBody = z
  .object({
    gameCode: z.string().min(1).max(64),
    numero: z.string().regex(/^\d{8}-\d{4}$/),
    // A Vietnamese game's prize tiers, or another lottery game's numbers.
    prizes: z
      .array(z.object({ tier: z.string(), numbers: z.array(z.string()) }).strict())
      .optional(),
    numbers: z.array(z.number().int().min(0).max(99)).max(20).optional(),
  })
  .strict();

const settleBody = z
  .object({
    minutesAhead: z
      .number()
      .int()
      .min(0)
      .max(60 * 24 * 7),
  })
  .strict();

const agentBody = z
  .object({
    /** The agent's own rates per contract type ("1.5"): what it may offer its downlines. */
    rates: z
      .partialRecord(z.enum(CONTRACT_TYPES), z.string().regex(/^\d{1,3}(\.\d{1,2})?$/))
      .optional(),
  })
  .strict();

const ageBody = z
  .object({
    account: z.string().min(1).max(40),
    minutes: z
      .number()
      .int()
      .min(1)
      .max(60 * 24 * 7),
  })
  .strict();

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/**
 * Development tools: the SMS/e-mail outbox (a page for people, JSON for tests), captcha answers,
 * the demo vendor's rig and the salary clock. They answer without a token, so they exist only
 * with DEV_TOOLS=1 (the test servers); otherwise, and always in production, they are not
 * registered at all (404). The operator reads the outbox through `npm run ops -- outbox`.
 */
export async function devRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  if (!deps.devTools) return;

  // The client's development pages (/dev/ui) ask this before they show anything.
  app.get('/wps/dev/enabled', async () => ok({ enabled: true }));

  app.get('/wps/dev/outbox', { schema: { querystring: outboxQuery } }, async (request) => {
    const { recipient } = parseInput(outboxQuery, request.query);
    return ok(await readOutbox(deps.db, recipient));
  });

  app.get('/wps/dev/captcha/:id', async (request) => {
    const { id } = parseInput(z.object({ id: z.string().max(64) }), request.params);
    const answer = captchaAnswer(id);
    if (!answer) throw new ApiError(404, 'not_found', 'No such captcha.');
    return ok({ answer });
  });

  // Forces a member's next demo-vendor round (e.g. a big win the winner board must show).
  app.post('/wps/dev/demo-vendor/rig', { schema: { body: rigBody } }, async (request) => {
    const body = parseInput(rigBody, request.body);
    const [member] = await deps.db.query<{ id: string }>(
      'select id::text from members where lower(account) = lower($1)',
      [body.account],
    );
    if (!member) throw new ApiError(404, 'not_found', 'No such account.');
    deps.demoRigs.set(
      member.id,
      body.symbols
        ? { engine: 'slot', symbols: body.symbols }
        : { engine: 'draw', drawn: body.drawn! },
    );
    return ok(null);
  });

  // Opens a lottery draw now with the given result and settles its slips (issue 34:
  // an end-to-end test cannot wait for the schedule, nor guess the numbers).
  app.post('/wps/dev/vn-lotto/draw', { schema: { body: vnDrawBody } }, async (request) => {
    const body = parseInput(vnDrawBody, request.body);
    return ok(
      await rigVnDraw(deps, body.gameCode, body.numero, {
        prizes: body.prizes,
        numbers: body.numbers,
      }),
    );
  });

  // Runs the salary settlement as if the clock were later (end-to-end tests cannot wait for a
  // period to end).
  app.post('/wps/dev/salary/settle', { schema: { body: settleBody } }, async (request) => {
    const { minutesAhead } = parseInput(settleBody, request.body);
    await foldAccruals(deps);
    return ok(await settleDueSalaries(deps, new Date(Date.now() + minutesAhead * 60_000)));
  });

  // A fresh top agent of its own (no upline, no team yet), for a tester's paths that need one
  // (issue 15): each path gets an agent nobody else touches; its downlines then register with
  // its affiliate code through the site like anyone else. Answers the login and the code.
  app.post('/wps/dev/accounts/agent', { schema: { body: agentBody } }, async (request) => {
    const body = parseInput(agentBody, request.body ?? {});
    const username = `ag${randomBytes(4).toString('hex')}`;
    const password = `Pa${randomBytes(6).toString('hex')}`;
    const affiliateCode = username.toUpperCase();
    await deps.db.query(
      `insert into members (account, nickname, password_hash, type, affiliate_code)
       values ($1, $1, $2, 1, $3)`,
      [username, await hashPassword(password), affiliateCode],
    );
    for (const [contractType, rate] of Object.entries(body.rates ?? {})) {
      await setAgentRate(deps.db, deps.config, {
        account: username,
        contractType: contractType as (typeof CONTRACT_TYPES)[number],
        rate,
        actor: 'dev-tools',
      });
    }
    return ok({ username, password, affiliateCode });
  });

  // Runs the auto-confirmation job for one withdrawal as if its wait were over: a tester's path
  // cannot wait the site's autoConfirmMinutes, and other people's withdrawals stay untouched.
  app.post('/wps/dev/withdrawals/:id/auto-confirm', async (request) => {
    const { id } = parseInput(z.object({ id: z.string().regex(/^\d{1,19}$/) }), request.params);
    const later = new Date(
      Date.now() + (deps.config.payments.withdrawal.autoConfirmMinutes + 1) * 60_000,
    );
    return ok(await autoConfirmWithdrawals(deps, later, id));
  });

  // Runs the reward-expiry job for one waiting reward as if its REWARD_CLAIM_DAYS were over: a
  // tester's path cannot wait 30 days, and other people's rewards stay untouched.
  app.post('/wps/dev/rewards/:id/expire', async (request) => {
    const { id } = parseInput(z.object({ id: z.string().regex(/^\d{1,18}$/) }), request.params);
    const later = new Date(Date.now() + (REWARD_CLAIM_DAYS + 1) * 24 * 60 * 60_000);
    return ok(await expireRewards(deps, later, id));
  });

  // Moves a member's login sessions `minutes` into the past (starts, sittings, logouts,
  // expiries): a tester's path cannot wait out a session limit and its break (issue 17).
  app.post('/wps/dev/rg/age', { schema: { body: ageBody } }, async (request) => {
    const body = parseInput(ageBody, request.body);
    const moved = await deps.db.query(
      `update sessions set created_at = created_at - make_interval(mins => $2),
         sitting_started_at = sitting_started_at - make_interval(mins => $2),
         revoked_at = revoked_at - make_interval(mins => $2),
         expires_at = expires_at - make_interval(mins => $2)
       where member_id = (select id from members where lower(account) = lower($1))
       returning id`,
      [body.account, body.minutes],
    );
    return ok({ sessions: moved.length });
  });

  app.get('/dev/outbox', async (_request, reply) => {
    const rows = (await readOutbox(deps.db))
      .map(
        (m) =>
          `<tr><td>${escapeHtml(m.createdAt)}</td><td>${m.channel}</td><td>${escapeHtml(m.recipient)}</td><td>${escapeHtml(m.subject ?? '')}</td><td>${escapeHtml(m.body)}</td></tr>`,
      )
      .join('');
    return reply
      .type('text/html')
      .send(
        `<!doctype html><meta charset="utf-8"><title>Outbox (development)</title><style>body{font-family:system-ui;margin:2rem}td,th{border-bottom:1px solid #ccc;padding:.4rem;text-align:left}</style><h1>Outbox (development only)</h1><p>Messages the default SMS and e-mail providers would have sent, newest first.</p><table><tr><th>When</th><th>Channel</th><th>To</th><th>Subject</th><th>Text</th></tr>${rows || '<tr><td colspan="5">Nothing sent yet.</td></tr>'}</table>`,
      );
  });
}

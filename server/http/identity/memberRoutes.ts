import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { ok } from '../../../src/shared/envelope';
import type { MemberInfo } from '../../../src/shared/identity';
import { avatars, avatarUrl, isAvatar, type MemberIcon } from '../../../src/shared/avatars';
import { vipNameOf } from '../../../src/shared/vip';
import { currentVipLevel } from '../../domain/vip/progress';
import { requestLanguage } from '../language';
import { recordReferral } from '../../domain/referrals/referrals';
import { issueSignupBonuses } from '../../domain/promotions/participation';
import { deviceOf, rememberDevice } from './devices';
import { findById } from '../../domain/identity/accounts';
import {
  changePassword,
  resetByEmail,
  resetByEmailCode,
  resetByMobile,
} from '../../domain/signIn/passwordChanges';
import { type RegisterTab, register } from '../../domain/signIn/registration';
import { maskEmail, maskMobile } from '../../domain/identity/secrets';
import { sessionOf } from '../auth';
import type { AppDeps } from '../../deps';
import { ApiError, parseInput } from '../errors';
import {
  affiliateQuery,
  changePasswordBody,
  forgotEmailBody,
  forgotEmailCodeBody,
  forgotMobileBody,
  registerBody,
  registrationFields,
} from './schemas';
import { commit } from '../../platform/unitOfWork';

const avatarBody = z
  .object({
    avatar: z
      .enum(avatars, { message: `one of ${avatars.join(', ')}, or null for the default` })
      .nullable(),
  })
  .strict();

/** Member calls (spec 7): info, register, passwords, affiliate check. */
export async function memberRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  app.get('/wps/member/info', { config: { auth: 'session' } }, async (request) => {
    const account = await findById(deps.db, sessionOf(request).memberId);
    if (!account) throw new ApiError(401, 'not_logged_in', 'Not logged in, please log in.');
    const vip = await currentVipLevel(deps.db, account.id);
    const level = deps.config.vip.levels.find((one) => one.level === vip);
    const info: MemberInfo = {
      id: account.id,
      account: account.account,
      nickname: account.nickname,
      type: account.type,
      mobileNum: maskMobile(account.country_dialing_code, account.mobile_num),
      email: maskEmail(account.email),
      language: account.language,
      hasVip: vip > 0,
      vipLabelName: vipNameOf(level, requestLanguage(request, deps.config)),
      vipRankLevel: vip,
      iconUrl: avatarUrl(account.avatar),
    };
    return ok(info);
  });

  // Spec 7 GET /wps/member/info/icon (issue 16): the member's avatar and the set to choose
  // from; PUT (ours) chooses one of the set, or null for the default picture.
  const iconOf = (avatar: string | null): MemberIcon => ({
    avatar: avatar !== null && isAvatar(avatar) ? avatar : null,
    iconUrl: avatarUrl(avatar),
    choices: avatars.map((choice) => ({ avatar: choice, iconUrl: avatarUrl(choice) })),
  });
  app.get('/wps/member/info/icon', { config: { auth: 'session' } }, async (request) => {
    const account = await findById(deps.db, sessionOf(request).memberId);
    return ok(iconOf(account?.avatar ?? null));
  });
  app.put(
    '/wps/member/info/icon',
    { schema: { body: registerBody }, config: { auth: 'session' } },
    async (request) => {
      const { avatar } = parseInput(avatarBody, request.body);
      await deps.db.query('update members set avatar = $2 where id = $1', [
        sessionOf(request).memberId,
        avatar,
      ]);
      return ok(iconOf(avatar));
    },
  );

  const registerRoute =
    (tab: RegisterTab) => async (request: FastifyRequest, reply: FastifyReply) => {
      const body = parseInput(registerBody, request.body);
      const fields: Record<string, string> = {};
      const raw = body as Record<string, unknown>;
      for (const field of registrationFields) {
        const value = raw[field];
        if (typeof value === 'string') fields[field] = value.trim();
      }
      const result = await register(deps, tab, fields, {
        altcha: body.altcha,
        captcha: body.captcha,
        captchaId: body.captchaId,
        ip: request.ip,
      });
      // The device, the friend's link to whoever invited it, the sign-up bonus (issue 14). The
      // account exists already: a failure here is logged, never turned into a failed sign-up.
      try {
        const memberId = await rememberDevice(deps, result.token, request, reply);
        if (memberId) {
          await commit(deps, async (work) => {
            const inviter = await recordReferral(work.tx, memberId, fields.referralCode, {
              ip: request.ip,
              // The id this server issued (its cookie), never one the page chose.
              device: deviceOf(deps, request, reply),
            });
            // The inviter's friends list (its page refreshes on `reward`).
            if (inviter) work.changed('reward', { memberId: inviter, reason: 'changed' });
          });
          await issueSignupBonuses(deps, memberId, request.ip);
        }
      } catch (error) {
        request.log.error({ err: error }, 'after registration: device, referral or sign-up bonus');
      }
      return ok(result);
    };
  app.put('/wps/member/register', { config: { encrypted: true } }, registerRoute('username'));
  app.put('/wps/member/register/mobile', { config: { encrypted: true } }, registerRoute('mobile'));

  // A trial account has no password of its own to change: real accounts only.
  app.post(
    '/wps/member/password',
    { schema: { body: changePasswordBody }, config: { auth: 'realMoney', encrypted: true } },
    async (request) => {
      const session = sessionOf(request);
      const body = parseInput(changePasswordBody, request.body);
      return ok(await changePassword(deps, session.memberId, session.sessionId, body, request.ip));
    },
  );

  // Forgot by e-mail, step one (spec 7): a single-use code goes to the bound address.
  app.post('/wps/member/password/email', { schema: { body: forgotEmailBody } }, async (request) => {
    const body = parseInput(forgotEmailBody, request.body);
    await resetByEmail(deps, body.username, body.email, request.ip);
    return ok(null);
  });

  // Step two (ours): the code and the new password; answers a session, as by mobile.
  app.post(
    '/wps/member/password/email/reset',
    { schema: { body: forgotEmailCodeBody }, config: { encrypted: true } },
    async (request) =>
      ok(await resetByEmailCode(deps, parseInput(forgotEmailCodeBody, request.body), request.ip)),
  );

  // Spec 7 sends no countryDialingCode here: without one, the configuration's first country (the
  // default of the mobile forms and of registration, registration.ts).
  app.post(
    '/wps/member/password/verification',
    { schema: { body: forgotMobileBody }, config: { encrypted: true } },
    async (request) => {
      const body = parseInput(forgotMobileBody, request.body);
      const countryDialingCode =
        body.countryDialingCode ?? deps.config.countries[0]!.countryDialingCode;
      return ok(await resetByMobile(deps, { ...body, countryDialingCode }, request.ip));
    },
  );

  app.get('/wps/agent/affiliate', { schema: { querystring: affiliateQuery } }, async (request) => {
    const { code } = parseInput(affiliateQuery, request.query);
    const rows = await deps.db.query(
      `select 1 from members where upper(affiliate_code) = upper($1) and type in (1, 2, 41, 42) and status = 'active'`,
      [code],
    );
    if (rows.length === 0)
      throw new ApiError(400, 'invitation_code_error', 'Invalid invitation code.');
    return ok(true);
  });
}

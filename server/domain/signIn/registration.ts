import { randomBytes } from 'node:crypto';
import { checkField, lengthText, nicknameProblem } from '../../../src/shared/fieldRules';
import type { LoginResult } from '../../../src/shared/identity';
import { isFeatureEnabled, WhitelabelFlag } from '../../../src/shared/system';
import type { IdentityDeps } from '../identity/services';
import { ApiError } from '../../platform/apiError';
import { reserveRegistration } from '../identity/registrationLimits';
import { findByAccount, findById, phoneTarget } from '../identity/accounts';
import { verifyCaptcha } from '../identity/captcha';
import { startSession } from './login';
import { hashPassword } from '../identity/password';
import { consumeCode } from '../identity/verificationCodes';

export type RegisterTab = 'username' | 'mobile';

/** Fields kept in `profile`: the spec lists them, nothing in the platform reads them yet. */
const profileFields = [
  'qqNum',
  'line',
  'whatsapp',
  'facebook',
  'telegram',
  'zalo',
  'wechat',
  'idNumber',
  'birthday',
  'recommenderId',
  'referralCode',
];

function invalid(field: string, message: string): never {
  throw new ApiError(400, 'field_invalid', `${field}: ${message}`, { field });
}

/** Request fields that are not configured registration fields but belong to the form. */
const FORM_FIELDS = new Set(['confirmPassword', 'verificationCode', 'countryDialingCode']);

/**
 * Refuses what the configuration does not offer (issue 11): a disabled field is not stored
 * without its rules, it is refused; so is a mobile number on the username tab, where nothing
 * verifies it (a number must be proven by its SMS code on the mobile tab before it is bound).
 */
function refuseUnoffered(
  deps: IdentityDeps,
  tab: RegisterTab,
  fields: Record<string, string>,
): void {
  const rules = deps.config.registration.fields;
  const mustHave = mustHaveOf(deps, tab);
  for (const [field, value] of Object.entries(fields)) {
    if (value === '') continue;
    const rule = rules[field];
    const offered =
      field === 'referralCode' ||
      (field !== 'captcha' && rule !== undefined && (rule.enabled || mustHave.has(field))) ||
      FORM_FIELDS.has(field);
    const wrongTab =
      (tab === 'username' && (field === 'mobileNum' || field === 'countryDialingCode')) ||
      (tab === 'mobile' && field === 'username');
    if (!offered || wrongTab) {
      throw new ApiError(
        400,
        'field_not_allowed',
        field === 'mobileNum'
          ? 'mobileNum: register a mobile number on the mobile tab, where its SMS code proves it.'
          : `${field}: this field is not offered.`,
        { field },
      );
    }
  }
  if (fields.referralCode && !/^[A-Za-z0-9_-]{1,32}$/.test(fields.referralCode)) {
    invalid('referralCode', 'pattern (letters, digits, _ or -, 1-32)');
  }
  if (fields.nickname && nicknameProblem(fields.nickname)) {
    throw new ApiError(400, 'nickname_not_allowed', 'nickname: this nickname is not allowed.', {
      field: 'nickname',
    });
  }
}

/** The fields a tab needs whatever the configuration says. */
function mustHaveOf(deps: IdentityDeps, tab: RegisterTab): Set<string> {
  const mustHave = new Set(tab === 'username' ? ['username', 'password'] : ['mobileNum']);
  if (
    tab === 'mobile' &&
    isFeatureEnabled(deps.config.whitelabel, WhitelabelFlag.mobilePasswordRegistration)
  ) {
    mustHave.add('password');
  }
  return mustHave;
}

/**
 * Checks every field with the same rules the page uses (src/shared/fieldRules.ts, rules from
 * config/platform.json) — the browser's checks are a courtesy, these are the rule.
 */
function validate(deps: IdentityDeps, tab: RegisterTab, fields: Record<string, string>): void {
  const rules = deps.config.registration.fields;
  const mustHave = mustHaveOf(deps, tab);
  refuseUnoffered(deps, tab, fields);
  for (const [field, rule] of Object.entries(rules)) {
    // The captcha is checked on its own; the mobile tab has no username (the number is it).
    if (field === 'captcha' || (tab === 'mobile' && field === 'username')) continue;
    if (!rule.enabled && !mustHave.has(field)) continue;
    const problem = checkField(fields[field] ?? '', rule, rule.required || mustHave.has(field));
    if (problem)
      invalid(
        field,
        `${problem.kind} (${rule.patternId}, ${lengthText(rule.minLength, rule.maxLength)})`,
      );
  }
  if (fields.password !== undefined && fields.confirmPassword !== fields.password) {
    invalid('confirmPassword', 'inconsistent twice');
  }
}

async function uplineFor(
  deps: IdentityDeps,
  affiliateCode: string | undefined,
): Promise<string | null> {
  if (!affiliateCode) return null;
  const [agent] = await deps.db.query<{ id: string }>(
    `select id::text from members where upper(affiliate_code) = upper($1) and type in (1, 2, 41, 42) and status = 'active'`,
    [affiliateCode],
  );
  if (!agent) throw new ApiError(400, 'invitation_code_error', 'Invalid invitation code.');
  return agent.id;
}

export async function register(
  deps: IdentityDeps,
  tab: RegisterTab,
  fields: Record<string, string>,
  request: { altcha?: string; captcha?: string; captchaId?: string; ip: string },
): Promise<LoginResult> {
  const { config, db } = deps;
  const flag =
    tab === 'username' ? WhitelabelFlag.usernameRegistration : WhitelabelFlag.mobileRegistration;
  if (!isFeatureEnabled(config.whitelabel, flag))
    throw new ApiError(403, 'forbidden', 'This registration is not offered.');
  validate(deps, tab, fields);
  await deps.identity.human.verify(db, request.altcha);
  if (config.registration.fields.captcha?.enabled)
    await verifyCaptcha(db, request.captchaId, request.captcha);

  const dialing = fields.countryDialingCode ?? config.countries[0]!.countryDialingCode;
  const mobile = fields.mobileNum || null;
  if (
    tab === 'mobile' &&
    isFeatureEnabled(config.whitelabel, WhitelabelFlag.registrationSmsVerification)
  ) {
    await consumeCode(
      db,
      'register',
      phoneTarget(dialing, mobile ?? ''),
      fields.verificationCode ?? '',
    );
  }
  const account = tab === 'username' ? fields.username! : `m${dialing}${mobile}`;
  const mobileTaken = () =>
    new ApiError(409, 'mobile_taken', 'This mobile number is already registered.');
  // On the mobile tab the account name is made of the number: taken means the number is.
  if (await findByAccount(db, account))
    throw tab === 'mobile'
      ? mobileTaken()
      : new ApiError(409, 'username_taken', 'This username is already taken.');
  if (mobile) {
    const taken = await db.query(
      'select 1 from members where country_dialing_code = $1 and mobile_num = $2',
      [dialing, mobile],
    );
    if (taken.length > 0) throw mobileTaken();
  }
  const uplineId = await uplineFor(deps, fields.affiliateCode);
  // The caps per address and per agent, reserved before the account is made; given back if it
  // is not made after all.
  const release = await reserveRegistration(deps.identity.throttles, config.registration.limits, {
    ip: request.ip,
    agentId: uplineId,
  });
  // Mobile registration without a password: the member logs in by SMS code until they set one.
  const password = fields.password || randomBytes(18).toString('base64url');
  const paymentHash = fields.paymentPassword ? await hashPassword(fields.paymentPassword) : null;
  const profile = Object.fromEntries(
    profileFields.filter((f) => fields[f]).map((f) => [f, fields[f]!]),
  );

  let memberId: string;
  try {
    const [row] = await db.query<{ id: string }>(
      `insert into members (account, nickname, password_hash, type, upline_id, mobile_num, country_dialing_code,
         email, payee_name, profile, payment_password_hash, language)
       values ($1, $2, $3, 0, $4, $5, $6, $7, $8, $9, $10, $11) returning id::text`,
      [
        account,
        fields.nickname || account,
        await hashPassword(password),
        uplineId,
        mobile,
        mobile ? dialing : null,
        fields.email || null,
        fields.payeeName || null,
        JSON.stringify(profile),
        paymentHash,
        null,
      ],
    );
    memberId = row!.id;
  } catch (error) {
    await release();
    // Two registrations racing for the same name or number: the unique index decides.
    const { code, constraint } = error as { code?: string; constraint?: string };
    if (code === '23505') {
      if (tab === 'mobile' || constraint === 'members_mobile_key') throw mobileTaken();
      throw new ApiError(409, 'username_taken', 'This username is already taken.');
    }
    throw error;
  }
  const created = await findById(db, memberId);
  return startSession(deps, created!, request.ip, 'username');
}

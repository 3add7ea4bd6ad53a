import type { RegisterDownlineRequest, RegisteredDownline } from '../../../src/shared/agentReports';
import {
  checkField,
  DEFAULT_PASSWORD_RULE,
  type FieldRule,
  lengthText,
  nicknameProblem,
} from '../../../src/shared/fieldRules';
import type { IdentityDeps } from '../identity/services';
import { reserveRegistration } from '../identity/registrationLimits';
import { ApiError } from '../../platform/apiError';
import { findByAccount } from '../identity/accounts';
import { hashPassword } from '../identity/password';

/** The agent type a sub-agent opened in registerCenter gets (spec 3 agent types 1, 2, 41, 42). */
export const SUB_AGENT_TYPE = 2;
const PLAYER_TYPE = 0;
/** Used only when the configuration has no rule for the field. */
const USERNAME_RULE: FieldRule = {
  acceptedPattern: '^[A-Za-z][A-Za-z0-9]*$',
  patternId: 'LETTER_FIRST_ALNUM',
  minLength: 4,
  maxLength: 16,
};
const NICKNAME_RULE: FieldRule = {
  acceptedPattern: '*',
  patternId: 'LENGTH',
  minLength: 1,
  maxLength: 32,
};

function check(field: string, value: string, rule: FieldRule, required: boolean): void {
  const problem = checkField(value, rule, required);
  if (problem) {
    throw new ApiError(
      400,
      'field_invalid',
      `${field}: ${problem.kind} (${rule.patternId}, ${lengthText(rule.minLength, rule.maxLength)})`,
      { field, problem },
    );
  }
}

/**
 * registerCenter (add account): the agent opens a direct downline account. The name and the
 * password follow the registration rules of the configuration (the same checkField the public
 * registration and the page use); the password is hashed as at registration; the upline is the
 * agent. A taken name is a 409, whichever request wins a race (the unique index decides).
 */
export async function registerDownline(
  deps: IdentityDeps,
  agentId: string,
  request: RegisterDownlineRequest,
): Promise<RegisteredDownline> {
  const rules = deps.config.registration.fields;
  check('username', request.username, rules.username ?? USERNAME_RULE, true);
  check('password', request.password, rules.password ?? DEFAULT_PASSWORD_RULE, true);
  if (request.confirmPassword !== request.password) {
    throw new ApiError(400, 'field_invalid', 'confirmPassword: inconsistent twice', {
      field: 'confirmPassword',
      problem: 'inconsistent',
    });
  }
  const nickname = request.nickname?.trim() ?? '';
  check('nickname', nickname, rules.nickname ?? NICKNAME_RULE, false);
  if (nickname && nicknameProblem(nickname)) {
    throw new ApiError(400, 'nickname_not_allowed', 'nickname: this nickname is not allowed.', {
      field: 'nickname',
    });
  }
  if (await findByAccount(deps.db, request.username)) {
    throw new ApiError(409, 'username_taken', 'This username is already taken.');
  }
  const kind = request.kind ?? 'player';
  // The agent's daily cap of new accounts (issue 28, finding 8), reserved before it is made.
  const release = await reserveRegistration(
    deps.identity.throttles,
    deps.config.registration.limits,
    {
      ip: null,
      agentId,
    },
  );
  const passwordHash = await hashPassword(request.password);
  try {
    const [row] = await deps.db.query<{ id: string; account: string }>(
      // The agent chose the password and knows it: it is a default one (spec 4 {secret}), so the
      // member must choose its own at first login.
      `insert into members (account, nickname, password_hash, type, upline_id, affiliate_code,
         password_is_default)
       values ($1, $2, $3, $4, $5,
         -- A sub-agent recruits with its name as affiliate code, unless that code is taken.
         case when $6 and not exists (
           select 1 from members where upper(affiliate_code) = upper($1)) then upper($1) end,
         true)
       returning id::text, account`,
      [
        request.username,
        nickname || request.username,
        passwordHash,
        kind === 'agent' ? SUB_AGENT_TYPE : PLAYER_TYPE,
        agentId,
        kind === 'agent',
      ],
    );
    return { id: row!.id, account: row!.account, kind };
  } catch (error) {
    await release();
    if ((error as { code?: string }).code === '23505') {
      throw new ApiError(409, 'username_taken', 'This username is already taken.');
    }
    throw error;
  }
}

import { randomInt } from 'node:crypto';
import { checkField, DEFAULT_PASSWORD_RULE, type FieldRule } from '../../../src/shared/fieldRules';
import type { Queryable } from '../../db/types';
import { DEMO_PASSWORD } from './demoPassword';
import { ApiError } from '../../platform/apiError';
import { hashPassword, verifyPassword } from './password';
import { revokeMemberSessions } from './sessions';
import type { Platform } from '../../platform/platform';
import { commit } from '../../platform/unitOfWork';

/**
 * The operator's hold on a member's login (`npm run ops -- member password|enable|disable`):
 * a disabled member cannot log in (login answers `account_disabled`) and none of its sessions
 * is accepted; its money, history and withdrawals already asked for stay as they are (the
 * withdrawal lifecycle goes on without the member). A production start disables the demo
 * members still on the published demo password (server/seed/demoInProduction.ts).
 */

interface MemberRow {
  id: string;
  account: string;
  status: 'active' | 'disabled';
  password_hash: string;
}

async function memberByAccount(tx: Queryable, account: string): Promise<MemberRow> {
  const [row] = await tx.query<MemberRow>(
    `select id::text, account, status, password_hash from members
     where lower(account) = lower($1) and kind = 'member' for update`,
    [account.trim()],
  );
  if (!row) throw new ApiError(404, 'not_found', `No member ${account}.`);
  return row;
}

const ALPHABET = 'abcdefghijkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/**
 * A generated password the member's password rule accepts (the operator's configuration may be
 * stricter or shorter than the default): letters and digits only, as long as the rule allows up
 * to 16, never chosen by a person. The member is asked to change it at the next login.
 */
export function generateMemberPassword(rule: FieldRule = DEFAULT_PASSWORD_RULE): string {
  const length = Math.max(rule.minLength, Math.min(16, rule.maxLength));
  for (let attempt = 0; attempt < 100; attempt += 1) {
    const password = Array.from({ length }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
    if (checkField(password, rule, true) === null) return password;
  }
  throw new ApiError(
    500,
    'password_rule_unsatisfiable',
    `No generated password of letters and digits fits the password rule (${rule.patternId}).`,
  );
}

/**
 * A new generated password for a member (shown once to the operator); every session of the
 * member ends. The member must change it at the next login (it counts as a default password).
 * The account's status does not change: `enable` is a step of its own.
 */
export async function resetMemberPassword(
  deps: Platform,
  account: string,
  rule: FieldRule = DEFAULT_PASSWORD_RULE,
): Promise<{ account: string; status: string; password: string; endedSessions: string[] }> {
  const password = generateMemberPassword(rule);
  const hash = await hashPassword(password);
  return commit(deps, async (work) => {
    const row = await memberByAccount(work.tx, account);
    await work.tx.query(
      `update members set password_hash = $2, password_is_default = true,
         password_changed_at = now() where id = $1`,
      [row.id, hash],
    );
    const endedSessions = await revokeMemberSessions(work.tx, row.id, 'password_reset');
    work.changed('sessionsEnded', { sessionIds: endedSessions, reason: 'password_reset' });
    return { account: row.account, status: row.status, password, endedSessions };
  });
}

/**
 * Disables (every session ends) or enables a member. Enabling refuses a member whose password
 * is still the published demo password: `member password <account>` first.
 */
export async function setMemberStatus(
  deps: Platform,
  account: string,
  status: 'active' | 'disabled',
): Promise<{ account: string; status: string; endedSessions: string[] }> {
  return commit(deps, async (work) => {
    const { tx } = work;
    const row = await memberByAccount(tx, account);
    if (status === 'active' && (await verifyPassword(DEMO_PASSWORD, row.password_hash))) {
      throw new ApiError(
        409,
        'demo_password',
        `${row.account} still has the published demo password: give it a new one first ` +
          `(npm run ops -- member password ${row.account}).`,
      );
    }
    await tx.query('update members set status = $2 where id = $1', [row.id, status]);
    const endedSessions =
      status === 'disabled' ? await revokeMemberSessions(tx, row.id, 'disabled') : [];
    work.changed('sessionsEnded', { sessionIds: endedSessions, reason: 'disabled' });
    return { account: row.account, status, endedSessions };
  });
}

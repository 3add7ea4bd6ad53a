import type { Queryable } from '../../db/types';

export interface AccountRow {
  id: string;
  account: string;
  nickname: string;
  type: number;
  kind: 'member' | 'system';
  status: 'active' | 'disabled';
  password_hash: string;
  password_is_default: boolean;
  password_changed_at: Date;
  last_login_at: Date | null;
  mobile_num: string | null;
  country_dialing_code: string | null;
  email: string | null;
  language: string | null;
  avatar: string | null;
}

const columns = `id::text, account, nickname, type, kind, status, password_hash, password_is_default,
  password_changed_at, last_login_at, mobile_num, country_dialing_code, email, language, avatar`;

export async function findByAccount(db: Queryable, account: string): Promise<AccountRow | null> {
  const [row] = await db.query<AccountRow>(
    `select ${columns} from members where lower(account) = lower($1)`,
    [account],
  );
  return row ? { ...row, type: Number(row.type) } : null;
}

export async function findByMobile(
  db: Queryable,
  dialingCode: string,
  mobile: string,
): Promise<AccountRow | null> {
  const [row] = await db.query<AccountRow>(
    `select ${columns} from members where country_dialing_code = $1 and mobile_num = $2`,
    [dialingCode, mobile],
  );
  return row ? { ...row, type: Number(row.type) } : null;
}

export async function findById(db: Queryable, id: string): Promise<AccountRow | null> {
  const [row] = await db.query<AccountRow>(`select ${columns} from members where id = $1`, [id]);
  return row ? { ...row, type: Number(row.type) } : null;
}

export async function setPassword(
  db: Queryable,
  memberId: string,
  hash: string,
  isDefault: boolean,
): Promise<void> {
  await db.query(
    `update members set password_hash = $2, password_is_default = $3, password_changed_at = now() where id = $1`,
    [memberId, hash, isDefault],
  );
}

/** The phone number as SMS codes are keyed and sent: "+<dialing code><number>". */
export const phoneTarget = (dialingCode: string, mobile: string): string =>
  `+${dialingCode}${mobile}`;

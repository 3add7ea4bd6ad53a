import {
  MEMBER_LEDGER_LIMIT,
  MEMBER_LIST_LIMIT,
  MEMBER_SEARCH_LIMIT,
  maskAddress,
  maskDevice,
  maskEmail,
  maskMobile,
  type MemberKind,
  type OpsLedgerLine,
  type OpsMemberDetail,
  type OpsMemberNote,
  type OpsMemberRow,
} from '../../../src/shared/backOfficeMembers';
import { isAgentType, isTrialType } from '../../../src/shared/identity';
import { toMoneyString } from '../../../src/shared/money';
import type { Queryable } from '../../db/types';
import { ApiError } from '../../platform/apiError';

/**
 * Members as the back office reads them (issue 30): a search by account, mobile, e-mail or
 * agent; one member's wallets, recent ledger, sessions, addresses, devices and staff notes; and
 * a note appended. Reads only (but the note), each answer bounded. `masked` hides contact
 * details, addresses and devices from a role that reads members without acting on them.
 */

interface MemberSqlRow {
  id: string;
  account: string;
  nickname: string;
  type: number;
  status: 'active' | 'disabled';
  agent: string | null;
  mobile_num: string | null;
  country_dialing_code: string | null;
  email: string | null;
  created_at: Date;
  last_login_at: Date | null;
  balance: string;
  language: string | null;
  password_is_default: boolean;
}

const MEMBER_SELECT = `select m.id::text, m.account, m.nickname, m.type, m.status,
    up.account as agent, m.mobile_num, m.country_dialing_code, m.email, m.created_at,
    m.last_login_at, m.language, m.password_is_default,
    coalesce((select sum(a.balance) from ledger_accounts a where a.member_id = m.id), 0)::text
      as balance
  from members m left join members up on up.id = m.upline_id`;

const kindOf = (type: number): MemberKind =>
  isAgentType(type) ? 'agent' : isTrialType(type) ? 'trial' : 'player';

function toRow(row: MemberSqlRow, masked: boolean): OpsMemberRow {
  const mobile = row.mobile_num
    ? `${row.country_dialing_code ? `+${row.country_dialing_code} ` : ''}${
        masked ? maskMobile(row.mobile_num) : row.mobile_num
      }`
    : null;
  return {
    account: row.account,
    nickname: row.nickname,
    kind: kindOf(row.type),
    status: row.status,
    agent: row.agent,
    mobile,
    email: row.email ? (masked ? maskEmail(row.email) : row.email) : null,
    createdAt: new Date(row.created_at).toISOString(),
    lastLoginAt: row.last_login_at ? new Date(row.last_login_at).toISOString() : null,
    balance: toMoneyString(BigInt(row.balance)),
  };
}

/** LIKE's own characters in a caller's text, escaped (`\` is the default escape). */
const likeText = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * Members whose account or e-mail starts with `query`, whose mobile number contains its digits,
 * or whose agent is the account `query` — newest first, at most MEMBER_SEARCH_LIMIT.
 */
export async function searchMembers(
  db: Queryable,
  query: string,
  masked: boolean,
): Promise<OpsMemberRow[]> {
  const text = query.trim().toLowerCase();
  const digits = text.replace(/\D/g, '');
  const rows = await db.query<MemberSqlRow>(
    `${MEMBER_SELECT}
     where m.kind = 'member' and (
       lower(m.account) like $1 || '%'
       or lower(m.email) like $1 || '%'
       or ($2 <> '' and m.mobile_num like '%' || $2 || '%')
       or lower(up.account) = $3)
     order by m.id desc limit ${MEMBER_SEARCH_LIMIT}`,
    [likeText(text), digits.length >= 4 ? digits : '', text],
  );
  return rows.map((row) => toRow(row, masked));
}

async function memberRow(db: Queryable, account: string): Promise<MemberSqlRow> {
  const [row] = await db.query<MemberSqlRow>(
    `${MEMBER_SELECT} where lower(m.account) = lower($1) and m.kind = 'member'`,
    [account],
  );
  if (!row) throw new ApiError(404, 'member_not_found', `No member ${account}.`);
  return row;
}

const walletName = (kind: string, name: string) => (kind === 'vendor' ? `vendor:${name}` : kind);

/** The member's last postings on any of its wallets, newest first. */
export async function memberLedger(
  db: Queryable,
  account: string,
  limit = MEMBER_LEDGER_LIMIT,
): Promise<OpsLedgerLine[]> {
  const member = await memberRow(db, account);
  return ledgerOf(db, member.id, Math.min(limit, MEMBER_LEDGER_LIMIT));
}

async function ledgerOf(db: Queryable, memberId: string, limit: number): Promise<OpsLedgerLine[]> {
  const rows = await db.query<{
    id: string;
    created_at: Date;
    kind: string;
    account_kind: string;
    account_name: string;
    amount: string;
    balance_after: string;
  }>(
    `select e.id::text, e.created_at, t.kind, a.kind as account_kind, a.name as account_name,
            e.amount::text, e.balance_after::text
     from ledger_accounts a
     join ledger_entries e on e.account_id = a.id
     join ledger_transactions t on t.id = e.transaction_id
     where a.member_id = $1
     order by e.id desc limit $2`,
    [memberId, limit],
  );
  return rows.map((row) => ({
    id: row.id,
    at: new Date(row.created_at).toISOString(),
    kind: row.kind,
    wallet: walletName(row.account_kind, row.account_name),
    amount: toMoneyString(BigInt(row.amount)),
    balanceAfter: toMoneyString(BigInt(row.balance_after)),
  }));
}

async function notesOf(db: Queryable, memberId: string): Promise<OpsMemberNote[]> {
  const rows = await db.query<{ id: string; body: string; written_by: string; created_at: Date }>(
    `select id::text, body, written_by, created_at from member_notes
     where member_id = $1 order by id desc limit ${MEMBER_LIST_LIMIT}`,
    [memberId],
  );
  return rows.map((row) => ({
    id: row.id,
    body: row.body,
    by: row.written_by,
    at: new Date(row.created_at).toISOString(),
  }));
}

/** Everything the members page shows of one member. */
export async function memberDetail(
  db: Queryable,
  account: string,
  masked: boolean,
  now: Date,
): Promise<OpsMemberDetail> {
  const row = await memberRow(db, account);
  const [wallets, ledger, sessions, addresses, devices, notes] = await Promise.all([
    db.query<{ kind: string; name: string; balance: string }>(
      `select kind, name, balance::text from ledger_accounts where member_id = $1
       order by case kind when 'main' then 0 when 'bonus' then 1 else 2 end, name`,
      [row.id],
    ),
    ledgerOf(db, row.id, 20),
    db.query<{
      created_at: Date;
      expires_at: Date;
      revoked_at: Date | null;
      revoke_reason: string | null;
    }>(
      `select created_at, expires_at, revoked_at, revoke_reason from sessions
       where member_id = $1 order by id desc limit ${MEMBER_LIST_LIMIT}`,
      [row.id],
    ),
    db.query<{ ip: string; first_seen_at: Date }>(
      `select ip, first_seen_at from member_known_ips where member_id = $1
       order by first_seen_at desc limit ${MEMBER_LIST_LIMIT}`,
      [row.id],
    ),
    db.query<{ device: string; first_seen_at: Date }>(
      `select device, first_seen_at from member_devices where member_id = $1
       order by first_seen_at desc limit ${MEMBER_LIST_LIMIT}`,
      [row.id],
    ),
    notesOf(db, row.id),
  ]);
  return {
    member: {
      ...toRow(row, masked),
      language: row.language,
      passwordIsDefault: row.password_is_default,
    },
    wallets: wallets.map((wallet) => ({
      wallet: walletName(wallet.kind, wallet.name),
      balance: toMoneyString(BigInt(wallet.balance)),
    })),
    ledger,
    sessions: sessions.map((session) => ({
      createdAt: new Date(session.created_at).toISOString(),
      expiresAt: new Date(session.expires_at).toISOString(),
      revokedAt: session.revoked_at ? new Date(session.revoked_at).toISOString() : null,
      revokeReason: session.revoke_reason,
      live: !session.revoked_at && new Date(session.expires_at) > now,
    })),
    addresses: addresses.map((address) => ({
      ip: masked ? maskAddress(address.ip) : address.ip,
      firstSeenAt: new Date(address.first_seen_at).toISOString(),
    })),
    devices: devices.map((device) => ({
      device: masked ? maskDevice(device.device) : device.device,
      firstSeenAt: new Date(device.first_seen_at).toISOString(),
    })),
    notes,
    masked,
  };
}

/** A staff note appended to the member's file (never edited: a correction is a new note). */
export async function addMemberNote(
  db: Queryable,
  account: string,
  body: string,
  by: string,
): Promise<OpsMemberNote> {
  const row = await memberRow(db, account);
  const [note] = await db.query<{ id: string; created_at: Date }>(
    `insert into member_notes (member_id, body, written_by) values ($1, $2, $3)
     returning id::text, created_at`,
    [row.id, body, by],
  );
  return { id: note!.id, body, by, at: new Date(note!.created_at).toISOString() };
}

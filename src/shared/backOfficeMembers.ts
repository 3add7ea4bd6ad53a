/**
 * The back office's members page and the withdrawals queue's ledger (issue 30): what the server
 * answers. Contact details, addresses and devices come masked to a role that only reads
 * members (support); risk, who acts on members, and the command line see them whole.
 */

export type MemberKind = 'player' | 'agent' | 'trial';

/** One member in a search's answer. */
export interface OpsMemberRow {
  account: string;
  nickname: string;
  kind: MemberKind;
  status: 'active' | 'disabled';
  /** The agent directly above, if any. */
  agent: string | null;
  mobile: string | null;
  email: string | null;
  createdAt: string;
  lastLoginAt: string | null;
  /** Main wallet plus bonus balance plus game wallets, as a money string. */
  balance: string;
}

/** One posting on one of the member's wallets, newest first. */
export interface OpsLedgerLine {
  id: string;
  at: string;
  /** The posting's kind (server/domain/ledger/kinds.ts): deposit, bet, win, bonus, … */
  kind: string;
  /** `main`, `bonus` or `vendor:<code>`. */
  wallet: string;
  /** Signed: what came in (positive) or went out (negative). */
  amount: string;
  balanceAfter: string;
}

export interface OpsMemberSession {
  createdAt: string;
  expiresAt: string;
  revokedAt: string | null;
  revokeReason: string | null;
  live: boolean;
}

export interface OpsMemberNote {
  id: string;
  body: string;
  by: string;
  at: string;
}

export interface OpsMemberDetail {
  member: OpsMemberRow & { language: string | null; passwordIsDefault: boolean };
  wallets: { wallet: string; balance: string }[];
  ledger: OpsLedgerLine[];
  sessions: OpsMemberSession[];
  addresses: { ip: string; firstSeenAt: string }[];
  devices: { device: string; firstSeenAt: string }[];
  notes: OpsMemberNote[];
  /** True when contact details, addresses and devices were masked for the caller's role. */
  masked: boolean;
}

/** How many rows a search, a ledger or a list of sessions answers at most. */
export const MEMBER_SEARCH_LIMIT = 50;
export const MEMBER_LEDGER_LIMIT = 100;
export const MEMBER_LIST_LIMIT = 20;
export const MEMBER_NOTE_MAX = 1000;

/** "13800138000" → "*******8000": the last four digits, enough to match what a caller says. */
export function maskMobile(mobile: string): string {
  return mobile.length <= 4 ? '****' : `${'*'.repeat(mobile.length - 4)}${mobile.slice(-4)}`;
}

/** "alice@example.com" → "a***@example.com". */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at <= 0) return '***';
  return `${email[0]}***${email.slice(at)}`;
}

/** "203.0.113.7" → "203.0.113.*"; an IPv6 address keeps its first two groups. */
export function maskAddress(ip: string): string {
  if (ip.includes('.') && !ip.includes(':')) return ip.replace(/\.\d+$/, '.*');
  const v4 = /^::ffff:(\d+\.\d+\.\d+)\.\d+$/i.exec(ip);
  if (v4) return `::ffff:${v4[1]}.*`;
  return `${ip.split(':').slice(0, 2).join(':')}:*`;
}

/** A device's random id, cut to its first six characters. */
export function maskDevice(device: string): string {
  return `${device.slice(0, 6)}…`;
}

/** GET /ops/rg/:account as the members page reads it (server/domain/responsibleGaming/views.ts). */
export interface OpsRgView {
  account: string;
  excluded: { kind: string; startedAt: string; endsAt: string | null } | null;
  limits: {
    kind: string;
    period: string;
    limit: string | null;
    used: string;
  }[];
  sessionLimit: number | null;
  realityCheckMinutes: number | null;
  history: { at: string; actor: string; subject: string; old: string | null; new: string | null }[];
}

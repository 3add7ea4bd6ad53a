import { createHash } from 'node:crypto';
import { toCsv } from '../../../src/shared/csv';
import type { AuditEntry, AuditVerdict, StaffRole } from '../../../src/shared/staffRoles';
import { ChainLock } from '../../db/locks';
import type { Database, Queryable } from '../../db/types';

/**
 * The audit trail of staff actions (issue 30): appended one row at a time, each row's hash
 * covering the row and the previous row's hash, so `verifyAudit` finds a row changed, removed
 * or slipped in, even by someone who got past the table's append-only triggers.
 */

/** The chain's first link. */
export const GENESIS = '0'.repeat(64);

/** What an action appends: an entry without the chain's fields, which are added here. */
export type AuditRecord = Omit<AuditEntry, 'seq' | 'at' | 'hash' | 'roles'> & {
  roles: readonly StaffRole[];
};

/** JSON with every object's keys sorted: the same value hashes the same after jsonb stored it. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, item]) => item !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonicalJson(item)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

function rowHash(prevHash: string, seq: string, at: string, record: AuditRecord): string {
  const body = canonicalJson({
    seq,
    at,
    actor: record.actor,
    roles: [...record.roles],
    address: record.address,
    action: record.action,
    target: record.target,
    detail: record.detail,
    outcome: record.outcome,
    reason: record.reason,
  });
  return createHash('sha256').update(`${prevHash}\n${body}`).digest('hex');
}

/** Keys whose values never reach the trail (a password typed, a generated one answered). */
const SECRET = /pass(word)?|secret|token|otp|recovery/i;

/** The value with every secret replaced, and long text cut: what the trail keeps. */
export function redact(value: unknown, depth = 0): unknown {
  if (depth > 6) return '…';
  if (Array.isArray(value)) return value.slice(0, 50).map((item) => redact(item, depth + 1));
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>).map(([key, item]) => [
        key,
        SECRET.test(key) ? '[removed]' : redact(item, depth + 1),
      ]),
    );
  }
  if (typeof value === 'string' && value.length > 2000) return `${value.slice(0, 2000)}…`;
  return value;
}

/**
 * The outcome code of the row written as a write starts (server/http/ops/access.ts); its outcome
 * row follows with `target.intent` = its seq. A started row with no outcome row means the
 * process stopped mid-action: what it did must be checked against the books.
 */
export const AUDIT_STARTED = 'started';

/**
 * Appends one row, in a transaction of its own or the caller's: the chain's lock makes appends
 * from every process one at a time, so each row links to the one before it.
 */
export async function appendAudit(db: Database, record: AuditRecord): Promise<AuditEntry> {
  return db.transaction((tx) => appendAuditWithin(tx, record));
}

export async function appendAuditWithin(tx: Queryable, record: AuditRecord): Promise<AuditEntry> {
  await tx.query('select pg_advisory_xact_lock($1)', [ChainLock.staffAudit]);
  const [last] = await tx.query<{ seq: string; hash: string }>(
    'select seq::text, hash from staff_audit order by staff_audit.seq desc limit 1',
  );
  const seq = String(BigInt(last?.seq ?? '0') + 1n);
  const prevHash = last?.hash ?? GENESIS;
  const at = new Date().toISOString();
  const hash = rowHash(prevHash, seq, at, record);
  await tx.query(
    `insert into staff_audit (seq, at, actor, roles, address, action, target, detail, outcome,
       reason, prev_hash, hash)
     values ($1, $2, $3, $4::text[], $5, $6, $7::jsonb, $8::jsonb, $9::jsonb, $10, $11, $12)`,
    [
      seq,
      at,
      record.actor,
      `{${record.roles.join(',')}}`,
      record.address,
      record.action,
      JSON.stringify(record.target),
      JSON.stringify(record.detail ?? null),
      JSON.stringify(record.outcome),
      record.reason,
      prevHash,
      hash,
    ],
  );
  return { seq, at, ...record, roles: [...record.roles], hash };
}

interface AuditRow {
  seq: string;
  at: Date | string;
  actor: string;
  roles: StaffRole[];
  address: string | null;
  action: string;
  target: Record<string, string>;
  detail: unknown;
  outcome: AuditEntry['outcome'];
  reason: string | null;
  prev_hash: string;
  hash: string;
}

const COLUMNS = `seq::text, at, actor, roles, address, action, target, detail, outcome, reason,
  prev_hash, hash`;

const toEntry = (row: AuditRow): AuditEntry => ({
  seq: row.seq,
  at: new Date(row.at).toISOString(),
  actor: row.actor,
  roles: row.roles,
  address: row.address,
  action: row.action,
  target: row.target,
  detail: row.detail,
  outcome: row.outcome,
  reason: row.reason,
  hash: row.hash,
});

/**
 * Walks the whole chain in order, a page at a time: every row's `seq` follows the one before,
 * its `prev_hash` is that row's hash, and its hash is its own content's. The first row that
 * breaks any of the three is answered.
 */
export async function verifyAudit(db: Queryable, pageSize = 1000): Promise<AuditVerdict> {
  let previous = { seq: 0n, hash: GENESIS };
  let rows = 0;
  for (;;) {
    const page = await db.query<AuditRow>(
      `select ${COLUMNS} from staff_audit where seq > $1 order by staff_audit.seq limit $2`,
      [previous.seq.toString(), pageSize],
    );
    for (const row of page) {
      rows += 1;
      const entry = toEntry(row);
      const broken = (problem: string): AuditVerdict => ({
        rows,
        intact: false,
        broken: { seq: row.seq, problem },
        lastHash: previous.hash === GENESIS ? null : previous.hash,
      });
      if (BigInt(row.seq) !== previous.seq + 1n) {
        return broken(`row ${previous.seq + 1n} is missing (the next is ${row.seq})`);
      }
      if (row.prev_hash !== previous.hash) {
        return broken('its link to the row before does not match that row');
      }
      if (rowHash(row.prev_hash, row.seq, entry.at, entry) !== row.hash) {
        return broken('its content does not match its hash (the row was changed)');
      }
      previous = { seq: BigInt(row.seq), hash: row.hash };
    }
    if (page.length < pageSize) break;
  }
  return {
    rows,
    intact: true,
    broken: null,
    lastHash: previous.hash === GENESIS ? null : previous.hash,
  };
}

export interface AuditQuery {
  actor?: string;
  action?: string;
  /** Text anywhere in the target, the detail or the reason. */
  text?: string;
  from?: string;
  to?: string;
  /** Rows before this seq (the next page of a newest-first list). */
  before?: string;
  /**
   * Every row as stored. Without it a write's `started` row is left out once its outcome row
   * is there (that row says all it says, and more); a `started` row with no outcome stays.
   */
  raw?: boolean;
  limit: number;
}

/** The trail newest first, filtered; `next` is the `before` of the following page. */
export async function listAudit(
  db: Queryable,
  query: AuditQuery,
): Promise<{ entries: AuditEntry[]; next: string | null }> {
  const rows = await db.query<AuditRow>(
    `select ${COLUMNS} from staff_audit
     where ($1::text is null or actor = $1)
       and ($2::text is null or action = $2 or action like $2 || '.%')
       and ($3::text is null or (target::text || detail::text || coalesce(reason, ''))
         ilike '%' || $3 || '%')
       and ($4::timestamptz is null or at >= $4)
       and ($5::timestamptz is null or at < $5)
       and ($6::bigint is null or seq < $6)
       and ($8 or outcome ->> 'code' is distinct from '${AUDIT_STARTED}'
         or not exists (select 1 from staff_audit done
                        where done.target ->> 'intent' = staff_audit.seq::text))
     order by staff_audit.seq desc limit $7`,
    [
      query.actor ?? null,
      query.action ?? null,
      query.text ?? null,
      query.from ?? null,
      query.to ?? null,
      query.before ?? null,
      query.limit + 1,
      query.raw === true,
    ],
  );
  const entries = rows.slice(0, query.limit).map(toEntry);
  return {
    entries,
    next: rows.length > query.limit ? (entries.at(-1)?.seq ?? null) : null,
  };
}

/** The filtered trail as CSV (oldest first within the rows asked for), for a regulator. */
export async function auditCsv(db: Queryable, query: Omit<AuditQuery, 'limit'>): Promise<string> {
  const rows: AuditEntry[] = [];
  let before = query.before;
  for (;;) {
    const page = await listAudit(db, { ...query, before, raw: true, limit: 1000 });
    rows.push(...page.entries);
    if (!page.next || rows.length >= 100_000) break;
    before = page.next;
  }
  rows.reverse();
  return toCsv([
    [
      'seq',
      'at',
      'actor',
      'roles',
      'address',
      'action',
      'target',
      'status',
      'code',
      'reason',
      'detail',
      'hash',
    ],
    ...rows.map((entry) => [
      entry.seq,
      entry.at,
      entry.actor,
      entry.roles.join(' '),
      entry.address,
      entry.action,
      canonicalJson(entry.target),
      entry.outcome.status,
      entry.outcome.code ?? '',
      entry.reason,
      canonicalJson(entry.detail),
      entry.hash,
    ]),
  ]);
}

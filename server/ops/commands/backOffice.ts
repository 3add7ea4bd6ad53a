import { writeFile } from 'node:fs/promises';
import type { AuditEntry, AuditVerdict } from '../../../src/shared/staffRoles';
import type { ApprovalView } from '../../../src/shared/backOffice';
import type { CommandGroup } from './args';
import { call, callText, isoOption } from './client';

/** The trail's filters from the options, as a query string. */
function auditQuery(values: Record<string, unknown>, limit?: string): string {
  const query = new URLSearchParams();
  for (const key of ['actor', 'action', 'text'] as const) {
    const value = values[key];
    if (typeof value === 'string') query.set(key, value);
  }
  const from = isoOption('from', values.from as string | undefined);
  const to = isoOption('to', values.to as string | undefined);
  if (from) query.set('from', from);
  if (to) query.set('to', to);
  if (limit) query.set('limit', limit);
  const text = query.toString();
  return text ? `?${text}` : '';
}

const line = (entry: AuditEntry) =>
  [
    `#${entry.seq}`,
    entry.at,
    entry.actor,
    entry.action,
    Object.entries(entry.target)
      .map(([key, value]) => `${key}=${value}`)
      .join(' '),
    entry.outcome.code ? `${entry.outcome.status} ${entry.outcome.code}` : entry.outcome.status,
    entry.reason ? `"${entry.reason}"` : '',
  ]
    .filter((part) => part !== '')
    .join('  ');

/**
 * Staff roles and the audit trail (issue 30): `staff roles <name> <role,role> --reason <text>`,
 * `audit list [--actor staff:mai] [--action withdrawals] [--text player1] [--from <iso>]
 * [--to <iso>] [--limit 50]`, `audit export --file audit.csv` (the same filters) and `audit
 * verify` (exit 1 when the chain is broken).
 */
export const backOfficeCommands: CommandGroup = async ({
  command,
  action,
  extra,
  more,
  values,
}) => {
  if (command === 'staff' && action === 'roles' && extra && more.length === 1) {
    if (!values.reason) throw new Error('staff roles needs --reason <text>');
    const path = `/ops/staff/${encodeURIComponent(extra)}/roles`;
    const body = { roles: more[0]!.split(','), reason: values.reason };
    const changed = (await call('POST', body, path)) as {
      staff: { name: string; roles: string[] };
      before: string[];
    };
    return `${changed.staff.name}: ${changed.before.join(',')} → ${changed.staff.roles.join(',')} (every session of the account was ended)`;
  }
  if (command === 'staff' && action === 'reset-2fa' && extra && more.length === 0) {
    if (!values.reason) throw new Error('staff reset-2fa needs --reason <text>');
    const path = `/ops/staff/${encodeURIComponent(extra)}/two-factor/reset`;
    const reset = (await call('POST', { reason: values.reason }, path)) as {
      staff: { name: string };
      endedSessions: number;
    };
    return `${reset.staff.name}: two-factor sign-in is off until set up again (${reset.endedSessions} sessions ended)`;
  }
  // Four-eyes: what waits for a second person, and the decision (the command line counts as
  // `cli:<user>`: another user than the one who asked).
  if (command === 'approvals' && !action) {
    const status = values.status ?? 'pending';
    const list = (await call(
      'GET',
      undefined,
      `/ops/approvals?status=${encodeURIComponent(status)}`,
    )) as ApprovalView[];
    if (!list.length) return `No ${status} approvals.`;
    return list
      .map(
        (entry) =>
          `#${entry.id}  ${entry.action}  ${entry.amount} (above ${entry.threshold})  asked by ${entry.requestedBy}  ${entry.status}${entry.decidedBy ? ` by ${entry.decidedBy}` : ''}`,
      )
      .join('\n');
  }
  if ((command === 'approve' || command === 'reject') && action && !extra) {
    if (command === 'reject' && !values.reason) throw new Error('reject needs --reason <text>');
    const decided = (await call(
      'POST',
      values.reason ? { reason: values.reason } : {},
      `/ops/approvals/${encodeURIComponent(action)}/${command}`,
    )) as ApprovalView;
    const ran = decided.outcome as { ok?: boolean; code?: string } | null;
    return `#${decided.id} ${decided.status}${ran && !ran.ok ? ` (the action answered ${ran.code})` : ''}`;
  }
  if (command === 'audit' && action === 'list' && !extra) {
    const page = (await call(
      'GET',
      undefined,
      `/ops/audit${auditQuery(values, values.limit)}`,
    )) as { entries: AuditEntry[] };
    return page.entries.length ? page.entries.map(line).join('\n') : 'No audit entries match.';
  }
  if (command === 'audit' && action === 'export' && !extra) {
    if (!values.file) throw new Error('audit export needs --file <path.csv>');
    const csv = await callText(`/ops/audit.csv${auditQuery(values)}`);
    await writeFile(values.file, csv);
    return `Wrote ${csv.split('\r\n').length - 2} rows to ${values.file}`;
  }
  if (command === 'audit' && action === 'verify' && !extra) {
    const verdict = (await call('GET', undefined, '/ops/audit/verify')) as AuditVerdict;
    if (verdict.intact) {
      return `The audit trail is intact: ${verdict.rows} rows; last hash ${verdict.lastHash ?? 'none'}.`;
    }
    const error = new Error(
      `The audit trail is BROKEN at row ${verdict.broken?.seq}: ${verdict.broken?.problem} (${verdict.rows} rows read).`,
    );
    throw error;
  }
  return undefined;
};

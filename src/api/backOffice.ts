import type { ApprovalView, TwoFactorSetup } from '../shared/backOffice';
import type { StaffMe } from '../shared/chat';
import type { AuditEntry, AuditVerdict } from '../shared/staffRoles';
import { fetchFile } from './fetchFile';
import type { Http } from './http';

/** The audit trail's filters, as the back office's search form sends them. */
export interface AuditFilters {
  actor?: string;
  action?: string;
  text?: string;
}

const query = (filters: AuditFilters): Record<string, string> =>
  Object.fromEntries(
    Object.entries(filters).filter(
      (entry): entry is [string, string] => typeof entry[1] === 'string' && entry[1] !== '',
    ),
  );

/**
 * The operator's back office calls (issue 30), with a staff session's token (the support
 * console's login): the signed-in staff member, two-factor set-up, the four-eyes queue and the
 * audit trail.
 */
export function createBackOfficeApi(http: Http, token: () => string | null) {
  return {
    me(signal?: AbortSignal): Promise<StaffMe> {
      return http.get('/wps/support/me', { signal });
    },
    /** Ends the staff session (the support console's too: it is one session). */
    logout(): Promise<null> {
      return http.delete('/wps/support/session');
    },
    setupTwoFactor(): Promise<TwoFactorSetup> {
      return http.post('/wps/support/two-factor/setup', {});
    },
    confirmTwoFactor(code: string): Promise<{ recoveryCodes: string[] }> {
      return http.post('/wps/support/two-factor/confirm', { code });
    },
    approvals(signal?: AbortSignal): Promise<ApprovalView[]> {
      return http.get('/ops/approvals', { searchParams: { status: 'pending' }, signal });
    },
    decide(id: string, decision: 'approve' | 'reject', reason?: string): Promise<ApprovalView> {
      return http.post(
        `/ops/approvals/${encodeURIComponent(id)}/${decision}`,
        reason ? { reason } : {},
      );
    },
    audit(
      filters: AuditFilters,
      signal?: AbortSignal,
    ): Promise<{ entries: AuditEntry[]; next: string | null }> {
      return http.get('/ops/audit', { searchParams: { ...query(filters), limit: 100 }, signal });
    },
    verify(): Promise<AuditVerdict> {
      return http.get('/ops/audit/verify');
    },
    /** The filtered trail as a CSV file (its own fetch: the answer is a file, not an envelope). */
    exportCsv(filters: AuditFilters): Promise<Blob> {
      const search = new URLSearchParams(query(filters)).toString();
      return fetchFile(`/ops/audit.csv${search ? `?${search}` : ''}`, {
        authorization: `Bearer ${token() ?? ''}`,
      });
    },
  };
}

export type BackOfficeApi = ReturnType<typeof createBackOfficeApi>;

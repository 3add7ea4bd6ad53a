/**
 * The operator's staff roles (issue 30), least privilege: each back-office action names the
 * roles that may take it (server/domain/backOffice/actions.ts), and a staff account holds one or
 * more roles. None includes another: an admin manages staff and settings, not money.
 */
export const STAFF_ROLES = ['admin', 'finance', 'marketing', 'risk', 'support'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

export const isStaffRole = (value: string): value is StaffRole =>
  (STAFF_ROLES as readonly string[]).includes(value);

/** One row of the audit trail, as the back office and `npm run ops -- audit` show it. */
export interface AuditEntry {
  seq: string;
  at: string;
  /** `staff:<name>` or `cli:<user>`. */
  actor: string;
  roles: StaffRole[];
  address: string | null;
  action: string;
  target: Record<string, string>;
  detail: unknown;
  /**
   * The answer (`result`: the after), and for a write that changes a stored thing its state just
   * before (`before`, server/http/ops/beforeStates.ts).
   */
  outcome: { status: number; code?: string; result?: unknown; before?: unknown };
  reason: string | null;
  hash: string;
}

/** What `audit verify` answers: the rows checked, and the first that breaks the chain. */
export interface AuditVerdict {
  rows: number;
  intact: boolean;
  /** The first row whose hash or link does not match, and why. */
  broken: { seq: string; problem: string } | null;
  lastHash: string | null;
}

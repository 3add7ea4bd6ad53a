import type { StaffRole } from '../../../src/shared/staffRoles';
import type { FourEyesKind } from './approvals';

/** A back-office call's entry (./actions.ts): its name in the audit trail and who may make it. */
export interface OpsAction {
  /** The action's name in the audit trail (`withdrawals.decide`). */
  action: string;
  roles: readonly StaffRole[];
  /** A read the audit trail does not record (polled status). Every other call is recorded. */
  unaudited?: true;
  /** Above its configured amount the action waits for a second staff member (four-eyes). */
  fourEyes?: FourEyesKind;
}

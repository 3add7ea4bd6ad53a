/**
 * What the operator's back office shows (issue 30): approvals waiting for a second person, and
 * the set-up of two-factor sign-in. The audit trail's types are in ./staffRoles.
 */
export interface ApprovalView {
  id: string;
  action: string;
  url: string;
  params: Record<string, string>;
  body: unknown;
  amount: string;
  threshold: string;
  requestedBy: string;
  requestedAt: string;
  status: 'pending' | 'approved' | 'rejected' | 'failed';
  decidedBy: string | null;
  decidedAt: string | null;
  decisionReason: string | null;
  outcome: unknown;
}

export interface TwoFactorSetup {
  /** The secret in base32, to type into an app that cannot scan. */
  secret: string;
  /** The otpauth:// address the QR code holds (the page draws the code). */
  uri: string;
}

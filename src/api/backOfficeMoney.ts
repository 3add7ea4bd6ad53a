import type { ApprovalView } from '../shared/backOffice';
import type { OpsLedgerLine } from '../shared/backOfficeMembers';
import type { DashboardView } from '../shared/backOfficeMoney';
import type { OperatorWithdrawalAction, WithdrawalView } from '../shared/withdrawals';
import type { Http } from './http';

const path = (value: string) => encodeURIComponent(value);

/** A withdrawal in the finance queue: the member's view and whose it is. */
export type OpsWithdrawal = WithdrawalView & { account: string };

/** The back office's money calls (issue 30), with the staff session's token. */
export function createMoneyApi(http: Http, _token: () => string | null) {
  return {
    /** Today's figures and the last 30 days' (GET /ops/dashboard). */
    dashboard(signal?: AbortSignal): Promise<DashboardView> {
      return http.get('/ops/dashboard', { signal });
    },
    /** The newest 100 withdrawals, of one status or one member's when given. */
    withdrawals(
      filter: { status?: string; account?: string },
      signal?: AbortSignal,
    ): Promise<OpsWithdrawal[]> {
      const query = new URLSearchParams();
      if (filter.status) query.set('status', filter.status);
      if (filter.account) query.set('account', filter.account);
      const text = query.toString();
      return http.get(`/ops/withdrawals${text ? `?${text}` : ''}`, { signal });
    },
    /**
     * Pay, reject or refund (four-eyes: a payout above its amount answers the approval that
     * waits for a second person; the app's MaybePending).
     */
    decideWithdrawal(
      id: string,
      action: OperatorWithdrawalAction,
      reason?: string,
    ): Promise<WithdrawalView | { pending: ApprovalView }> {
      return http.post(`/ops/withdrawals/${path(id)}`, reason ? { action, reason } : { action });
    },
    /** The member's last postings, beside a withdrawal being decided. */
    memberLedger(account: string, signal?: AbortSignal): Promise<OpsLedgerLine[]> {
      return http.get(`/ops/members/${path(account)}/ledger`, { signal });
    },
  };
}

export type MoneyApi = ReturnType<typeof createMoneyApi>;

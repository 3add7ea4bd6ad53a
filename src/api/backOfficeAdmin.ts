import type {
  AddedStaff,
  AgentContractsView,
  AgentRates,
  AgentRateSet,
  AgentTreeView,
  MaintenanceView,
  StaffAccountView,
} from '../shared/backOfficeAdmin';
import type { ApprovalView } from '../shared/backOffice';
import type { ContractType } from '../shared/contracts';
import type { StaffRole } from '../shared/staffRoles';
import type { Http } from './http';

const path = (value: string) => encodeURIComponent(value);

/** The back office's admin calls (issue 30), with the staff session's token. */
export function createAdminApi(http: Http, _token: () => string | null) {
  return {
    staff(signal?: AbortSignal): Promise<StaffAccountView[]> {
      return http.get('/ops/staff', { signal });
    },
    /** A new staff account; its generated password is answered this once. */
    addStaff(input: {
      name: string;
      displayName: string | null;
      roles: StaffRole[];
    }): Promise<AddedStaff> {
      return http.post('/ops/support/staff', input);
    },
    setRoles(
      name: string,
      roles: StaffRole[],
      reason: string,
    ): Promise<{ staff: { name: string; roles: StaffRole[] }; before: StaffRole[] }> {
      return http.post(`/ops/staff/${path(name)}/roles`, { roles, reason });
    },
    setStatus(name: string, status: 'active' | 'disabled'): Promise<{ name: string }> {
      return http.post(`/ops/support/staff/${path(name)}/status`, { status });
    },
    /** A new generated password, answered this once; every session of the account ends. */
    resetPassword(name: string): Promise<{ staff: { name: string }; password: string }> {
      return http.post(`/ops/support/staff/${path(name)}/password`, {});
    },
    resetTwoFactor(name: string, reason: string): Promise<{ endedSessions: number }> {
      return http.post(`/ops/staff/${path(name)}/two-factor/reset`, { reason });
    },
    maintenance(signal?: AbortSignal): Promise<MaintenanceView> {
      return http.get('/ops/maintenance', { signal });
    },
    setMaintenance(enabled: boolean, end: string | null): Promise<MaintenanceView> {
      return http.post('/ops/maintenance', { enabled, end });
    },
    /** The top agents (`under` null) or the agents directly under one. */
    agents(under: string | null, signal?: AbortSignal): Promise<AgentTreeView> {
      return http.get('/ops/agents', { searchParams: under ? { under } : {}, signal });
    },
    agentRates(
      account: string,
      signal?: AbortSignal,
    ): Promise<{ account: string; rates: AgentRates }> {
      return http.get(`/ops/agents/${path(account)}/rates`, { signal });
    },
    agentContracts(account: string, signal?: AbortSignal): Promise<AgentContractsView> {
      return http.get(`/ops/agents/${path(account)}/contracts`, { signal });
    },
    /**
     * Four-eyes: above the configured percentage it waits for a second person (202, the
     * app's MaybePending).
     */
    setAgentRate(
      account: string,
      contractType: ContractType,
      rate: string | null,
    ): Promise<AgentRateSet | { pending: ApprovalView }> {
      return http.post('/ops/agents/rate', { account, contractType, rate });
    },
  };
}

export type AdminApi = ReturnType<typeof createAdminApi>;

import {
  type ContractTerms,
  type ContractType,
  contractRelays,
  type StoredContractState,
} from '../shared/contracts';
import type {
  ContractAction,
  ContractLimitsView,
  ContractSide,
  ContractView,
  CurrentContracts,
  Downline,
} from '../shared/realtime';
import type { Page } from '../shared/records';
import type { Http } from './http';

export type {
  ContractAction,
  ContractLimitsView,
  ContractSide,
  ContractView,
  CurrentContracts,
  Downline,
};

/** The moves on an existing contract (everything but a new offer). */
export type ContractAnswer = Exclude<ContractAction, 'offer' | 'supersede'>;

export interface ContractOffer {
  contractType: ContractType;
  /** The direct downline, by id (from `downlines`) or by account. */
  downlineId?: string;
  downline?: string;
  terms: ContractTerms;
}

export interface ContractListQuery {
  type?: ContractType;
  /** The caller's side; both when absent. */
  role?: ContractSide;
  state?: StoredContractState;
  page?: number;
  /** 1 to 100; 20 by default. */
  pageSize?: number;
}

const defined = (values: Record<string, string | number | undefined>) =>
  Object.fromEntries(Object.entries(values).filter(([, value]) => value !== undefined)) as Record<
    string,
    string | number
  >;

/**
 * Upline–downline contracts (spec 3, 4, 6, 7). Every call answers with the caller's view: its
 * `role` and the `actions` it may take now (show exactly those buttons). Refusals arrive as
 * ApiError codes: contract_wrong_party, contract_illegal_transition, contract_invalid_terms
 * (`value.field`), contract_offer_pending, contract_rate_not_lower (`value.rate` in effect),
 * contract_not_downline, contract_downline_trial, contract_rate_above_cap and
 * contract_rate_above_held (`value.max`: the highest rate allowed), forbidden (offering needs an agent),
 * not_found, in_need_true_account (trial), invalid_request.
 *
 * The spec's relays are here too, but two of them are GET and only read: acting goes through
 * `act`, `offer` and `answer` (our POST path) for every type. The `contract` socket event
 * carries the same view after every change; drop one whose `version` is not newer.
 */
export function createContractsApi(http: Http) {
  const act = (body: Record<string, unknown>) =>
    http.post<ContractView>('/wps/agent/contracts', body);
  return {
    /** The upline offers (agents only); answers the new contract, state `offered`. */
    offer: (offer: ContractOffer) => act({ action: 'offer', ...offer }),
    /** Either side's move on one contract (the server checks it is that side's). */
    answer: (contractId: string, action: ContractAnswer) => act({ action, contractId }),
    /** Every contract of the caller, newest first, paged. */
    list: (query: ContractListQuery = {}) =>
      http.get<Page<ContractView>>('/wps/agent/contracts', {
        searchParams: defined({
          type: query.type,
          role: query.role,
          state: query.state,
          page: query.page,
          pageSize: query.pageSize,
        }),
      }),
    /**
     * The caller's open and in-effect contracts of a type, on both sides: through the spec 7
     * relay where it reads (GET: dividend, daily salary), else our path (hourly and real-time
     * have POST relays only, which act).
     */
    current: (type: ContractType) => {
      const relay = contractRelays[type];
      return relay.method === 'GET'
        ? http.get<CurrentContracts>(`/wps/relay/${relay.name}`)
        : http.get<CurrentContracts>('/wps/agent/contracts/current', { searchParams: { type } });
    },
    /** The highest rate the agent may offer now, per type (the cap, and what it holds). */
    limits: () => http.get<ContractLimitsView>('/wps/agent/contracts/limits'),
    /** An agent's direct downlines, by account; `keyword` filters by part of the account. */
    downlines: (query: { page?: number; pageSize?: number; keyword?: string } = {}) =>
      http.get<Page<Downline>>('/wps/agent/downlines', {
        searchParams: defined({
          page: query.page,
          pageSize: query.pageSize,
          keyword: query.keyword,
        }),
      }),
  };
}

export type ContractsApi = ReturnType<typeof createContractsApi>;

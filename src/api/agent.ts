import type {
  IncomeDay,
  RegisterDownlineRequest,
  RegisteredDownline,
  TeamBet,
  TeamFilters,
  TeamMember,
  TeamOverview,
  TeamProfitRow,
  TeamTransaction,
} from '../shared/agentReports';
import type { Page, RecordsQuery } from '../shared/records';
import type { Http } from './http';
import type { SealedCalls } from './sealedCalls';

/** A report's query: the records query (range, tz, page, type) and the team filters. */
export type ReportQuery = Partial<RecordsQuery> & TeamFilters;

/** The back office's report calls (server/http/agent/reportRoutes.ts, teamRoutes.ts). */
export const agentReportEndpoints = {
  members: '/wps/agent/team/members',
  bets: '/wps/agent/team/bets',
  profit: '/wps/agent/team/profit',
  transactions: '/wps/agent/team/transactions',
  income: '/wps/agent/income',
} as const;

export type AgentReportKind = keyof typeof agentReportEndpoints;

/** What each report lists. */
export interface AgentReportRows {
  members: TeamMember;
  bets: TeamBet;
  profit: TeamProfitRow;
  transactions: TeamTransaction;
  income: IncomeDay;
}

/** Query parameters without the empty ones ("any"). */
function searchParamsOf(query: object): Record<string, string | number> {
  const params: Record<string, string | number> = {};
  for (const [key, value] of Object.entries(query)) {
    if (typeof value === 'number' || (typeof value === 'string' && value !== '')) {
      params[key] = value;
    }
  }
  return params;
}

export function createAgentApi(http: Http, sealed: SealedCalls) {
  return {
    overview(
      query: Pick<RecordsQuery, 'from' | 'to' | 'tz'>,
      signal?: AbortSignal,
    ): Promise<TeamOverview> {
      return http.get('/wps/agent/team/overview', { searchParams: searchParamsOf(query), signal });
    },
    report<K extends AgentReportKind>(
      kind: K,
      query: ReportQuery,
      signal?: AbortSignal,
    ): Promise<Page<AgentReportRows[K]>> {
      return http.get(agentReportEndpoints[kind], { searchParams: searchParamsOf(query), signal });
    },
    /** registerCenter: an (E) call, it carries a password. */
    register(request: RegisterDownlineRequest): Promise<RegisteredDownline> {
      return sealed<RegisteredDownline>('post', '/wps/agent/team/register', request);
    },
  };
}

export type AgentApi = ReturnType<typeof createAgentApi>;

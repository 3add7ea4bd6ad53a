import { isFeatureEnabled, WhitelabelFlag, type WhitelabelNode } from '../../shared/system';
import type { ConsolidatedFunds } from '../../streams/consolidatedFunds';

/** Spec 2 "Agent centre pages", in the order the side navigation lists them. */
export const agentPages = [
  'agentAnnouncement',
  'agentTeamOverview',
  'registerCenter',
  'downlineManagmentView',
  'personalHistoryCopy',
  'palStatementsAgentCopy',
  'agentRevenueReport',
  'agentDownlineTransactionDetailsCopy',
  // Ours: offering and following contracts (the salary pages appear only once one is in effect).
  'agentContracts',
  'agentDividendRecordCopy2',
  'agentDailyWages2',
  'agentHourSalary',
  'agentRealtimeSalary',
  'messages',
  'customerService',
] as const;

export type AgentPage = (typeof agentPages)[number];

export const DEFAULT_AGENT_PAGE: AgentPage = 'agentTeamOverview';

export function isAgentPage(name: string): name is AgentPage {
  return (agentPages as readonly string[]).includes(name);
}

/**
 * The contract pages and the consolidated funds fields that speak of them (spec 3, 6): the
 * `info` flag says a contract of that type is in effect, which enables the page; the request
 * count (offers waiting for an answer) shows as a badge.
 */
const contractFields = {
  agentDividendRecordCopy2: { info: 'divtypeinfo', request: 'divtypereq' },
  agentDailyWages2: { info: 'dailysalinfotype', request: 'dailysalreqtype' },
  agentHourSalary: { info: 'contracthoursalinfo', request: 'contracthoursalreq' },
  agentRealtimeSalary: { info: 'contractmrdailysalinfotype', request: 'realtimesalreqtype' },
} as const satisfies Partial<
  Record<AgentPage, { info: keyof ConsolidatedFunds; request: keyof ConsolidatedFunds }>
>;

export interface AgentFeatures {
  whitelabel: readonly WhitelabelNode[];
  /** Null while loading, when the agent policy is off, or when the fetch failed. */
  funds: ConsolidatedFunds | null;
  /** A customer-service link is configured. */
  customerService: boolean;
}

/**
 * "Each page appears only when its feature is enabled" (spec 2): the contract pages with their
 * consolidated funds flag; announcements and messages with the agent policy (the whitelabel
 * switch of the agent features: the spec names no flag of their own); customer service when a
 * link is configured; the team pages always.
 */
export function isPageEnabled(page: AgentPage, features: AgentFeatures): boolean {
  if (page in contractFields) {
    const { info } = contractFields[page as keyof typeof contractFields];
    return features.funds?.[info] === true;
  }
  if (page === 'agentAnnouncement' || page === 'messages') {
    return isFeatureEnabled(features.whitelabel, WhitelabelFlag.agentPolicy);
  }
  if (page === 'customerService') return features.customerService;
  return true;
}

/**
 * Requests waiting for this agent's answer on a contract page (0 elsewhere): a salary page
 * counts its type's; agentContracts, where every offer to the agent is answered, all of them.
 */
export function pendingRequests(page: AgentPage, funds: ConsolidatedFunds | null): number {
  if (!funds) return 0;
  if (page === 'agentContracts') return waitingAnswers(funds);
  if (!(page in contractFields)) return 0;
  return Number(funds[contractFields[page as keyof typeof contractFields].request]) || 0;
}

/** Every contract request waiting for this member's answer, of any type (the `…req` fields). */
export function waitingAnswers(funds: ConsolidatedFunds | null): number {
  if (!funds) return 0;
  return Object.values(contractFields).reduce(
    (sum, { request }) => sum + (Number(funds[request]) || 0),
    0,
  );
}

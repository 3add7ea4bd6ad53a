/**
 * The agent back office's reports (spec 2 "Agent centre pages"): what browser and server both
 * see. Every list is a Page (src/shared/records.ts) over the agent's team: the whole downline
 * tree under the agent, several levels deep. Money is a decimal string; "profit" is always the
 * players' result, win minus bet (as on the member's own records), so a negative team profit is
 * the team's loss.
 */

/** How deep the team tree is followed; deeper members are not part of any report. */
export const MAX_TEAM_DEPTH = 20;

/** Member status as the team management page filters it (members.status). */
export const MEMBER_STATUSES = ['active', 'disabled'] as const;
export type MemberStatus = (typeof MEMBER_STATUSES)[number];

/** Account kinds an agent can open in registerCenter: a player, or a sub-agent (type 2). */
export const DOWNLINE_KINDS = ['player', 'agent'] as const;
export type DownlineKind = (typeof DOWNLINE_KINDS)[number];

/** agentTeamOverview: the team in a date range. */
export interface TeamOverview {
  /** Everyone in the tree under the agent (any level). */
  teamSize: number;
  /** Level 1: the agent's own downlines. */
  directMembers: number;
  /** Team members who registered in the range. */
  newMembers: number;
  /** Team members with at least one settled bet in the range. */
  activeMembers: number;
  betCount: number;
  betAmount: string;
  validBetAmount: string;
  winAmount: string;
  /** win − bet of the team's players. */
  profit: string;
  deposits: string;
  withdrawals: string;
  /** The range day by day (local days; days without any of it are left out). */
  daily: TeamOverviewDay[];
}

/** One local day of the overview's charts. */
export interface TeamOverviewDay {
  /** yyyy-MM-dd in the viewer's time zone. */
  day: string;
  betCount: number;
  betAmount: string;
  activeMembers: number;
  /** The agent's own income that day: salaries settled and downlines' transfers up. */
  income: string;
}

/** downlineManagmentView: one member of the team. */
export interface TeamMember {
  id: string;
  account: string;
  nickname: string;
  /** 1 = direct downline of the agent. */
  level: number;
  kind: DownlineKind;
  uplineAccount: string;
  status: MemberStatus;
  createdAt: string;
  lastLoginAt: string | null;
  /** This member's own direct downlines. */
  directMembers: number;
  /** On a time-out or self-excluded (issue 17): shown as such, without the kind or the end. */
  excluded: boolean;
}

/** personalHistoryCopy (team betting): one round of a team member. */
export interface TeamBet {
  id: string;
  at: string;
  account: string;
  level: number;
  vendor: string;
  gameName: string;
  roundId: string;
  betAmount: string;
  validBetAmount: string;
  winAmount: string;
  profit: string;
  status: 'open' | 'settled' | 'void';
}

/** palStatementsAgentCopy (user profit and loss): one team member over the range. */
export interface TeamProfitRow {
  memberId: string;
  account: string;
  level: number;
  betAmount: string;
  validBetAmount: string;
  winAmount: string;
  profit: string;
  deposits: string;
  withdrawals: string;
  bonus: string;
}

/** agentDownlineTransactionDetailsCopy (account details): one ledger entry of a team member. */
export interface TeamTransaction {
  id: string;
  at: string;
  account: string;
  level: number;
  /** The ledger transaction kind (deposit, bet, win, upline_transfer, …). */
  kind: string;
  wallet: string;
  /** Signed: negative when money left this wallet. */
  amount: string;
  balanceAfter: string;
}

/** Income kinds the agent's own "my income" report reads (credits to the agent's main wallet). */
export const INCOME_KINDS = ['salary', 'upline_transfer'] as const;
export type IncomeKind = (typeof INCOME_KINDS)[number];

/** agentRevenueReport (my income): one local day of the agent's income. */
export interface IncomeDay {
  day: string;
  salary: string;
  uplineTransfers: string;
  total: string;
}

/** registerCenter: the new direct downline. */
export interface RegisterDownlineRequest {
  username: string;
  password: string;
  confirmPassword: string;
  nickname?: string;
  kind?: DownlineKind;
}

export interface RegisteredDownline {
  id: string;
  account: string;
  kind: DownlineKind;
}

/**
 * The query of every team list beyond the records query (from, to, tz, page, pageSize, type):
 * the filters each page offers. Absent or empty means "any".
 */
export interface TeamFilters {
  account?: string;
  vendor?: string;
  status?: MemberStatus;
  level?: number;
}

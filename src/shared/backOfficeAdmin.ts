import type { ContractType, StoredContractState } from './contracts';
import type { StaffRole } from './staffRoles';

/**
 * The back office's admin pages (issue 30): staff and roles, the maintenance switch, and the
 * agents' tree, rates and contracts, as the server answers them (server/http/ops/adminRoutes.ts).
 */

/** A staff account as the admin's staff page lists it. */
export interface StaffAccountView {
  id: string;
  name: string;
  displayName: string;
  roles: StaffRole[];
  status: 'active' | 'disabled';
  /** Two-factor sign-in set up (an authenticator app confirmed). */
  twoFactor: boolean;
  createdAt: string;
  /** The latest call of any of its sessions, or null when it never signed in. */
  lastSeenAt: string | null;
}

/** A new staff account: its generated password, answered this once. */
export interface AddedStaff {
  staff: { id: string; name: string; displayName: string; roles: StaffRole[] };
  password: string;
}

/** The maintenance switch (GET/POST /ops/maintenance). */
export interface MaintenanceView {
  enabled: boolean;
  /** ISO instant when maintenance is expected to end, or null. */
  end: string | null;
  version: number;
}

/** An agent's rate for one contract type: what the operator set for it, and what it holds now. */
export interface AgentRate {
  set: string | null;
  held: string;
}

export type AgentRates = Record<ContractType, AgentRate>;

/** One agent of the tree (GET /ops/agents). */
export interface AgentNode {
  account: string;
  nickname: string;
  /** 1 for a top agent (no agent above it), 2 for its sub-agents, and so on. */
  level: number;
  /** Members directly under it, players and agents. */
  directDownlines: number;
  /** Agents directly under it: the node can be opened when above 0. */
  subAgents: number;
  /** Every member under it, at any depth (bounded by the team depth). */
  teamSize: number;
  /** The rate it holds per contract type, as a percentage ("1.5"). */
  held: Record<ContractType, string>;
}

export interface AgentTreeView {
  /** The agent whose sub-agents these are, or null for the top agents. */
  under: string | null;
  agents: AgentNode[];
  /** More agents than one answer holds: the list is cut at `AGENT_TREE_LIMIT`. */
  more: boolean;
}

export const AGENT_TREE_LIMIT = 200;
export const AGENT_CONTRACTS_LIMIT = 200;

/** A contract the agent offered (it is the upline) or holds (it is the downline). */
export interface AgentContractView {
  id: string;
  side: 'offered' | 'held';
  contractType: ContractType;
  /** The other party's account. */
  counterpart: string;
  state: StoredContractState;
  rate: string;
  createdAt: string;
  approvedAt: string | null;
  endedAt: string | null;
}

export interface AgentContractsView {
  account: string;
  contracts: AgentContractView[];
  more: boolean;
}

/** A rate set now, or (four-eyes) kept for a second person's approval. */
export interface AgentRateSet {
  account: string;
  contractType: ContractType;
  rate: string | null;
}

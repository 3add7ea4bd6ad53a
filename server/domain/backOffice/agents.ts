import { MAX_TEAM_DEPTH } from '../../../src/shared/agentReports';
import {
  AGENT_CONTRACTS_LIMIT,
  AGENT_TREE_LIMIT,
  type AgentContractsView,
  type AgentNode,
  type AgentTreeView,
} from '../../../src/shared/backOfficeAdmin';
import {
  CONTRACT_TYPES,
  type ContractType,
  formatRate,
  type StoredContractState,
} from '../../../src/shared/contracts';
import { AGENT_TYPES } from '../../../src/shared/identity';
import type { Queryable } from '../../db/types';
import { ApiError } from '../../platform/apiError';
import { heldRateSql } from '../contracts/heldRates';

/**
 * The agents' tree as the back office reads it (issue 30): the top agents (no agent above
 * them), or the sub-agents directly under one agent, each with its level, how many members are
 * directly under it and in its whole team, and the rate it holds per contract type; and the
 * contracts an agent offered and holds. Reads only, each answer bounded.
 */

/** The agent types as an SQL list: constants of our own, never a caller's text. */
const AGENT_TYPE_LIST = AGENT_TYPES.map((type) => String(Number(type))).join(', ');

interface MemberRow {
  id: string;
  account: string;
  type: number;
}

async function memberByAccount(db: Queryable, account: string): Promise<MemberRow> {
  const [row] = await db.query<MemberRow>(
    'select id::text, account, type from members where lower(account) = lower($1)',
    [account],
  );
  if (!row) throw new ApiError(404, 'agent_not_found', `No account ${account}.`);
  return row;
}

/**
 * An agent's level: 1 + the agents above it, walked up members.upline_id and bounded at
 * MAX_TEAM_DEPTH so a bad upline loop cannot run away.
 */
async function levelOf(db: Queryable, memberId: string): Promise<number> {
  const [row] = await db.query<{ above: number }>(
    `with recursive up (id, depth) as (
       select upline_id, 1 from members where id = $1 and upline_id is not null
       union all
       select m.upline_id, u.depth + 1 from members m join up u on m.id = u.id
       where m.upline_id is not null and u.depth < ${MAX_TEAM_DEPTH}
     )
     select count(*)::int as above from up join members m on m.id = up.id
     where m.type in (${AGENT_TYPE_LIST})`,
    [memberId],
  );
  return 1 + Number(row?.above ?? 0);
}

type NodeRow = {
  account: string;
  nickname: string;
  direct: number;
  sub_agents: number;
  team_size: number;
} & Record<ContractType, number>;

/** The top agents (`under` absent) or the agents directly under `under`, by account. */
export async function agentTree(db: Queryable, under: string | null): Promise<AgentTreeView> {
  let where: string;
  let params: string[];
  let level = 1;
  let parent: string | null = null;
  if (under === null) {
    // A top agent: nobody above it, or only a player (an agent opened under no agent).
    where = `m.type in (${AGENT_TYPE_LIST}) and (m.upline_id is null or not exists (
      select 1 from members p where p.id = m.upline_id and p.type in (${AGENT_TYPE_LIST})))`;
    params = [];
  } else {
    const agent = await memberByAccount(db, under);
    parent = agent.account;
    level = (await levelOf(db, agent.id)) + 1;
    where = `m.type in (${AGENT_TYPE_LIST}) and m.upline_id = $1`;
    params = [agent.id];
  }
  const held = CONTRACT_TYPES.map(
    (type) => `${heldRateSql('n.id', `'${type}'`)} as "${type}"`,
  ).join(',\n');
  const rows = await db.query<NodeRow>(
    `with recursive nodes as (
       select m.id, m.account, m.nickname from members m where ${where}
       order by lower(m.account) limit ${AGENT_TREE_LIMIT + 1}
     ),
     team (root, id, depth) as (
       select n.id, m.id, 1 from nodes n join members m on m.upline_id = n.id
       union all
       select t.root, m.id, t.depth + 1 from team t join members m on m.upline_id = t.id
       where t.depth < ${MAX_TEAM_DEPTH}
     )
     select n.account, n.nickname,
       (select count(*) from members d where d.upline_id = n.id)::int as direct,
       (select count(*) from members d where d.upline_id = n.id
          and d.type in (${AGENT_TYPE_LIST}))::int as sub_agents,
       (select count(*) from team t where t.root = n.id)::int as team_size,
       ${held}
     from nodes n order by lower(n.account)`,
    params,
  );
  const agents: AgentNode[] = rows.slice(0, AGENT_TREE_LIMIT).map((row) => ({
    account: row.account,
    nickname: row.nickname,
    level,
    directDownlines: Number(row.direct),
    subAgents: Number(row.sub_agents),
    teamSize: Number(row.team_size),
    held: Object.fromEntries(
      CONTRACT_TYPES.map((type) => [type, formatRate(Number(row[type]))]),
    ) as Record<ContractType, string>,
  }));
  return { under: parent, agents, more: rows.length > AGENT_TREE_LIMIT };
}

interface ContractRow {
  id: string;
  upline_id: string;
  upline_account: string;
  downline_account: string;
  contract_type: ContractType;
  state: StoredContractState;
  rate: string;
  created_at: Date;
  approved_at: Date | null;
  ended_at: Date | null;
}

const iso = (at: Date | null) => (at === null ? null : new Date(at).toISOString());

/** The contracts an agent offered its downlines and holds from its upline, newest first. */
export async function agentContracts(db: Queryable, account: string): Promise<AgentContractsView> {
  const agent = await memberByAccount(db, account);
  const rows = await db.query<ContractRow>(
    `select c.id::text, c.upline_id::text, u.account as upline_account,
       d.account as downline_account, c.contract_type, c.state, c.terms->>'rate' as rate,
       c.created_at, c.approved_at, c.ended_at
     from contracts c join members u on u.id = c.upline_id join members d on d.id = c.downline_id
     where c.upline_id = $1 or c.downline_id = $1
     order by c.id desc limit ${AGENT_CONTRACTS_LIMIT + 1}`,
    [agent.id],
  );
  return {
    account: agent.account,
    contracts: rows.slice(0, AGENT_CONTRACTS_LIMIT).map((row) => {
      const offered = row.upline_id === agent.id;
      return {
        id: row.id,
        side: offered ? 'offered' : 'held',
        contractType: row.contract_type,
        counterpart: offered ? row.downline_account : row.upline_account,
        state: row.state,
        rate: row.rate,
        createdAt: iso(row.created_at)!,
        approvedAt: iso(row.approved_at),
        endedAt: iso(row.ended_at),
      };
    }),
    more: rows.length > AGENT_CONTRACTS_LIMIT,
  };
}

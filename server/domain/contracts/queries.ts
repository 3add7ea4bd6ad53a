import {
  CONTRACT_STATES_IN_EFFECT,
  CONTRACT_TYPES,
  type ContractType,
  type StoredContractState,
} from '../../../src/shared/contracts';
import type {
  ContractSide,
  ContractView,
  CurrentContracts,
  Downline,
} from '../../../src/shared/realtime';
import type { Page } from '../../../src/shared/records';
import type { Queryable } from '../../db/types';
import { CONTRACT_COLUMNS, CONTRACT_FROM, type ContractRow, toRecord, viewFor } from './views';
import { EXCLUDED_AT } from '../responsibleGaming/state';

const inList = (states: readonly string[]) => states.map((state) => `'${state}'`).join(', ');
const IN_EFFECT = inList(CONTRACT_STATES_IN_EFFECT);
/** Waiting for the downline's answer: a new contract or a termination (spec 4 "Requests"). */
const WAITING = inList(['offered', 'terminationRequested'] satisfies StoredContractState[]);
const CURRENT = inList(['offered', ...CONTRACT_STATES_IN_EFFECT] satisfies StoredContractState[]);

/** The most contracts of one side a per-type relay answers with (newest first). */
export const CURRENT_CONTRACTS_LIMIT = 500;

/**
 * What a per-type relay reads: the member's contracts of that type that are open or in effect,
 * on each side, each with that side's moves. The history (ended contracts) is paged by
 * `listContracts`.
 */
export async function currentContracts(
  db: Queryable,
  memberId: string,
  contractType: ContractType,
): Promise<CurrentContracts> {
  const side = async (role: ContractSide) => {
    const rows = await db.query<ContractRow>(
      `select ${CONTRACT_COLUMNS} from ${CONTRACT_FROM}
       where c.${role}_id = $1 and c.contract_type = $2 and c.state in (${CURRENT})
       order by c.id desc limit ${CURRENT_CONTRACTS_LIMIT}`,
      [memberId, contractType],
    );
    return rows.map((row) => viewFor(toRecord(row), role));
  };
  return { contractType, asUpline: await side('upline'), asDownline: await side('downline') };
}

/** Every contract of the member (one side or both), newest first, paged. */
export async function listContracts(
  db: Queryable,
  memberId: string,
  query: {
    contractType?: ContractType;
    role?: ContractSide;
    state?: StoredContractState;
    page: number;
    pageSize: number;
  },
): Promise<Page<ContractView>> {
  const side =
    query.role === 'upline'
      ? 'c.upline_id = $1'
      : query.role === 'downline'
        ? 'c.downline_id = $1'
        : '(c.upline_id = $1 or c.downline_id = $1)';
  const where = `${side} and ($2::text is null or c.contract_type = $2)
    and ($3::text is null or c.state = $3)`;
  const params = [memberId, query.contractType ?? null, query.state ?? null];
  const [count] = await db.query<{ total: string }>(
    `select count(*)::text as total from contracts c where ${where}`,
    params,
  );
  const rows = await db.query<ContractRow>(
    `select ${CONTRACT_COLUMNS} from ${CONTRACT_FROM} where ${where}
     order by c.id desc limit $4 offset $5`,
    [...params, query.pageSize, (query.page - 1) * query.pageSize],
  );
  return {
    items: rows.map((row) =>
      viewFor(toRecord(row), row.upline_id === memberId ? 'upline' : 'downline'),
    ),
    total: Number(count!.total),
    page: query.page,
    pageSize: query.pageSize,
  };
}

/** An agent's direct downlines (whom it can offer a contract to), by account, paged. */
export async function listDownlines(
  db: Queryable,
  agentId: string,
  query: { page: number; pageSize: number; keyword?: string },
): Promise<Page<Downline>> {
  const where = `upline_id = $1 and kind = 'member' and status = 'active'
    and ($2::text is null or strpos(lower(account), lower($2)) > 0)`;
  const params = [agentId, query.keyword ?? null];
  const [count] = await db.query<{ total: string }>(
    `select count(*)::text as total from members where ${where}`,
    params,
  );
  const rows = await db.query<Downline>(
    `select m.id::text, m.account, m.nickname, m.type,
       exists (select 1 from rg_settings r where r.member_id = m.id
               and ${EXCLUDED_AT('now()', 'r')}) as excluded
     from members m where ${where}
     order by lower(m.account), m.id limit $3 offset $4`,
    [...params, query.pageSize, (query.page - 1) * query.pageSize],
  );
  return {
    items: rows.map((row) => ({ ...row, type: Number(row.type) })),
    total: Number(count!.total),
    page: query.page,
    pageSize: query.pageSize,
  };
}

type RequestField = 'dailysalreqtype' | 'divtypereq' | 'contracthoursalreq' | 'realtimesalreqtype';
type InfoField =
  'contractmrdailysalinfotype' | 'contracthoursalinfo' | 'dailysalinfotype' | 'divtypeinfo';

/** Spec 3 "Consolidated funds", the contract fields (see contractFunds). */
export type ContractFunds = Record<RequestField, number> & Record<InfoField, boolean>;

/**
 * Which field speaks of which contract type. The spec gives the names only; we read "mr"
 * (minute-real, i.e. real-time) in `contractmrdailysalinfotype` as the real-time salary, the
 * one type none of the other three names.
 */
const fieldsOf = {
  dailySalary: { request: 'dailysalreqtype', info: 'dailysalinfotype' },
  dividend: { request: 'divtypereq', info: 'divtypeinfo' },
  hourlySalary: { request: 'contracthoursalreq', info: 'contracthoursalinfo' },
  realTimeSalary: { request: 'realtimesalreqtype', info: 'contractmrdailysalinfotype' },
} as const satisfies Record<ContractType, { request: RequestField; info: InfoField }>;

/**
 * Per type: the `…req` field counts the requests waiting for this member's answer (offers and
 * termination requests to which the member is the downline: the only side that answers in the
 * machine), so the page can show a red dot; the `…info` flag says whether the member has a
 * contract of that type in effect, as upline or as downline (spec 6: the salary and dividend
 * features, i.e. their record pages, are enabled by it).
 */
export async function contractFunds(db: Queryable, memberId: string): Promise<ContractFunds> {
  const rows = await db.query<{ contract_type: ContractType; waiting: string; in_effect: string }>(
    `select contract_type,
       count(*) filter (where downline_id = $1 and state in (${WAITING}))::text as waiting,
       count(*) filter (where state in (${IN_EFFECT}))::text as in_effect
     from contracts where (upline_id = $1 or downline_id = $1) and state in (${CURRENT})
     group by contract_type`,
    [memberId],
  );
  const funds: ContractFunds = {
    dailysalreqtype: 0,
    divtypereq: 0,
    contracthoursalreq: 0,
    realtimesalreqtype: 0,
    contractmrdailysalinfotype: false,
    contracthoursalinfo: false,
    dailysalinfotype: false,
    divtypeinfo: false,
  };
  for (const type of CONTRACT_TYPES) {
    const row = rows.find((candidate) => candidate.contract_type === type);
    const { request, info } = fieldsOf[type];
    funds[request] = Number(row?.waiting ?? 0);
    funds[info] = Number(row?.in_effect ?? 0) > 0;
  }
  return funds;
}

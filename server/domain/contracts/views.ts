import {
  contractActionsIn,
  type ContractContext,
  type ContractEventType,
  contractRequestOf,
  contractStatusOf,
  type ContractTerms,
  type ContractType,
  type StoredContractState,
} from '../../../src/shared/contracts';
import type {
  ContractAction,
  ContractParty,
  ContractSide,
  ContractView,
} from '../../../src/shared/realtime';
import type { Queryable } from '../../db/types';

export interface ContractRow {
  id: string;
  upline_id: string;
  upline_account: string;
  upline_nickname: string;
  downline_id: string;
  downline_account: string;
  downline_nickname: string;
  contract_type: ContractType;
  state: StoredContractState;
  terms: ContractTerms;
  superseded_by: string | null;
  created_at: Date;
  updated_at: Date;
  approved_at: Date | null;
  ended_at: Date | null;
  version: string;
}

/** A contract as both parties see it; `viewFor` adds one side's role and moves. */
import type { ContractRecord } from '../../platform/changes';
export type { ContractRecord };

/** `c` is `contracts`; the parties' names come along so a view needs no second query. */
export const CONTRACT_COLUMNS = `c.id::text, c.upline_id::text, u.account as upline_account,
  u.nickname as upline_nickname, c.downline_id::text, d.account as downline_account,
  d.nickname as downline_nickname, c.contract_type, c.state, c.terms, c.superseded_by::text,
  c.created_at, c.updated_at, c.approved_at, c.ended_at, c.version::text`;

export const CONTRACT_FROM = `contracts c join members u on u.id = c.upline_id
  join members d on d.id = c.downline_id`;

const iso = (at: Date | null) => (at === null ? null : new Date(at).toISOString());

/** jsonb comes back parsed on both engines; a text column would not, so accept both. */
const termsOf = (terms: ContractTerms | string): ContractTerms =>
  typeof terms === 'string' ? (JSON.parse(terms) as ContractTerms) : terms;

export function toRecord(row: ContractRow): ContractRecord {
  const party = (id: string, account: string, nickname: string): ContractParty => ({
    id,
    account,
    nickname,
  });
  return {
    id: row.id,
    contractType: row.contract_type,
    state: row.state,
    status: contractStatusOf[row.state],
    request: contractRequestOf[row.state],
    terms: termsOf(row.terms),
    upline: party(row.upline_id, row.upline_account, row.upline_nickname),
    downline: party(row.downline_id, row.downline_account, row.downline_nickname),
    supersededBy: row.superseded_by,
    createdAt: iso(row.created_at)!,
    updatedAt: iso(row.updated_at)!,
    approvedAt: iso(row.approved_at),
    endedAt: iso(row.ended_at),
    version: Number(row.version),
  };
}

/** "contract.accept" → "accept": the wire names of the machine's events. */
export const actionOf = (type: ContractEventType): ContractAction =>
  type.slice('contract.'.length) as ContractAction;

/** One side's view: its role and the moves the machine allows that side now (the buttons). */
export function viewFor(record: ContractRecord, role: ContractSide): ContractView {
  return { ...record, role, actions: contractActionsIn(record.state, role).map(actionOf) };
}

/** The machine's context of a stored contract. */
export function contextOf(row: ContractRow): ContractContext {
  return {
    contractType: row.contract_type,
    terms: termsOf(row.terms),
    supersededBy: row.superseded_by,
  };
}

/** Locks one contract for a state change (the caller holds the transaction). */
export async function lockContract(tx: Queryable, id: string): Promise<ContractRow | null> {
  const [row] = await tx.query<ContractRow>(
    `select ${CONTRACT_COLUMNS} from ${CONTRACT_FROM} where c.id = $1 for update of c`,
    [id],
  );
  return row ?? null;
}

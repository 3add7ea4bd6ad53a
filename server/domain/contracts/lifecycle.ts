import {
  CONTRACT_STATES_IN_EFFECT,
  type ContractEvent,
  type ContractRole,
  type ContractTerms,
  type ContractType,
  emptyContractContext,
  lowerRateSupersedes,
  nextContractState,
  refuseContractAction,
  type StoredContractState,
} from '../../../src/shared/contracts';
import { isAgentType, isTrialType } from '../../../src/shared/identity';
import { parseMoney, toMoneyString } from '../../../src/shared/money';
import type { ContractAction, ContractView } from '../../../src/shared/realtime';
import type { PlatformConfig } from '../../config/schema';
import type { Queryable } from '../../db/types';
import type { Platform } from '../../platform/platform';
import { ApiError } from '../../platform/apiError';
import { contractNoticesWithin } from '../messages/notices';
import { checkOfferWithinLimits } from './heldRates';
import {
  CONTRACT_COLUMNS,
  CONTRACT_FROM,
  contextOf,
  type ContractRecord,
  type ContractRow,
  lockContract,
  toRecord,
  viewFor,
} from './views';
import { isExcluded, memberExcluded } from '../responsibleGaming/state';
import type { ContractChange } from '../../platform/changes';
import { commit } from '../../platform/unitOfWork';
export type { ContractChange };

/** Who is asking: the session's member and type. */
export interface ContractCaller {
  memberId: string;
  type: number;
}

/** One request of either side (HTTP body, validated for shape at the edge). */
export interface ContractActionRequest {
  action: ContractAction;
  /** The contract to act on; absent for a new offer. */
  contractId?: string;
  /** A new offer: its type, its downline (by id or by account) and its terms. */
  contractType?: ContractType;
  downlineId?: string;
  downline?: string;
  terms?: Partial<Record<keyof ContractTerms, unknown>>;
}

type OfferEvent = Extract<ContractEvent, { type: 'contract.offer' }>;

const IN_EFFECT = CONTRACT_STATES_IN_EFFECT.map((state) => `'${state}'`).join(', ');

/** Amounts in canonical form ("5000" → "5000.00") when valid; anything else as sent. */
function canonicalMoney(value: unknown): unknown {
  if (typeof value !== 'string' || value !== value.trim()) return value;
  try {
    return toMoneyString(parseMoney(value));
  } catch {
    return value;
  }
}

/**
 * The offer event of a request: the four terms only, amounts canonical. Whether they are valid
 * is the shared machine's guard to say (`refuseContractAction` names the wrong field).
 */
function offerEvent(contractType: unknown, terms: ContractActionRequest['terms']): OfferEvent {
  return {
    type: 'contract.offer',
    contractType: contractType as ContractType,
    terms: (terms === undefined || terms === null || typeof terms !== 'object'
      ? terms
      : {
          rate: terms.rate,
          activeMembers: terms.activeMembers,
          periodBet: canonicalMoney(terms.periodBet),
          profitLoss: canonicalMoney(terms.profitLoss),
        }) as ContractTerms,
  };
}

/** The machine event a request sends to an existing contract. */
function eventOf(request: ContractActionRequest, row: ContractRow): ContractEvent {
  switch (request.action) {
    case 'offer':
      return offerEvent(request.contractType ?? row.contract_type, request.terms);
    case 'supersede':
      // Only the platform sends it (inside an acceptance): from a member it is always refused.
      return { type: 'contract.supersede', byContractId: '' };
    default:
      return { type: `contract.${request.action}` };
  }
}

function refuse(
  state: StoredContractState | 'none',
  event: ContractEvent,
  role: ContractRole,
): void {
  const refusal = refuseContractAction(state, event, role);
  if (refusal) {
    throw new ApiError(refusal.httpStatus, refusal.code, refusal.message, {
      state,
      ...(refusal.field ? { field: refusal.field } : {}),
    });
  }
}

/**
 * Serialises every change of one downline's contracts: the one-open-offer and lower-rate rules
 * read the downline's other contracts, so two offers (or an offer and an acceptance) must not
 * both pass on the same reading. `no key update` leaves inserts that reference the member free.
 */
async function lockDownline(tx: Queryable, where: 'id' | 'account', value: string) {
  const [row] = await tx.query<{
    id: string;
    account: string;
    upline_id: string | null;
    type: number;
    kind: string;
    status: string;
  }>(
    `select id::text, account, upline_id::text, type, kind, status from members
     where ${where === 'id' ? 'id = $1::bigint' : 'lower(account) = lower($1)'}
     for no key update`,
    [value],
  );
  return row ?? null;
}

/** The downline's same-type contracts in effect from this upline, locked. */
async function inEffectWith(
  tx: Queryable,
  contract: { uplineId: string; downlineId: string; contractType: ContractType },
  exceptId: string | null,
): Promise<ContractRow[]> {
  return tx.query<ContractRow>(
    `select ${CONTRACT_COLUMNS} from ${CONTRACT_FROM}
     where c.downline_id = $1 and c.upline_id = $2 and c.contract_type = $3
       and c.state in (${IN_EFFECT}) and ($4::bigint is null or c.id <> $4::bigint)
     order by c.id for update of c`,
    [contract.downlineId, contract.uplineId, contract.contractType, exceptId],
  );
}

/** Spec 4's lower-rate rule, at offer and again at acceptance. */
function checkRateUndercuts(existing: ContractRow[], offered: OfferEvent) {
  for (const row of existing) {
    const current = { contractType: row.contract_type, terms: contextOf(row).terms! };
    if (!lowerRateSupersedes(current, offered)) {
      throw new ApiError(
        409,
        'contract_rate_not_lower',
        `The ${row.contract_type} contract in effect pays ${current.terms.rate} %: a new one must ` +
          'pay less (to raise the rate, end that contract first).',
        { contractId: row.id, rate: current.terms.rate },
      );
    }
  }
}

async function readRecord(tx: Queryable, id: string): Promise<ContractRecord> {
  const [row] = await tx.query<ContractRow>(
    `select ${CONTRACT_COLUMNS} from ${CONTRACT_FROM} where c.id = $1`,
    [id],
  );
  return toRecord(row!);
}

/** Stores the machine's next state for `event` and logs it; the row is locked by the caller. */
async function transitionWithin(
  tx: Queryable,
  row: ContractRow,
  event: ContractEvent,
  actor: ContractRole,
): Promise<ContractRecord> {
  const next = nextContractState(row.state, contextOf(row), event);
  if (!next) {
    throw new ApiError(400, 'contract_invalid_request', 'That request is not well formed.', {
      state: row.state,
    });
  }
  const state = next.state as StoredContractState;
  await tx.query(
    `update contracts set state = $2, superseded_by = $3::bigint,
       approved_at = case when $4::boolean then coalesce(approved_at, now()) else approved_at end,
       ended_at = case when $5::boolean then now() else ended_at end,
       updated_at = now(), version = nextval('contract_versions')
     where id = $1`,
    [
      row.id,
      state,
      next.context.supersededBy,
      state === 'active',
      state === 'terminated' || state === 'superseded',
    ],
  );
  await tx.query(
    `insert into contract_events (contract_id, event, actor, from_state, to_state)
     values ($1, $2, $3, $4, $5)`,
    [row.id, event.type, actor, row.state, state],
  );
  return readRecord(tx, row.id);
}

/**
 * A new offer (spec 6: "The upline offers"): only an agent, only to its own direct downline
 * that is a real account, terms as the machine's guard accepts them, a rate within the
 * operator's cap and what the agent holds itself (issue 11), at most one open offer of a type
 * per downline, and a rate below any same-type contract in effect.
 */
async function offerWithin(
  tx: Queryable,
  config: PlatformConfig,
  caller: ContractCaller,
  request: ContractActionRequest,
): Promise<ContractChange> {
  if (!isAgentType(caller.type)) {
    throw new ApiError(403, 'forbidden', 'Only an agent can offer a contract.');
  }
  const downline = request.downlineId
    ? await lockDownline(tx, 'id', request.downlineId)
    : request.downline
      ? await lockDownline(tx, 'account', request.downline)
      : null;
  if (
    !downline ||
    downline.upline_id !== caller.memberId ||
    downline.kind !== 'member' ||
    downline.status !== 'active'
  ) {
    throw new ApiError(
      403,
      'contract_not_downline',
      'Contracts are offered to your own direct downline only.',
    );
  }
  if (isTrialType(Number(downline.type))) {
    throw new ApiError(403, 'contract_downline_trial', 'A trial account cannot hold a contract.');
  }
  // An agent cannot offer anything to a member on a time-out or self-exclusion (issue 17).
  if (await isExcluded(tx, downline.id, new Date())) throw memberExcluded(downline.account);
  const event = offerEvent(request.contractType, request.terms);
  refuse('none', event, 'upline');
  const contractType = event.contractType;
  await checkOfferWithinLimits(tx, config, caller.memberId, contractType, event.terms.rate);

  const [open] = await tx.query<{ id: string }>(
    `select id::text from contracts where downline_id = $1 and contract_type = $2 and state = 'offered'
     limit 1`,
    [downline.id, contractType],
  );
  if (open) {
    throw new ApiError(
      409,
      'contract_offer_pending',
      `An offer of this type is already waiting for the downline's answer.`,
      { contractId: open.id },
    );
  }
  const party = { uplineId: caller.memberId, downlineId: downline.id, contractType };
  checkRateUndercuts(await inEffectWith(tx, party, null), event);

  const next = nextContractState('none', emptyContractContext, event);
  if (!next) throw new ApiError(400, 'contract_invalid_terms', 'The offer is not valid.');
  const [created] = await tx.query<{ id: string }>(
    `insert into contracts (upline_id, downline_id, contract_type, state, terms, version)
     values ($1, $2, $3, $4, $5::jsonb, nextval('contract_versions')) returning id::text`,
    [caller.memberId, downline.id, contractType, next.state, JSON.stringify(next.context.terms)],
  );
  await tx.query(
    `insert into contract_events (contract_id, event, actor, from_state, to_state)
     values ($1, $2, 'upline', 'none', $3)`,
    [created!.id, event.type, next.state],
  );
  return { contracts: [await readRecord(tx, created!.id)] };
}

/**
 * Any other request, on one contract: the caller must be one of its parties (else it does not
 * exist for them), the shared machine refuses what that side may not send in this state, and an
 * acceptance ends, in the same transaction, every same-type contract in effect that the new
 * lower rate supersedes (the system's `contract.supersede`).
 */
async function actOnWithin(
  tx: Queryable,
  config: PlatformConfig,
  caller: ContractCaller,
  request: ContractActionRequest & { contractId: string },
  onlyType: ContractType | null,
): Promise<ContractChange> {
  const [peek] = await tx.query<{ upline_id: string; downline_id: string; contract_type: string }>(
    'select upline_id::text, downline_id::text, contract_type from contracts where id = $1::bigint',
    [request.contractId],
  );
  if (
    !peek ||
    (peek.upline_id !== caller.memberId && peek.downline_id !== caller.memberId) ||
    (onlyType !== null && peek.contract_type !== onlyType)
  ) {
    throw new ApiError(404, 'not_found', 'No such contract.');
  }
  // The same order as an offer: the downline, then its contracts.
  await lockDownline(tx, 'id', peek.downline_id);
  const row = (await lockContract(tx, request.contractId))!;
  const role: ContractRole = row.upline_id === caller.memberId ? 'upline' : 'downline';
  const event = eventOf(request, row);
  refuse(row.state, event, role);

  if (event.type !== 'contract.accept') {
    return { contracts: [await transitionWithin(tx, row, event, role)] };
  }
  const offered: OfferEvent = {
    type: 'contract.offer',
    contractType: row.contract_type,
    terms: contextOf(row).terms!,
  };
  const party = {
    uplineId: row.upline_id,
    downlineId: row.downline_id,
    contractType: row.contract_type,
  };
  // The limits again: the upline's own rate or the cap may have gone down since the offer.
  await checkOfferWithinLimits(tx, config, row.upline_id, row.contract_type, offered.terms.rate);
  const existing = await inEffectWith(tx, party, row.id);
  checkRateUndercuts(existing, offered);
  const accepted = await transitionWithin(tx, row, event, role);
  const superseded: ContractRecord[] = [];
  for (const old of existing) {
    if (
      !lowerRateSupersedes(
        { contractType: old.contract_type, terms: contextOf(old).terms! },
        offered,
      )
    ) {
      continue;
    }
    const supersede: ContractEvent = { type: 'contract.supersede', byContractId: row.id };
    refuse(old.state, supersede, 'system');
    superseded.push(await transitionWithin(tx, old, supersede, 'system'));
  }
  return { contracts: [accepted, ...superseded] };
}

/**
 * One contract request inside the caller's transaction. `onlyType` is set by the per-type
 * relays: they offer and act on their own type only.
 */
export async function contractActionWithin(
  tx: Queryable,
  config: PlatformConfig,
  caller: ContractCaller,
  request: ContractActionRequest,
  onlyType: ContractType | null = null,
): Promise<ContractChange> {
  if (
    onlyType !== null &&
    request.contractType !== undefined &&
    request.contractType !== onlyType
  ) {
    throw new ApiError(400, 'invalid_request', `contractType: this call is for ${onlyType}.`);
  }
  const typed = onlyType !== null ? { ...request, contractType: onlyType } : request;
  if (typed.contractId !== undefined) {
    return actOnWithin(tx, config, caller, { ...typed, contractId: typed.contractId }, onlyType);
  }
  if (typed.action !== 'offer') {
    throw new ApiError(400, 'invalid_request', `contractId: required to ${typed.action}.`);
  }
  return offerWithin(tx, config, caller, typed);
}

/**
 * contractActionWithin in a transaction of its own, with the notices to the party that did not
 * act (their inbox), then tells both parties' open pages.
 * Answers the first contract (the one acted on) as the caller's side sees it.
 */
export async function applyContractAction(
  deps: Platform,
  caller: ContractCaller,
  request: ContractActionRequest,
  onlyType: ContractType | null = null,
): Promise<ContractView> {
  const { change } = await commit(deps, async (work) => {
    const change = await contractActionWithin(work.tx, deps.config, caller, request, onlyType);
    const told = await contractNoticesWithin(work.tx, change.contracts, caller.memberId);
    work.changed('contract', change);
    work.changed('message', { memberIds: told, reason: 'received' });
    return { change };
  });
  const [acted] = change.contracts;
  return viewFor(acted!, acted!.upline.id === caller.memberId ? 'upline' : 'downline');
}

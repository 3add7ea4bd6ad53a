import {
  CONTRACT_STATES_IN_EFFECT,
  CONTRACT_TYPES,
  type ContractType,
  capBasisPoints,
  formatRate,
  offerableBasisPoints,
  parseRateBasisPoints,
} from '../../../src/shared/contracts';
import { isAgentType } from '../../../src/shared/identity';
import type { ContractLimitsView } from '../../../src/shared/realtime';
import type { PlatformConfig } from '../../config/schema';
import type { Database, Queryable } from '../../db/types';
import { ApiError } from '../../platform/apiError';

const IN_EFFECT = CONTRACT_STATES_IN_EFFECT.map((state) => `'${state}'`).join(', ');

/**
 * SQL for the rate (basis points) `member` holds for `type`: what the operator set for it, else
 * its own upline's contract in effect, else nothing (0). Both arguments are SQL expressions, so
 * the accrual can ask it of every upline of a chain in its one query.
 */
export function heldRateSql(member: string, type: string): string {
  return `coalesce(
    (select r.rate_bp from agent_rates r where r.member_id = ${member} and r.contract_type = ${type}),
    (select max(round((h.terms->>'rate')::numeric * 100))::int from contracts h
      where h.downline_id = ${member} and h.contract_type = ${type} and h.state in (${IN_EFFECT})),
    0)`;
}

export async function heldBasisPoints(
  tx: Queryable,
  memberId: string,
  type: ContractType,
): Promise<number> {
  const [row] = await tx.query<{ held: number }>(
    `select ${heldRateSql('$1::bigint', '$2::text')} as held`,
    [memberId, type],
  );
  return Number(row?.held ?? 0);
}

/**
 * An offer's rate against the limits, at the offer and again at the acceptance (the upline's
 * own rate may have gone down meanwhile): at most the type's cap, and at most what the upline
 * holds itself. The refusal names the highest rate allowed (`value.max`), for the form.
 */
export async function checkOfferWithinLimits(
  tx: Queryable,
  config: PlatformConfig,
  uplineId: string,
  type: ContractType,
  rate: string,
): Promise<void> {
  const offered = parseRateBasisPoints(rate);
  const cap = capBasisPoints(config.contracts, type);
  if (offered > cap) {
    throw new ApiError(
      400,
      'contract_rate_above_cap',
      `The highest ${type} rate on this platform is ${formatRate(cap)} %.`,
      { field: 'rate', max: formatRate(cap) },
    );
  }
  const held = await heldBasisPoints(tx, uplineId, type);
  if (offered > held) {
    const max = formatRate(offerableBasisPoints(config.contracts, type, held));
    throw new ApiError(
      400,
      'contract_rate_above_held',
      `You hold ${formatRate(held)} % for ${type} yourself: you can offer at most ${max} %.`,
      { field: 'rate', max, held: formatRate(held) },
    );
  }
}

/** What the caller may offer now, per type: the form shows it beside the rate. */
export async function contractLimitsFor(
  tx: Queryable,
  config: PlatformConfig,
  memberId: string,
): Promise<ContractLimitsView> {
  const entries = await Promise.all(
    CONTRACT_TYPES.map(async (type) => {
      const held = await heldBasisPoints(tx, memberId, type);
      return [
        type,
        {
          cap: formatRate(capBasisPoints(config.contracts, type)),
          held: formatRate(held),
          max: formatRate(offerableBasisPoints(config.contracts, type, held)),
        },
      ] as const;
    }),
  );
  return Object.fromEntries(entries) as ContractLimitsView;
}

/**
 * The operator sets an agent's own rate for a type (`npm run ops -- agent rate agent1
 * realTimeSalary 1.5`): at most the cap; `null` removes it (the agent then holds what its
 * upline's contract gives). Every change is logged with the old and new rate.
 */
export async function setAgentRate(
  db: Database,
  config: PlatformConfig,
  request: { account: string; contractType: ContractType; rate: string | null; actor: string },
): Promise<{ account: string; contractType: ContractType; rate: string | null }> {
  const rateBp = request.rate === null ? null : parseRateBasisPoints(request.rate);
  const cap = capBasisPoints(config.contracts, request.contractType);
  if (rateBp !== null && rateBp > cap) {
    throw new ApiError(
      400,
      'contract_rate_above_cap',
      `The highest ${request.contractType} rate on this platform is ${formatRate(cap)} %.`,
      { field: 'rate', max: formatRate(cap) },
    );
  }
  return db.transaction(async (tx) => {
    const [member] = await tx.query<{ id: string; account: string; type: number }>(
      'select id::text, account, type from members where lower(account) = lower($1) for update',
      [request.account],
    );
    if (!member) throw new ApiError(404, 'not_found', `No account ${request.account}.`);
    if (!isAgentType(Number(member.type))) {
      throw new ApiError(400, 'not_agent', `${member.account} is not an agent.`);
    }
    const [old] = await tx.query<{ rate_bp: number }>(
      'select rate_bp from agent_rates where member_id = $1 and contract_type = $2',
      [member.id, request.contractType],
    );
    if (rateBp === null) {
      await tx.query('delete from agent_rates where member_id = $1 and contract_type = $2', [
        member.id,
        request.contractType,
      ]);
    } else {
      await tx.query(
        `insert into agent_rates (member_id, contract_type, rate_bp) values ($1, $2, $3)
         on conflict (member_id, contract_type) do update set rate_bp = $3, updated_at = now()`,
        [member.id, request.contractType, rateBp],
      );
    }
    await tx.query(
      `insert into agent_rate_changes (member_id, contract_type, old_rate_bp, new_rate_bp, actor)
       values ($1, $2, $3, $4, $5)`,
      [member.id, request.contractType, old?.rate_bp ?? null, rateBp, request.actor],
    );
    return {
      account: member.account,
      contractType: request.contractType,
      rate: rateBp === null ? null : formatRate(rateBp),
    };
  });
}

/** An agent's rates as the operator sees them: set by the operator, and held now. */
export async function agentRates(
  db: Queryable,
  config: PlatformConfig,
  account: string,
): Promise<{ account: string; rates: Record<ContractType, { set: string | null; held: string }> }> {
  const [member] = await db.query<{ id: string; account: string }>(
    'select id::text, account from members where lower(account) = lower($1)',
    [account],
  );
  if (!member) throw new ApiError(404, 'not_found', `No account ${account}.`);
  const set = await db.query<{ contract_type: ContractType; rate_bp: number }>(
    'select contract_type, rate_bp from agent_rates where member_id = $1',
    [member.id],
  );
  const limits = await contractLimitsFor(db, config, member.id);
  const rates = Object.fromEntries(
    CONTRACT_TYPES.map((type) => {
      const own = set.find((row) => row.contract_type === type);
      return [type, { set: own ? formatRate(Number(own.rate_bp)) : null, held: limits[type].held }];
    }),
  ) as Record<ContractType, { set: string | null; held: string }>;
  return { account: member.account, rates };
}

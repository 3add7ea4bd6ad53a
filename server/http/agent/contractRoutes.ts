import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  CONTRACT_STATES,
  CONTRACT_TYPES,
  type ContractType,
  contractEventRoles,
  type ContractEventType,
} from '../../../src/shared/contracts';
import { ok } from '../../../src/shared/envelope';
import type { ContractAction } from '../../../src/shared/realtime';
import { DEFAULT_PAGE_SIZE } from '../../../src/shared/records';
import { applyContractAction } from '../../domain/contracts/lifecycle';
import { contractLimitsFor } from '../../domain/contracts/heldRates';
import { currentContracts, listContracts, listDownlines } from '../../domain/contracts/queries';
import { actionOf } from '../../domain/contracts/views';
import { sessionOf } from '../auth';
import type { AppDeps } from '../../deps';
import { parseInput } from '../errors';

/** Every event of the machine by its wire name; `supersede` is accepted only to be refused. */
export const CONTRACT_ACTIONS = (Object.keys(contractEventRoles) as ContractEventType[]).map(
  actionOf,
) as [ContractAction, ...ContractAction[]];

const id = z.string().regex(/^\d{1,18}$/, 'an id');
/** Typed text that reaches SQL: no control characters (PostgreSQL refuses NUL) or half pairs. */
const name = z
  .string()
  .trim()
  .min(1)
  .max(64)
  .regex(/^[^\p{Cc}\p{Cs}]+$/u, 'letters, digits and symbols only');
/** Present or not, each term's value is the shared guard's to judge (contract_invalid_terms). */
const terms = z
  .object({
    rate: z.unknown().optional(),
    activeMembers: z.unknown().optional(),
    periodBet: z.unknown().optional(),
    profitLoss: z.unknown().optional(),
  })
  .strict();

/**
 * One request of either side: `contractId` names the contract to act on; without it the
 * request is a new offer, to `downlineId` or the `downline` account, with `terms`.
 * `typeRequired`: the generic path needs `contractType` for an offer; a per-type relay fixes it.
 */
export function contractActionBody(typeRequired: boolean) {
  return z
    .object({
      action: z.enum(CONTRACT_ACTIONS),
      contractId: id.optional(),
      contractType: z.enum(CONTRACT_TYPES).optional(),
      downlineId: id.optional(),
      downline: name.optional(),
      terms: terms.optional(),
    })
    .strict()
    .superRefine((body, context) => {
      const issue = (path: string, message: string) =>
        context.addIssue({ code: 'custom', path: [path], message });
      if (body.contractId !== undefined) {
        if (body.downlineId !== undefined) issue('downlineId', 'only for a new offer');
        if (body.downline !== undefined) issue('downline', 'only for a new offer');
        return;
      }
      if (body.action !== 'offer') return issue('contractId', `required to ${body.action}`);
      if ((body.downlineId === undefined) === (body.downline === undefined)) {
        issue('downlineId', 'give downlineId or downline (the account), one of them');
      }
      if (body.terms === undefined) issue('terms', 'required to offer');
      if (typeRequired && body.contractType === undefined) {
        issue('contractType', `required to offer: one of ${CONTRACT_TYPES.join(', ')}`);
      }
    });
}

const actionBody = contractActionBody(true);
const page = z.coerce.number().int().min(1).max(10_000).default(1);
const pageSize = z.coerce.number().int().min(1).max(100).default(DEFAULT_PAGE_SIZE);
const listQuery = z
  .object({
    type: z.enum(CONTRACT_TYPES).optional(),
    role: z.enum(['upline', 'downline']).optional(),
    state: z.enum(CONTRACT_STATES.filter((state) => state !== 'none')).optional(),
    page,
    pageSize,
  })
  .strict();
const currentQuery = z.object({ type: z.enum(CONTRACT_TYPES) }).strict();
const downlinesQuery = z.object({ page, pageSize, keyword: name.optional() }).strict();

/** The session's member as the contract domain needs it. */
export const callerOf = (request: FastifyRequest) => {
  const session = sessionOf(request);
  return { memberId: session.memberId, type: session.type };
};

/** Runs one contract request (any side, any type, or `onlyType`) and answers the caller's view. */
export function actOnContract(
  deps: AppDeps,
  request: FastifyRequest,
  body: z.infer<typeof actionBody>,
  onlyType: ContractType | null,
) {
  return applyContractAction(deps, callerOf(request), body, onlyType);
}

/**
 * Contracts between an upline and its direct downlines (spec 3, 4, 6; issue 6).
 *
 * The spec's per-type relays (contractRelays.ts) keep their spec 7 methods, and two of them are
 * GET: a GET must not change anything (caches, prefetching and retries repeat it; our HTTP
 * client retries GETs), so those two only read. Acting therefore has a path of our own,
 * `POST /wps/agent/contracts`, for every type (the POST relays act too, on their own type);
 * reading every type is `GET /wps/agent/contracts` (all, paged) and
 * `GET /wps/agent/contracts/current?type=` (what the GET relays answer, for any type).
 *
 * Every call is 'realMoney': a player is a downline and answers offers, and a trial account
 * gets the spec's "a real account is needed" (contracts pay money; a trial never holds one).
 * Offering needs an agent, checked with the request (one path carries every action), and the
 * server checks on every action that the caller is the party the machine names.
 */
export async function contractRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  app.post(
    '/wps/agent/contracts',
    { schema: { body: actionBody }, config: { auth: 'realMoney' } },
    async (request) => {
      const body = parseInput(actionBody, request.body);
      return ok(await actOnContract(deps, request, body, null));
    },
  );

  app.get(
    '/wps/agent/contracts',
    { schema: { querystring: listQuery }, config: { auth: 'realMoney' } },
    async (request) => {
      const { memberId } = callerOf(request);
      const query = parseInput(listQuery, request.query);
      return ok(
        await listContracts(deps.db, memberId, {
          contractType: query.type,
          role: query.role,
          state: query.state,
          page: query.page,
          pageSize: query.pageSize,
        }),
      );
    },
  );

  // What the GET relays read, for every type (hourly and real-time have POST relays only).
  app.get(
    '/wps/agent/contracts/current',
    { schema: { querystring: currentQuery }, config: { auth: 'realMoney' } },
    async (request) => {
      const { type } = parseInput(currentQuery, request.query);
      return ok(await currentContracts(deps.db, callerOf(request).memberId, type));
    },
  );

  // The highest rate the agent may offer now, per type (issue 11): the form shows it.
  app.get('/wps/agent/contracts/limits', { config: { auth: 'agent' } }, async (request) => {
    parseInput(z.object({}).strict(), request.query);
    return ok(await contractLimitsFor(deps.db, deps.config, callerOf(request).memberId));
  });

  // Whom an agent can offer a contract to: its direct downlines.
  app.get(
    '/wps/agent/downlines',
    { schema: { querystring: downlinesQuery }, config: { auth: 'agent' } },
    async (request) => {
      const { memberId } = callerOf(request);
      return ok(await listDownlines(deps.db, memberId, parseInput(downlinesQuery, request.query)));
    },
  );
}

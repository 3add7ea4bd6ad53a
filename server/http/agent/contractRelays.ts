import type { FastifyRequest } from 'fastify';
import { contractRelays as relayOfType, type ContractType } from '../../../src/shared/contracts';
import { currentContracts } from '../../domain/contracts/queries';
import type { AppDeps } from '../../deps';
import { parseInput } from '../errors';
import type { RelayHandler, RelayTable } from '../relay/dispatcher';
import { actOnContract, callerOf, contractActionBody } from './contractRoutes';

const relayBody = contractActionBody(false);

/**
 * The spec 7 contract relays, one per type, with the spec's methods: the GET ones
 * (MCS2_processDividendReq, MCS2_processDailySalContract) read the caller's open and in-effect
 * contracts of their type, as upline and as downline, each with the caller's moves; the POST
 * ones (MCS2_processContractHourSalary, MCSFE_processRealTimeSalaryContract) act on their type,
 * with the body of `POST /wps/agent/contracts` (see contractRoutes.ts for why acting on the
 * other two types goes there).
 */
export function contractRelays(deps: AppDeps): RelayTable {
  const read = (type: ContractType) => async (request: FastifyRequest) =>
    currentContracts(deps.db, callerOf(request).memberId, type);
  const act = (type: ContractType) => async (request: FastifyRequest) =>
    actOnContract(deps, request, parseInput(relayBody, request.body), type);
  // Written out (not built in a loop) so the API's document reads each relay's answer type.
  return {
    [relayOfType.dividend.name]: {
      method: relayOfType.dividend.method,
      auth: 'realMoney',
      handle: read('dividend'),
    },
    [relayOfType.dailySalary.name]: {
      method: relayOfType.dailySalary.method,
      auth: 'realMoney',
      handle: read('dailySalary'),
    },
    [relayOfType.hourlySalary.name]: {
      method: relayOfType.hourlySalary.method,
      auth: 'realMoney',
      body: relayBody,
      handle: act('hourlySalary'),
    },
    [relayOfType.realTimeSalary.name]: {
      method: relayOfType.realTimeSalary.method,
      auth: 'realMoney',
      body: relayBody,
      handle: act('realTimeSalary'),
    },
  } satisfies Record<(typeof relayOfType)[ContractType]['name'], RelayHandler>;
}

import {
  CONTRACT_TYPES,
  contractRelays as relayOfType,
  type ContractType,
} from '../../../src/shared/contracts';
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
  const relay = (type: ContractType): RelayHandler => {
    const { method } = relayOfType[type];
    if (method === 'GET') {
      return {
        method,
        auth: 'realMoney',
        handle: async (request) => currentContracts(deps.db, callerOf(request).memberId, type),
      };
    }
    return {
      method,
      auth: 'realMoney',
      handle: async (request) =>
        actOnContract(deps, request, parseInput(relayBody, request.body), type),
    };
  };
  return Object.fromEntries(CONTRACT_TYPES.map((type) => [relayOfType[type].name, relay(type)]));
}

import { filter, merge } from 'rxjs';
import type { ContractSide, ContractView } from '../../../api/contracts';
import type { ContractType } from '../../../shared/contracts';
import type { Page } from '../../../shared/records';
import { liveList } from '../../../streams/live';
import { useServices } from '../../core/ServicesContext';
import { useLive } from '../../hooks/useLive';
import { agentFeature } from '../../../app/features/agent';
import { useFeature } from '../../core/useFeature';

export type ContractsState =
  | { kind: 'loading' }
  | { kind: 'failed'; code: string }
  | { kind: 'ready'; contracts: ContractView[] };

/**
 * The caller's contracts on one side (and type), kept live by the live primitive
 * (streams/live.ts): the list from REST, then the `contract` socket event by version (a newer
 * view replaces the row, an older one is dropped; a new contract goes on top); an event that
 * arrives while the list loads is applied on top of it; a reconnect that lost events reads
 * the list again. `merge` applies an action's answer the same way; `reload` reads the list
 * again with it kept on screen (after a failure: a fresh start).
 */
export function useContracts(role: ContractSide, type?: ContractType) {
  const contractsModule = useFeature(agentFeature).contracts;
  const { realtime } = useServices();
  const live = useLive<Page<ContractView>, ContractView>(
    `${role}:${type ?? ''}`,
    ({ refresh$, local$ }) =>
      liveList<ContractView, Page<ContractView>>({
        fetch: () => contractsModule.list({ role, type, pageSize: 50 }),
        events$: merge(realtime.event$('contract'), local$).pipe(
          filter((view) => view.role === role && (!type || view.contractType === type)),
        ),
        keyOf: (contract) => contract.id,
        seqOf: (contract) => contract.version,
        insert: (list, contract) => ({ ...list, items: [contract, ...list.items] }),
        refetch$: merge(realtime.reconnected$, refresh$),
        failFirst: true,
      }),
  );
  const state: ContractsState =
    live.state.kind === 'ready' ? { kind: 'ready', contracts: live.state.value.items } : live.state;
  return {
    state,
    merge: live.local,
    reload: live.state.kind === 'failed' ? live.retry : live.refresh,
  };
}

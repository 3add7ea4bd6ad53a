import { useCallback, useEffect, useState } from 'react';
import type { ContractSide, ContractView } from '../../../api/contracts';
import type { ContractType } from '../../../shared/contracts';
import { useServices } from '../../core/ServicesContext';
import { useContractsApi } from './useContractsApi';

export type ContractsState =
  | { kind: 'loading' }
  | { kind: 'failed'; code: string }
  | { kind: 'ready'; contracts: ContractView[] };

/**
 * The caller's contracts on one side (and type), kept live: the list from REST, then the
 * `contract` socket event by version (a newer view replaces the row; a new contract goes on
 * top); a reconnect reads the list again.
 */
export function useContracts(role: ContractSide, type?: ContractType) {
  const api = useContractsApi();
  const { realtime } = useServices();
  const [state, setState] = useState<ContractsState>({ kind: 'loading' });
  const [reads, setReads] = useState(0);

  useEffect(() => {
    let current = true;
    api.list({ role, type, pageSize: 50 }).then(
      (page) => current && setState({ kind: 'ready', contracts: page.items }),
      (error: { code?: string }) =>
        current && setState({ kind: 'failed', code: error.code ?? 'unknown_error' }),
    );
    return () => {
      current = false;
    };
  }, [api, role, type, reads]);

  const merge = useCallback(
    (view: ContractView) => {
      if (view.role !== role || (type && view.contractType !== type)) return;
      setState((current) => {
        if (current.kind !== 'ready') return current;
        const index = current.contracts.findIndex((contract) => contract.id === view.id);
        if (index === -1) return { kind: 'ready', contracts: [view, ...current.contracts] };
        if (current.contracts[index]!.version >= view.version) return current;
        return {
          kind: 'ready',
          contracts: current.contracts.map((contract, at) => (at === index ? view : contract)),
        };
      });
    },
    [role, type],
  );

  useEffect(() => {
    const events = realtime.event$('contract').subscribe(merge);
    const reconnects = realtime.reconnected$.subscribe(() => setReads((n) => n + 1));
    return () => {
      events.unsubscribe();
      reconnects.unsubscribe();
    };
  }, [realtime, merge]);

  return { state, merge, reload: () => setReads((n) => n + 1) };
}

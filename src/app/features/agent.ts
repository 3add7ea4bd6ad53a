import { createAgentApi } from '../../api/agent';
import { createContractsApi } from '../../api/contracts';
import type { SalaryView } from '../../shared/salary';
import type { Observable } from 'rxjs';
import { createSalaryStream } from '../../streams/salary';
import { defineFeature } from '../feature';

/**
 * The agent's back office (spec 5): team reports and registering downlines, contracts offered
 * and received, and each contract type's salary kept live by `salary` events (one store per
 * type for the tab).
 */
export const agentFeature = defineFeature('agent', ({ http, sealed }, { realtime }) => {
  const salaries = new Map<string, Observable<SalaryView | null>>();
  return {
    ...createAgentApi(http, sealed),
    contracts: createContractsApi(http),
    /** The running period's salary of `contractType`, moving with each downline bet. */
    salary$(contractType: string): Observable<SalaryView | null> {
      let stream = salaries.get(contractType);
      if (!stream) {
        stream = createSalaryStream({
          contractType,
          events$: realtime.event$('salary'),
          reconnected$: realtime.reconnected$,
          fetchSnapshot: () =>
            http.get<SalaryView>('/wps/agent/salary', { searchParams: { contractType } }),
        });
        salaries.set(contractType, stream);
      }
      return stream;
    },
  };
});

export type AgentFeature = ReturnType<typeof agentFeature>;

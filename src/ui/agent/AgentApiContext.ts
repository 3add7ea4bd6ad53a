import { createContext, useContext, useMemo } from 'react';
import { type AgentApi, createAgentApi } from '../../api/agent';
import type { Http } from '../../api/http';
import { createSealedCalls } from '../../api/sealedCalls';

/** The back office's calls, made once by AgentHomePage for its pages. */
export const AgentApiContext = createContext<AgentApi | null>(null);

export function useAgentApi(): AgentApi {
  const api = useContext(AgentApiContext);
  if (!api) throw new Error('useAgentApi must be used inside AgentHomePage');
  return api;
}

/** The back office's calls over the tab's HTTP client, made once per client (AgentHomePage). */
export function useNewAgentApi(http: Http): AgentApi {
  return useMemo(() => createAgentApi(http, createSealedCalls(http)), [http]);
}

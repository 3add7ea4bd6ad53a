import { createContext, useContext } from 'react';
import type { AgentApi } from '../../api/agent';

/** The back office's calls, made once by AgentHomePage for its pages. */
export const AgentApiContext = createContext<AgentApi | null>(null);

export function useAgentApi(): AgentApi {
  const api = useContext(AgentApiContext);
  if (!api) throw new Error('useAgentApi must be used inside AgentHomePage');
  return api;
}

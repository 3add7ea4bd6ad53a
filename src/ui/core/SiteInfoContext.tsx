import { createContext, useContext } from 'react';
import type { SystemStatusResponse } from '../../shared/system';

/** The status snapshot's site information (brand, languages, flags, links) for every view. */
export const SiteInfoContext = createContext<SystemStatusResponse | null>(null);

export function useSiteInfo(): SystemStatusResponse {
  const info = useContext(SiteInfoContext);
  if (!info) throw new Error('useSiteInfo must be used inside <SystemGate>');
  return info;
}

import { useMemo } from 'react';
import { pickCdnBase } from '../../shared/gameImages';
import { useSiteInfo } from '../core/SiteInfoContext';

/**
 * The pick lives in memory for the tab's life, not in session storage: logout clears all
 * session storage (spec 4), and the page would write the pick straight back.
 */
const picks = new Map<string, string>();
const memory = {
  getItem: (key: string) => picks.get(key) ?? null,
  setItem: (key: string, value: string) => void picks.set(key, value),
};

/** The image CDN base of this tab: picked at random from imageCDNs once per session (spec 9). */
export function useImageBase(): string {
  const cdns = useSiteInfo().info.imageCDNs;
  return useMemo(() => pickCdnBase(cdns, { store: memory, key: 'imageCdn' }), [cdns]);
}

import { useMemo } from 'react';
import { pickCdnBase } from '../../games/images';
import { useSiteInfo } from '../system/SiteInfoContext';

/** The image CDN base of this tab: picked at random from imageCDNs once per session (spec 9). */
export function useImageBase(): string {
  const cdns = useSiteInfo().info.imageCDNs;
  return useMemo(() => pickCdnBase(cdns, { store: sessionStorage, key: 'imageCdn' }), [cdns]);
}

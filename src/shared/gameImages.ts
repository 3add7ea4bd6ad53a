/**
 * Where images come from (spec 3 "Vendor images", spec 9 "image CDN base picked at random").
 * Pure string building; the CDN choice takes its randomness and memory from the caller.
 */

/** What remembers the pick for the tab's session (an in-memory store in the page). */
export type PickStore = Pick<Storage, 'getItem' | 'setItem'>;

const trimEnd = (base: string) => base.replace(/\/+$/, '');

/**
 * Picks one base from the configured CDNs (imageCDNs or launchGameCDNs) at random, once per
 * session: a remembered pick is kept while it is still configured, so every image of the tab
 * comes from one host (and its cache). An empty list gives the fallback (same origin: '').
 */
export function pickCdnBase(
  cdns: readonly string[],
  options: { random?: () => number; store?: PickStore; key?: string; fallback?: string } = {},
): string {
  const candidates = cdns.map((cdn) => trimEnd(cdn.trim())).filter((cdn) => cdn !== '');
  if (candidates.length === 0) return trimEnd(options.fallback ?? '');
  const key = options.key ?? 'imageCdn';
  const remembered = options.store?.getItem(key);
  if (remembered !== null && remembered !== undefined && candidates.includes(remembered)) {
    return remembered;
  }
  const random = options.random ?? Math.random;
  const index = Math.min(candidates.length - 1, Math.floor(random() * candidates.length));
  const picked = candidates[index] ?? candidates[0]!;
  options.store?.setItem(key, picked);
  return picked;
}

/** A server path that already names its host (or is inline) is used as it is. */
const ABSOLUTE = /^(?:[a-z][a-z\d+.-]*:|\/\/)/i;

/**
 * Resolves an image path from the server against the picked CDN base: absolute URLs pass,
 * relative paths get the base. Nothing (null, blank) stays null so the view shows its
 * placeholder.
 */
export function resolveImage(base: string, path: string | null | undefined): string | null {
  const trimmed = path?.trim() ?? '';
  if (trimmed === '') return null;
  if (ABSOLUTE.test(trimmed)) return trimmed;
  return `${trimEnd(base)}/${trimmed.replace(/^\/+/, '')}`;
}

export type RngVendorTone = 'WHITE' | 'COLOR' | 'BLACK';

/** Vendor images under {imgUrl}/TCG_PROD_IMAGES/ (spec 3). */
export function createVendorImages(imgUrl: string) {
  const root = `${trimEnd(imgUrl)}/TCG_PROD_IMAGES`;
  const part = encodeURIComponent;
  return {
    /** The small vendor icon of menus: the active one for the selected vendor. */
    vendorIconSmall: (vassalage: string, active = false) =>
      `${root}/VENDOR_ICON_SMALL/${part(vassalage)}-${active ? 'ACTIVE' : 'DEFAULT'}.png`,
    /**
     * The vendor icon of RNG vendor lists. Spec 3: "A LOTT game type uses the ELOTT image in
     * RNG vendor icons": a lottery vendor there has no image of its own.
     */
    rngListVendor: (vendor: { vassalage: string; gameType: string }, tone: RngVendorTone) =>
      `${root}/RNG_LIST_VENDOR/${part(vendor.gameType === 'LOTT' ? 'ELOTT' : vendor.vassalage)}-${tone}.png`,
    /** The vendor picture of a category's submenu. */
    submenu: (gameType: string, vassalage: string) =>
      `${root}/SUBMENU_IMG/STYLE4/${part(gameType)}-${part(vassalage)}.png`,
  };
}

export type VendorImages = ReturnType<typeof createVendorImages>;

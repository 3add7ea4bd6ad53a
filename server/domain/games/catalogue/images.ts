import type { VendorImages } from '../../../../src/shared/games';

/**
 * Image paths of the catalogue (spec 3 "Vendor images"). They are relative to an image CDN
 * base: the browser prefixes a base it picks at random from the configured imageCDNs (spec 9),
 * e.g. "/cdn" + "/GAME_ICONS/PG-RNG-001.png". Our own "/cdn" serves generated artwork for every
 * path made here (server/http/games/artwork.ts).
 */
const VENDOR_IMAGES = '/TCG_PROD_IMAGES';

export function vendorImages(vassalage: string, gameType: string): VendorImages {
  // Spec 3: "A LOTT game type uses the ELOTT image in RNG vendor icons."
  const listName = gameType === 'LOTT' ? 'ELOTT' : vassalage;
  const list = `${VENDOR_IMAGES}/RNG_LIST_VENDOR/${listName}`;
  return {
    small: `${VENDOR_IMAGES}/VENDOR_ICON_SMALL/${vassalage}-DEFAULT.png`,
    smallActive: `${VENDOR_IMAGES}/VENDOR_ICON_SMALL/${vassalage}-ACTIVE.png`,
    listWhite: `${list}-WHITE.png`,
    listColor: `${list}-COLOR.png`,
    listBlack: `${list}-BLACK.png`,
    submenu: vendorEntryIcon(vassalage, gameType),
  };
}

/** The card of a vendor entry (a popup game list) in a category. */
export function vendorEntryIcon(vassalage: string, gameType: string): string {
  return `${VENDOR_IMAGES}/SUBMENU_IMG/STYLE4/${gameType}-${vassalage}.png`;
}

/** A game's icon; our path (the spec does not name one). */
export function gameIcon(nodeId: string): string {
  return `/GAME_ICONS/${nodeId}.png`;
}

/** What an image path shows, or null when it is not one of ours. */
export type ImageSubject =
  | { kind: 'vendorSmall'; vendor: string; active: boolean }
  | { kind: 'vendorList'; vendor: string; tone: 'WHITE' | 'COLOR' | 'BLACK' }
  | { kind: 'vendorEntry'; vendor: string; gameType: string }
  | { kind: 'game'; nodeId: string };

export function parseImagePath(path: string): ImageSubject | null {
  let match =
    /^\/TCG_PROD_IMAGES\/VENDOR_ICON_SMALL\/([A-Z0-9_]{1,30})-(DEFAULT|ACTIVE)\.png$/.exec(path);
  if (match) return { kind: 'vendorSmall', vendor: match[1]!, active: match[2] === 'ACTIVE' };
  match = /^\/TCG_PROD_IMAGES\/RNG_LIST_VENDOR\/([A-Z0-9_]{1,30})-(WHITE|COLOR|BLACK)\.png$/.exec(
    path,
  );
  if (match) {
    return { kind: 'vendorList', vendor: match[1]!, tone: match[2] as 'WHITE' | 'COLOR' | 'BLACK' };
  }
  match = /^\/TCG_PROD_IMAGES\/SUBMENU_IMG\/STYLE4\/([A-Z]{1,20})-([A-Z0-9_]{1,30})\.png$/.exec(
    path,
  );
  if (match) return { kind: 'vendorEntry', gameType: match[1]!, vendor: match[2]! };
  match = /^\/GAME_ICONS\/([A-Za-z0-9_-]{1,60})\.png$/.exec(path);
  if (match) return { kind: 'game', nodeId: match[1]! };
  return null;
}

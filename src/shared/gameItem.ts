import type { GameItem } from './games';
import { resolveImage } from './gameImages';

/**
 * What a game card shows when the server leaves a field out (spec 3 "Game item": gameName falls
 * back to nodeName, iconUrl to showIcon). An empty or blank string counts as missing: servers
 * send '' as often as null.
 */
const present = (value: string | null | undefined): value is string =>
  typeof value === 'string' && value.trim() !== '';

type Titled = Pick<GameItem, 'gameName' | 'nodeName'>;
type Pictured = Pick<GameItem, 'iconUrl' | 'showIcon'>;

/** The game's name on its card. */
export function gameTitle(game: Titled): string {
  if (present(game.gameName)) return game.gameName;
  return present(game.nodeName) ? game.nodeName : '';
}

/** The icon path as the server gave it, or null when it gave none. */
export function gameIconPath(game: Pictured): string | null {
  if (present(game.iconUrl)) return game.iconUrl;
  return present(game.showIcon) ? game.showIcon : null;
}

/** The icon URL against the picked image CDN base, or null for the placeholder. */
export function gameIconUrl(game: Pictured, imageBase: string): string | null {
  return resolveImage(imageBase, gameIconPath(game));
}

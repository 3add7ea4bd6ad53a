// The games feature's public face: what the home page and the back office use of it.
export { GameCard, GameCardSkeleton } from './GameCard';
export { GameLaunchProvider, useGameLaunch } from './GameLaunchContext';
export { useGameStores } from './gameStores';
export { LazyImage } from './LazyImage';
export { useGameList } from './useGameList';
export { useImageBase } from './useImageBase';
export { useVendors } from './useVendors';

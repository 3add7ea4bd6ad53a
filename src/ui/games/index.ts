// The games feature's public face: what the home page and the back office use of it. The
// home page's game sections (the lobby's lanes, hot games, the winner board) are the feature's
// too, and come with the home lobby's lazy chunk.
export { GameCard, GameCardSkeleton } from './GameCard';
export { GameLaunchProvider, useGameLaunch } from './GameLaunchContext';
export { useGameStores } from './gameStores';
export { LazyImage } from './LazyImage';
export { useGameList } from './useGameList';
export { useImageBase } from './useImageBase';
export { useVendorName, useVendors } from './useVendors';
export { CategoryLane } from './lobby/CategoryLane';
export { FavouriteLane } from './lobby/FavouriteLane';
export { HomeCategoryMenu } from './lobby/HomeCategoryMenu';
export { HotGames } from './lobby/HotGames';
export { RecentLane } from './lobby/RecentLane';
export { WinnerBoard } from './lobby/WinnerBoard';

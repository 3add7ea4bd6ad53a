import {
  CategoryLane,
  FavouriteLane,
  GameLaunchProvider,
  HomeCategoryMenu,
  HotGames,
  RecentLane,
  WinnerBoard,
} from '../games';
import { BannerCarousel } from './BannerCarousel';
import { NoticeMarquee } from './NoticeMarquee';
import { SportsEntrance } from './SportsEntrance';

/** Spec 2 home lists after hot games and favourites. */
const HOME_LISTS = ['RNG', 'FISH', 'LIVE', 'PVP', 'MXWIN'] as const;

/**
 * The lobby below the hero: banners and notice marquee, category menu, winner board, the
 * member's recently played games, hot games, favourites, the category lists and the sports entrance.
 */
export default function HomeLobby() {
  // Game cards launch through this provider (kept out of the first download: bench/ budget).
  return (
    <GameLaunchProvider>
      <BannerCarousel group="w_home" />
      <NoticeMarquee />
      <HomeCategoryMenu />
      <WinnerBoard />
      <RecentLane />
      <HotGames />
      <FavouriteLane />
      {HOME_LISTS.map((category) => (
        <CategoryLane key={category} category={category} />
      ))}
      <SportsEntrance />
    </GameLaunchProvider>
  );
}

import { BannerCarousel } from './BannerCarousel';
import { CategoryLane } from './CategoryLane';
import { HomeCategoryMenu } from './HomeCategoryMenu';
import { HotGames } from './HotGames';
import { NoticeMarquee } from './NoticeMarquee';
import { WinnerBoard } from './WinnerBoard';

/** Spec 2 home lists after hot games (favourites have their own page). */
const HOME_LISTS = ['RNG', 'FISH', 'LIVE', 'PVP', 'MXWIN'] as const;

/**
 * The lobby below the hero: banners and notice marquee, category menu, winner board, hot games
 * and the category lists.
 */
export default function HomeLobby() {
  return (
    <>
      <BannerCarousel group="w_home" />
      <NoticeMarquee />
      <HomeCategoryMenu />
      <WinnerBoard />
      <HotGames />
      {HOME_LISTS.map((category) => (
        <CategoryLane key={category} category={category} />
      ))}
    </>
  );
}

import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { type PopupName, usePopups } from '../popups/PopupContext';
import { useSiteInfo } from '../system/SiteInfoContext';
import { CategoryLane } from './CategoryLane';
import { HotGames } from './HotGames';
import { WinnerBoard } from './WinnerBoard';

/** Spec 2 home lists after hot games (favourites have their own page). */
const HOME_LISTS = ['RNG', 'FISH', 'LIVE', 'PVP', 'MXWIN'] as const;

/**
 * The home lobby: hot games, the category lists and the winner board.
 * `popup` is set by /login, /register and /help, which open their popup over home (spec 2).
 */
export function HomePage({ popup }: { popup?: PopupName }) {
  const { t } = useTranslation();
  const { open } = usePopups();
  const brand = useSiteInfo().info.brand;

  useEffect(() => {
    if (popup) open(popup);
  }, [popup, open]);

  return (
    <div className="home" data-testid="home-page">
      <section className="hero" aria-labelledby="home-title">
        <h1 id="home-title">{t('home.welcome', { brand: brand.name })}</h1>
        <p>{t('home.tagline')}</p>
      </section>
      <WinnerBoard />
      <HotGames />
      {HOME_LISTS.map((category) => (
        <CategoryLane key={category} category={category} />
      ))}
    </div>
  );
}

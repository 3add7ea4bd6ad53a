import { useEffect } from 'react';
import { lazySection } from '../core/lazySection';
import { useTranslation } from 'react-i18next';
import { type PopupName, usePopups } from '../core/PopupContext';
import { useSiteInfo } from '../core/SiteInfoContext';
import { EarlyBanner } from './EarlyBanner';

// The lobby (games, winners) is its own chunk, fetched right after the hero paints: the first
// download stays within the bundle budget (bench/).
// Until it arrives, the first banner stands in its place (EarlyBanner, preloaded by the server).
const HomeLobby = lazySection('HomeLobby', () => import('./HomeLobby'), {
  sectionTexts: false,
  Loading: EarlyBanner,
});

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
      <HomeLobby />
    </div>
  );
}

import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../components/EmptyState';
import { type PopupName, usePopups } from '../popups/PopupContext';
import { useSiteInfo } from '../system/SiteInfoContext';

/**
 * The home lobby. Banners, notices, category menu, game lists and the winner board come with
 * the catalogue (issue 5); until then each area says what will be there.
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
      <EmptyState title={t('home.gamesEmptyTitle')} icon="🎰">
        <p>{t('home.gamesEmptyBody')}</p>
      </EmptyState>
    </div>
  );
}

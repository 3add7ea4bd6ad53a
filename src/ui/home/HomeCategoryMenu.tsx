import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router-dom';
import { homeCategoryMenu } from '../../games/lanes';
import { useVendors } from '../games/useVendors';

/** Where each category of the menu leads (the game list or game centre page). */
const CATEGORY_PAGES: Record<string, string> = {
  RNG: '/rng',
  FISH: '/fish',
  LIVE: '/live',
  PVP: '/pvp',
  SPORTS: '/sports',
  ESPORTS: '/esports',
  LOTT: '/lott',
  ELOTT: '/elott',
};

/** Spec 2 home category menu: HOME, FAV, the server's categories with vendors, MXWIN. */
export function HomeCategoryMenu() {
  const { t } = useTranslation();
  const { categories } = useVendors();
  if (!categories) return null;
  return (
    <nav
      className="home-category-menu"
      aria-label={t('games.centre')}
      data-testid="home-category-menu"
    >
      {homeCategoryMenu(categories).map((item) =>
        item.kind === 'home' ? (
          <NavLink key="home" to="/" end>
            {t('games.home')}
          </NavLink>
        ) : item.kind === 'favourites' ? (
          <NavLink key="fav" to="/favorite">
            {t('games.fav')}
          </NavLink>
        ) : (
          <NavLink key={item.category} to={CATEGORY_PAGES[item.category] ?? `/#${item.category}`}>
            {t(`games.${item.category.toLowerCase()}`, { defaultValue: item.category })}
          </NavLink>
        ),
      )}
    </nav>
  );
}

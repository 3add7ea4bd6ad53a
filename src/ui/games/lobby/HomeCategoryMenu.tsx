import { useTranslation } from 'react-i18next';
import type { IconName } from '../../components/Icon';
import { PillLink, PillRow, PillRowSkeleton } from '../../components/Pill';
import { homeCategoryMenu } from '../../../shared/gameLanes';
import { useVendors } from '../useVendors';

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

const CATEGORY_ICONS: Record<string, IconName> = {
  RNG: 'slots',
  FISH: 'fish',
  LIVE: 'live',
  PVP: 'cards',
  SPORTS: 'sports',
  ESPORTS: 'esports',
  LOTT: 'lottery',
  ELOTT: 'lottery',
};

/** Spec 2 home category menu: HOME, FAV, the server's categories with vendors, MXWIN. */
export function HomeCategoryMenu() {
  const { t } = useTranslation();
  const { categories } = useVendors();
  if (!categories)
    return (
      <div className="home-category-menu">
        <PillRowSkeleton />
      </div>
    );
  return (
    <div className="home-category-menu" data-testid="home-category-menu">
      <PillRow label={t('games.centre')}>
        {homeCategoryMenu(categories).map((item) =>
          item.kind === 'home' ? (
            <PillLink key="home" to="/" end icon="home">
              {t('games.home')}
            </PillLink>
          ) : item.kind === 'favourites' ? (
            <PillLink key="fav" to="/favorite" icon="heart">
              {t('games.fav')}
            </PillLink>
          ) : (
            <PillLink
              key={item.category}
              to={CATEGORY_PAGES[item.category] ?? `/#${item.category}`}
              icon={CATEGORY_ICONS[item.category] ?? 'star'}
            >
              {t(`games.${item.category.toLowerCase()}`, { defaultValue: item.category })}
            </PillLink>
          ),
        )}
      </PillRow>
    </div>
  );
}

import { useTranslation } from 'react-i18next';
import type { GameItem } from '../../../shared/games';
import { EmptyState } from '../../components/EmptyState';
import { GameCard } from '../GameCard';
import { GameLaunchProvider } from '../GameLaunchContext';
import { useVendors } from '../useVendors';
import { Button } from '../../components/Button';

/** Spec 2: the game centre pages map to categories SPORTS, ESPORTS, LOTT, ELOTT. */
export type GameCenterCategory = 'SPORTS' | 'ESPORTS' | 'LOTT' | 'ELOTT';

/**
 * Lazy section GameCenter: one entry card per vendor of the category. A card launches by the
 * vendor rules of spec 4 (lottery vendors open their lottery page, others their lobby game).
 */
export default function GameCenterPage({ category }: { category: GameCenterCategory }) {
  const { t } = useTranslation();
  const { categories, failed, flush } = useVendors();
  const vendors = categories?.find((entry) => entry.gameCategory === category)?.vendors;
  const cards: GameItem[] = (vendors ?? []).map((vendor) => ({
    // No node id: the vendor's lobby game is opened (launchGame picks it).
    nodeId: '',
    displayName: vendor.displayName,
    gameName: vendor.displayName,
    iconUrl: `/TCG_PROD_IMAGES/SUBMENU_IMG/STYLE4/${category}-${vendor.vassalage}.png`,
    vassalage: vendor.vassalage,
    gameType: category,
    gameClassify: null,
    isGame: vendor.isGame ?? null,
  }));
  return (
    <GameLaunchProvider>
      <div className="section-page" data-testid={`game-centre-${category}`}>
        <h1>{t(`games.${category.toLowerCase()}`)}</h1>
        {failed && (
          <p role="alert">
            {t('errors.network')} <Button onClick={flush}>{t('common.retry')}</Button>
          </p>
        )}
        {!categories && !failed && <p role="status">{t('common.loading')}</p>}
        {categories && cards.length === 0 && <EmptyState title={t('games.none')} />}
        <div className="game-grid">
          {cards.map((card) => (
            <GameCard key={card.vassalage} game={card} origin="vendorList" headingLevel={2} />
          ))}
        </div>
      </div>
    </GameLaunchProvider>
  );
}

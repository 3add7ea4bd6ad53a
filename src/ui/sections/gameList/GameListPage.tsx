import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { gameTypeTabs } from '../../../games/lanes';
import { GameGrid } from '../../games/GameGrid';
import { useVendors } from '../../games/useVendors';
import { GameLaunchProvider } from '../../games/GameLaunchContext';
import { useSiteInfo } from '../../system/SiteInfoContext';

export type GameListType = 'live' | 'fish' | 'rng' | 'pvp';

/** Vendor menus switch to the large layout above this many vendors (spec 9). */
const LARGE_MENU_ABOVE = 10;

/**
 * Lazy section GameListCenter: /live, /fish, /rng?vassalage=, /pvp. Vendor tabs (the vendor in
 * the query), the slot subtypes (JP, TG, AC, ...), a name search, and the games 24 at a time.
 */
export default function GameListPage({ type }: { type: GameListType }) {
  const { t } = useTranslation();
  const gameType = type.toUpperCase();
  const [params, setParams] = useSearchParams();
  const vassalage = params.get('vassalage') ?? undefined;
  const [subtype, setSubtype] = useState<string | undefined>(undefined);
  const [keyword, setKeyword] = useState('');
  const { categories, failed, flush } = useVendors();
  const vendors = categories?.find((category) => category.gameCategory === gameType)?.vendors ?? [];
  const languages = useSiteInfo().info.brand.languages;

  const choose = (vendor: string | undefined) => {
    const next = new URLSearchParams(params);
    if (vendor) next.set('vassalage', vendor);
    else next.delete('vassalage');
    setParams(next, { replace: true });
  };

  return (
    <GameLaunchProvider>
      <div className="section-page game-list-page" data-testid={`game-list-${type}`}>
        <h1>{t(`games.${type}`)}</h1>
        {failed && (
          <p role="alert">
            {t('errors.network')}{' '}
            <button type="button" className="button secondary" onClick={flush}>
              {t('common.retry')}
            </button>
          </p>
        )}
        <nav
          className={`vendor-menu ${vendors.length > LARGE_MENU_ABOVE ? 'vendor-menu-large' : ''}`}
          aria-label={t('games.vendors')}
        >
          <button type="button" aria-pressed={!vassalage} onClick={() => choose(undefined)}>
            {t('records.all')}
          </button>
          {vendors.map((vendor) => (
            <button
              key={vendor.vassalage}
              type="button"
              aria-pressed={vassalage === vendor.vassalage}
              onClick={() => choose(vendor.vassalage)}
            >
              {vendor.displayName}
            </button>
          ))}
        </nav>
        {gameType === 'RNG' && (
          <nav className="subtype-tabs" aria-label={t('games.subtypes')}>
            <button type="button" aria-pressed={!subtype} onClick={() => setSubtype(undefined)}>
              {t('records.all')}
            </button>
            {gameTypeTabs(languages, ['SC', 'VP']).map((code) => (
              <button
                key={code}
                type="button"
                aria-pressed={subtype === code}
                onClick={() => setSubtype(code)}
              >
                {t(`games.subtype_${code}`)}
              </button>
            ))}
          </nav>
        )}
        <form
          className="game-search"
          role="search"
          onSubmit={(event) => {
            event.preventDefault();
            setKeyword(String(new FormData(event.currentTarget).get('keyword') ?? '').trim());
          }}
        >
          <label>
            {t('games.search')}
            <input type="search" name="keyword" maxLength={40} defaultValue={keyword} />
          </label>
          <button type="submit" className="button secondary">
            {t('records.search')}
          </button>
        </form>
        <GameGrid
          gameType={gameType}
          vassalage={vassalage}
          gameClassify={subtype}
          keyword={keyword || undefined}
          pageSize={24}
          testId="game-grid"
        />
      </div>
    </GameLaunchProvider>
  );
}

import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { gameTypeTabs } from '../../../shared/gameLanes';
import { GAME_LIST_PAGE_SIZE } from '../../../shared/gameListQuery';
import { GameGrid } from '../GameGrid';
import { useVendors } from '../useVendors';
import { GameLaunchProvider } from '../GameLaunchContext';
import { useSiteInfo } from '../../core/SiteInfoContext';
import { resolveImage } from '../../../shared/gameImages';
import { useImageBase } from '../useImageBase';
import { Button } from '../../components/Button';
import { PillButton, PillRow } from '../../components/Pill';

export type GameListType = 'live' | 'fish' | 'rng' | 'pvp';

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
  const imageBase = useImageBase();

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
            {t('errors.network')} <Button onClick={flush}>{t('common.retry')}</Button>
          </p>
        )}
        <div className="vendor-menu">
          <PillRow label={t('games.vendors')}>
            <PillButton pressed={!vassalage} onClick={() => choose(undefined)}>
              {t('records.all')}
            </PillButton>
            {vendors.map((vendor) => {
              const logo = vendor.images ? resolveImage(imageBase, vendor.images.small) : null;
              return (
                <PillButton
                  key={vendor.vassalage}
                  pressed={vassalage === vendor.vassalage}
                  onClick={() => choose(vendor.vassalage)}
                >
                  {logo && <img className="vendor-logo" src={logo} alt="" width={24} height={24} />}
                  {vendor.displayName}
                </PillButton>
              );
            })}
          </PillRow>
        </div>
        {gameType === 'RNG' && (
          <div className="subtype-tabs">
            <PillRow label={t('games.subtypes')}>
              <PillButton pressed={!subtype} onClick={() => setSubtype(undefined)}>
                {t('records.all')}
              </PillButton>
              {gameTypeTabs(languages, ['SC', 'VP']).map((code) => (
                <PillButton key={code} pressed={subtype === code} onClick={() => setSubtype(code)}>
                  {t(`games.subtype_${code}`)}
                </PillButton>
              ))}
            </PillRow>
          </div>
        )}
        <form
          className="game-search"
          role="search"
          onSubmit={(event) => {
            event.preventDefault();
            setKeyword(String(new FormData(event.currentTarget).get('keyword') ?? '').trim());
          }}
        >
          <label className="field">
            <span className="field-label">{t('games.search')}</span>
            <input type="search" name="keyword" maxLength={40} defaultValue={keyword} />
          </label>
          <Button type="submit" icon="search">
            {t('records.search')}
          </Button>
        </form>
        <GameGrid
          gameType={gameType}
          vassalage={vassalage}
          gameClassify={subtype}
          keyword={keyword || undefined}
          pageSize={GAME_LIST_PAGE_SIZE}
          testId="game-grid"
        />
      </div>
    </GameLaunchProvider>
  );
}

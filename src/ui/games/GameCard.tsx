import { useTranslation } from 'react-i18next';
import { Skeleton, SkeletonText } from '../components/Skeleton';
import { gameIconUrl, gameTitle } from '../../shared/gameItem';
import { type LaunchOrigin, offersFreeTrial } from '../../shared/gameLaunch';
import type { GameItem } from '../../shared/games';
import { FavouriteToggle } from './FavouriteToggle';
import { LazyImage } from './LazyImage';
import { useGameLaunch } from './GameLaunchContext';
import { useImageBase } from './useImageBase';
import { Button } from '../components/Button';

/** Spec 2 "Game item card": image, vendor, name, play now, free trial, favourite toggle. */
export function GameCard({
  game,
  origin = 'gameList',
  headingLevel = 3,
  priority = false,
}: {
  game: GameItem;
  /** In the first screen: its picture is fetched at once (LazyImage `priority`). */
  priority?: boolean;
  origin?: LaunchOrigin;
  /** 3 under a lane's title; 2 in a grid right under the page's h1. */
  headingLevel?: 2 | 3;
}) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const { t } = useTranslation();
  const imageBase = useImageBase();
  const { launch, busy } = useGameLaunch();
  const title = gameTitle(game);
  const loading = busy === game.nodeId;
  return (
    <article className="game-card" data-testid="game-card" data-node={game.nodeId}>
      <LazyImage
        src={gameIconUrl(game, imageBase)}
        alt={title}
        className="game-card-image"
        priority={priority}
      />
      <div className="game-card-body">
        <p className="game-card-vendor">{game.displayName}</p>
        <Heading className="game-card-name" title={title}>
          {title}
        </Heading>
        <div className="game-card-actions">
          <Button
            variant="primary"
            disabled={loading}
            aria-busy={loading}
            onClick={() => void launch(game, 'real', origin)}
          >
            {loading ? t('common.loading') : t('games.playNow')}
          </Button>
          {offersFreeTrial(game) && (
            <Button disabled={loading} onClick={() => void launch(game, 'demo', origin)}>
              {t('games.freeTrial')}
            </Button>
          )}
          {game.isGame !== 'VASSALAGE' && <FavouriteToggle game={game} />}
        </div>
      </div>
    </article>
  );
}

/** A game card's shape while the list loads: the same size, so nothing moves when it arrives. */
export function GameCardSkeleton() {
  return (
    <div className="game-card game-card-skeleton skeleton-group" aria-hidden="true">
      <Skeleton aspectRatio="1 / 1" radius="0" />
      <div className="game-card-body">
        <p className="game-card-vendor">
          <Skeleton height="1em" width="50%" />
        </p>
        <div className="game-card-name">
          <SkeletonText lines={2} />
        </div>
        <div className="game-card-actions">
          <Skeleton className="game-card-action-skeleton" height="36px" radius="999px" />
        </div>
      </div>
    </div>
  );
}

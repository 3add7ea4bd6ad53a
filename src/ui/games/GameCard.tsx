import { useTranslation } from 'react-i18next';
import { Skeleton } from '../components/Skeleton';
import { gameIconUrl, gameTitle } from '../../shared/gameItem';
import { type LaunchOrigin, offersFreeTrial } from '../../shared/gameLaunch';
import type { GameItem } from '../../shared/games';
import { FavouriteToggle } from './FavouriteToggle';
import { LazyImage } from './LazyImage';
import { useGameLaunch } from './GameLaunchContext';
import { useImageBase } from './useImageBase';

/**
 * Spec 2 "Game item card", as a dense tile (issue 34, finding 7): the artwork, the name and the
 * vendor, and the whole tile is the play button (real play; a guest is asked to log in by the
 * launch). Free trial is a small chip and the favourite a heart, both over the artwork. Three
 * tiles a row on a phone, where the cards with their two full-width buttons showed 1.5 games.
 *
 * The play button lies over the whole tile (CSS), so the tile's text stays a heading (a heading
 * cannot sit inside a button) and the chip and heart, above it, stay their own buttons. Its name
 * is "Play now: <game>", read after the heading.
 */
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
  /** 3 under a lane's title; 2 in a grid right under the page's h1; deeper in the search. */
  headingLevel?: 2 | 3 | 4 | 5;
}) {
  const Heading = `h${headingLevel}` as const;
  const { t } = useTranslation();
  const imageBase = useImageBase();
  const { launch, busy } = useGameLaunch();
  const title = gameTitle(game);
  const loading = busy === game.nodeId;
  return (
    <article
      className="game-card"
      data-testid="game-card"
      data-node={game.nodeId}
      aria-busy={loading || undefined}
    >
      <LazyImage
        src={gameIconUrl(game, imageBase)}
        // The name is the heading right under it: the picture adds nothing to read.
        alt=""
        className="game-card-image"
        priority={priority}
      />
      {loading && (
        <span className="game-card-busy" role="status" aria-label={t('common.loading')}>
          <span className="spinner" aria-hidden="true" />
        </span>
      )}
      <div className="game-card-body">
        <Heading className="game-card-name" title={title}>
          {title}
        </Heading>
        <p className="game-card-vendor">{game.displayName}</p>
      </div>
      <button
        type="button"
        className="game-card-play"
        disabled={loading}
        aria-label={`${t('games.playNow')}: ${title}`}
        data-testid="game-play"
        onClick={() => void launch(game, 'real', origin)}
      />
      <div className="game-card-actions">
        {offersFreeTrial(game) && (
          <button
            type="button"
            className="game-card-trial"
            disabled={loading}
            onClick={() => void launch(game, 'demo', origin)}
          >
            {/* Its name starts with the word it shows (axe label-in-name), then the game. */}
            {t('games.demo')}
            <span className="visually-hidden">: {title}</span>
          </button>
        )}
        {game.isGame !== 'VASSALAGE' && <FavouriteToggle game={game} />}
      </div>
    </article>
  );
}

/** A game tile's shape while the list loads: the same size, so nothing moves when it arrives. */
export function GameCardSkeleton() {
  return (
    <div className="game-card game-card-skeleton skeleton-group" aria-hidden="true">
      <Skeleton aspectRatio="1 / 1" radius="0" />
      <div className="game-card-body">
        <div className="game-card-name">
          <Skeleton height="1em" width="80%" />
        </div>
        <p className="game-card-vendor">
          <Skeleton height="1em" width="50%" />
        </p>
      </div>
    </div>
  );
}

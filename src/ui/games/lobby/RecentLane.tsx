import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { GameCard } from '../GameCard';
import { useGameLaunch } from '../GameLaunchContext';
import { useQuery } from '../../hooks/useQuery';
import { useSession } from '../../core/session/useSession';
import { gamesFeature } from '../../../app/features/games';
import { useFeature } from '../../core/useFeature';

/** How many recent games the home lane shows (the page /recent lists the 20 kept). */
const RECENT_LANE_GAMES = 12;

/**
 * "Recently played" on home (issue 34, finding 7): a logged-in member's last games, newest first,
 * so a returning player is one tap from the game they left. Nothing for a guest, and nothing
 * until the member has played (no empty lane). It asks again after a game is opened from the
 * lobby, so the game just played moves to the front.
 */
export function RecentLane() {
  const { isLogin, member } = useSession();
  if (!isLogin || !member) return null;
  return <RecentGames account={member.account} />;
}

function RecentGames({ account }: { account: string }) {
  const { t, i18n } = useTranslation();
  const gamesModule = useFeature(gamesFeature);
  const { launched } = useGameLaunch();
  const language = i18n.language.toUpperCase();
  const { state } = useQuery(`recent:${account}:${language}:${launched}`, () =>
    gamesModule.recentGames(language),
  );
  const games =
    state.kind === 'ready' ? state.value : state.kind === 'loading' ? state.previous : null;
  if (!games || games.length === 0) return null;
  return (
    <section className="home-lane" aria-labelledby="lane-RECENT" data-testid="home-lane-RECENT">
      <header className="home-lane-header">
        <h2 id="lane-RECENT">{t('games.recent')}</h2>
        <Link to="/recent">{t('games.seeAllRecent')}</Link>
      </header>
      <div className="game-row">
        {games.slice(0, RECENT_LANE_GAMES).map((game) => (
          <GameCard key={game.nodeId} game={game} />
        ))}
      </div>
    </section>
  );
}

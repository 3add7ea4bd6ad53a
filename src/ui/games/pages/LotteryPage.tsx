import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import {
  type LotteryPage as LotteryPageName,
  lotteryVendorOf,
  lottoLaunchRequest,
  prizeModeForPage,
} from '../../../shared/prizeMode';
import type { LotteryMenuGroup } from '../../../shared/games';
import { useErrorText } from '../../components/forms/useErrorText';
import { useVendors } from '../useVendors';
import { useQuery } from '../../hooks/useQuery';
import { LotteryDraws } from '../lottery/LotteryDraws';
import { gamesFeature } from '../../../app/features/games';
import { useFeature } from '../../core/useFeature';

export type LotteryKind = LotteryPageName;

type Launched = { url: string } | { failed: string } | null;

/**
 * Lazy section Lottery: /lottery, /seaLottery, /vnLottery with ?gameCode= (login required by
 * the route). The page's prize mode (spec 4) picks the menu and the launch; launchGame gets the
 * lotto fields (spec 7) and the game shows in the page, the lottery menu beside it.
 */
export default function LotteryPage({ kind }: { kind: LotteryKind }) {
  const { t, i18n } = useTranslation();
  const errorText = useErrorText();
  const gamesModule = useFeature(gamesFeature);
  const [params] = useSearchParams();
  const gameCode = params.get('gameCode') || null;
  const { categories } = useVendors();
  const prizeMode = categories ? prizeModeForPage(kind, categories) : null;
  const language = i18n.language.toUpperCase();
  // The menu of the page's prize mode; an empty one when it cannot be had (the game still runs).
  const menuQuery = useQuery(prizeMode ? `${prizeMode}:${kind}` : null, () =>
    gamesModule.lotteryMenu(prizeMode!, kind === 'vnLottery').catch((): LotteryMenuGroup[] => []),
  );
  const menu = menuQuery.state.kind === 'ready' ? { groups: menuQuery.state.value } : null;
  // The game's launch, asked again when the game, the mode or the language changes.
  const launch = useQuery(prizeMode ? `${kind}:${prizeMode}:${gameCode}:${language}` : null, () =>
    gamesModule.launch(
      lottoLaunchRequest({
        page: kind,
        prizeMode: prizeMode!,
        gameCode,
        backUrl: window.location.href,
        language,
      }),
    ),
  );
  const game: Launched =
    launch.state.kind === 'ready'
      ? { url: launch.state.value.url }
      : launch.state.kind === 'failed'
        ? { failed: launch.state.code }
        : null;
  return (
    <div
      className="section-page lottery-page"
      data-testid={`${kind}-page`}
      data-game-code={gameCode ?? ''}
    >
      <h1>{t(`section.${kind}`)}</h1>
      <div className="lottery-layout">
        <nav className="lottery-menu" aria-label={t('games.lott')} data-testid="lottery-menu">
          {menu === null ? (
            <p role="status">{t('common.loading')}</p>
          ) : (
            menu.groups.map((group) => (
              <section key={group.groupCode}>
                <h2>{group.groupName}</h2>
                <ul>
                  {group.gameMenus.map((entry) => (
                    <li key={entry.gameCode}>
                      <Link
                        to={`?gameCode=${encodeURIComponent(entry.gameCode)}`}
                        aria-current={entry.gameCode === gameCode ? 'page' : undefined}
                      >
                        {entry.gameName}
                      </Link>
                    </li>
                  ))}
                </ul>
              </section>
            ))
          )}
        </nav>
        <div className="lottery-game">
          {game === null && (
            <p role="status">
              <span className="spinner" aria-hidden="true" /> {t('common.loading')}
            </p>
          )}
          {game && 'failed' in game && <p role="alert">{errorText(game.failed)}</p>}
          {game && 'url' in game && (
            <iframe
              className="game-frame lottery-frame"
              src={game.url}
              title={t(`section.${kind}`)}
            />
          )}
        </div>
      </div>
      {prizeMode && (
        <LotteryDraws
          vendor={lotteryVendorOf(kind, prizeMode)}
          gameCode={gameCode}
          language={language}
        />
      )}
    </div>
  );
}

import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import {
  type LotteryPage as LotteryPageName,
  lottoLaunchRequest,
  prizeModeForPage,
} from '../../../games/prizeMode';
import type { LotteryMenuGroup } from '../../../shared/games';
import { useServices } from '../../core/ServicesContext';
import { useErrorText } from '../../components/forms/useErrorText';
import { useVendors } from '../useVendors';

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
  const { gamesApi } = useServices();
  const [params] = useSearchParams();
  const gameCode = params.get('gameCode') || null;
  const { categories } = useVendors();
  const prizeMode = categories ? prizeModeForPage(kind, categories) : null;
  const language = i18n.language.toUpperCase();
  const [menu, setMenu] = useState<{ mode: string; groups: LotteryMenuGroup[] } | null>(null);
  const [launched, setLaunched] = useState<{ key: string; value: Launched }>({
    key: '',
    value: null,
  });
  const launchKey = `${prizeMode}:${gameCode}:${language}`;

  useEffect(() => {
    if (!prizeMode) return;
    let current = true;
    gamesApi.lotteryMenu(prizeMode, kind === 'vnLottery').then(
      (groups) => current && setMenu({ mode: prizeMode, groups }),
      () => current && setMenu({ mode: prizeMode, groups: [] }),
    );
    return () => {
      current = false;
    };
  }, [gamesApi, kind, prizeMode]);

  useEffect(() => {
    if (!prizeMode) return;
    let current = true;
    const request = lottoLaunchRequest({
      page: kind,
      prizeMode,
      gameCode,
      backUrl: window.location.href,
      language,
    });
    gamesApi.launch(request).then(
      (result) => current && setLaunched({ key: launchKey, value: { url: result.url } }),
      (error: { code?: string }) =>
        current &&
        setLaunched({ key: launchKey, value: { failed: error.code ?? 'unknown_error' } }),
    );
    return () => {
      current = false;
    };
  }, [gamesApi, kind, prizeMode, gameCode, language, launchKey]);

  const game = launched.key === launchKey ? launched.value : null;
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
    </div>
  );
}

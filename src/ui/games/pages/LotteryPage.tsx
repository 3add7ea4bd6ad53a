import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import {
  type LotteryPage as LotteryPageName,
  lotteryVendorOf,
  lottoLaunchRequest,
  prizeModeForPage,
} from '../../../shared/prizeMode';
import type { LotteryGameMenu, LotteryMenuGroup } from '../../../shared/games';
import { countdownText, type LobbyGame } from '../../../shared/lottery';
import { EmptyState } from '../../components/EmptyState';
import { useErrorText } from '../../components/forms/useErrorText';
import { Tabs } from '../../components/Tabs';
import { useVendors } from '../useVendors';
import { useQuery } from '../../hooks/useQuery';
import { LotteryDraws } from '../lottery/LotteryDraws';
import { useLotteryDraws } from '../lottery/useLotteryDraws';
import { gamesFeature } from '../../../app/features/games';
import { useFeature } from '../../core/useFeature';

export type LotteryKind = LotteryPageName;

type Launched = { url: string } | { failed: string } | null;

/** Up to this width the chooser and the game stack on a phone: choosing scrolls to the game. */
const PHONE_QUERY = '(max-width: 700px)';

/**
 * The chooser (issue 34, finding 4): the menu's groups as tabs (the Vietnam lottery's regions),
 * the chosen group's games as a wrap of chips, each with its next draw's countdown (the lobby
 * info the page already has). The chosen game is aria-current, and its group's tab is selected
 * until the player picks another.
 */
function LotteryChooser({
  groups,
  gameCode,
  closesAt,
  now,
  region,
  onRegion,
}: {
  groups: LotteryMenuGroup[] | null;
  gameCode: string | null;
  closesAt: ReadonlyMap<string, string>;
  now: number;
  region: string | null;
  onRegion: (groupCode: string) => void;
}) {
  const { t } = useTranslation();
  const panelId = useId();
  const group = groups?.find((candidate) => candidate.groupCode === region) ?? groups?.[0];
  const tabbed = (groups?.length ?? 0) > 1;
  return (
    <nav className="lottery-menu" aria-label={t('games.lott')} data-testid="lottery-menu">
      {groups === null ? (
        <p role="status">{t('common.loading')}</p>
      ) : !group ? null : (
        <>
          <Tabs
            label={t('lottery.regions')}
            items={groups.map((candidate) => ({
              id: candidate.groupCode,
              label: candidate.groupName,
            }))}
            current={group.groupCode}
            onSelect={onRegion}
            panelId={panelId}
          />
          <div
            id={panelId}
            role={tabbed ? 'tabpanel' : undefined}
            aria-label={tabbed ? group.groupName : undefined}
          >
            <ul className="lottery-cities">
              {group.gameMenus.map((entry) => {
                const closes = closesAt.get(entry.gameCode);
                return (
                  <li key={entry.gameCode}>
                    <Link
                      className="lottery-city"
                      to={`?gameCode=${encodeURIComponent(entry.gameCode)}`}
                      aria-current={entry.gameCode === gameCode ? 'page' : undefined}
                      data-testid="lottery-city"
                      data-game-code={entry.gameCode}
                    >
                      <span className="lottery-city-name">{entry.gameName}</span>
                      {closes && (
                        <span className="lottery-city-countdown">
                          {t('lottery.closesIn', {
                            time: countdownText(Date.parse(closes), now),
                          })}
                        </span>
                      )}
                    </Link>
                  </li>
                );
              })}
            </ul>
          </div>
        </>
      )}
    </nav>
  );
}

/**
 * Lazy section Lottery: /lottery, /seaLottery, /vnLottery with ?gameCode= (login required by
 * the route). The page's prize mode (spec 4) picks the menu and the launch; launchGame gets the
 * lotto fields (spec 7). The chooser sits on top and the chosen game right under it, scrolled
 * into view on a phone when the player picks another; the draws follow. The Vietnam lottery's
 * page with no game named shows the chooser and asks for a city (the chooser is its lobby);
 * the other pages launch the vendor's lobby view as before.
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
  const asksForGame = kind === 'vnLottery' && gameCode === null;
  // The menu of the page's prize mode; an empty one when it cannot be had (the game still runs).
  const menuQuery = useQuery(prizeMode ? `${prizeMode}:${kind}` : null, () =>
    gamesModule.lotteryMenu(prizeMode!, kind === 'vnLottery').catch((): LotteryMenuGroup[] => []),
  );
  const groups = menuQuery.state.kind === 'ready' ? menuQuery.state.value : null;
  // The game's launch, asked again when the game, the mode or the language changes.
  const launch = useQuery(
    prizeMode && !asksForGame ? `${kind}:${prizeMode}:${gameCode}:${language}` : null,
    () =>
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
  const draws = useLotteryDraws(
    prizeMode ? lotteryVendorOf(kind, prizeMode) : null,
    gameCode,
    language,
  );

  // The chosen game and its group; the region tab the player picked, until the game changes.
  const chosenGroup =
    groups?.find((group) => group.gameMenus.some((entry) => entry.gameCode === gameCode)) ?? null;
  const chosen: LotteryGameMenu | null =
    chosenGroup?.gameMenus.find((entry) => entry.gameCode === gameCode) ?? null;
  const [picked, setPicked] = useState<{ gameCode: string | null; region: string } | null>(null);
  const region =
    (picked && picked.gameCode === gameCode ? picked.region : null) ??
    chosenGroup?.groupCode ??
    groups?.[0]?.groupCode ??
    null;
  const regionGroup = groups?.find((group) => group.groupCode === region) ?? null;

  // Each game's next draw (the lobby info the draws below show too).
  const lobbyGames: LobbyGame[] | null =
    draws.lobby.kind === 'ready'
      ? draws.lobby.value
      : draws.lobby.kind === 'loading'
        ? draws.lobby.previous
        : null;
  const closesAt = useMemo(
    () => new Map((lobbyGames ?? []).map((entry) => [entry.gameCode, entry.current.closesAt])),
    [lobbyGames],
  );
  // The Vietnam lottery's draws below keep to the region shown.
  const regionCodes = useMemo(
    () =>
      kind === 'vnLottery' && regionGroup
        ? new Set(regionGroup.gameMenus.map((entry) => entry.gameCode))
        : null,
    [kind, regionGroup],
  );

  // Choosing a game shows it at once: on a phone, the game's area comes into view.
  const gameArea = useRef<HTMLElement>(null);
  const shownGame = useRef(gameCode);
  useEffect(() => {
    if (shownGame.current === gameCode) return;
    shownGame.current = gameCode;
    const area = gameArea.current;
    if (!gameCode || !area) return;
    const phone = window.matchMedia?.(PHONE_QUERY).matches ?? false;
    const top = area.getBoundingClientRect().top;
    if (!phone && top >= 0 && top < window.innerHeight * 0.6) return;
    const reduced = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
    area.scrollIntoView?.({ block: 'start', behavior: reduced ? 'auto' : 'smooth' });
  }, [gameCode]);

  const gameName = chosen?.gameName ?? null;
  return (
    <div
      className={`section-page lottery-page lottery-page-${kind}`}
      data-testid={`${kind}-page`}
      data-game-code={gameCode ?? ''}
    >
      <h1>{t(`section.${kind}`)}</h1>
      <LotteryChooser
        groups={groups}
        gameCode={gameCode}
        closesAt={closesAt}
        now={draws.now}
        region={region}
        onRegion={(groupCode) => setPicked({ gameCode, region: groupCode })}
      />
      <section
        className="lottery-game"
        ref={gameArea}
        aria-label={gameName ?? t(`section.${kind}`)}
        aria-busy={!asksForGame && game === null}
        data-testid="lottery-game"
      >
        {gameName && (
          <h2 className="lottery-game-title">
            {gameName}
            {/* The group, unless the name says it already ("Lucky Numbers · 1 Minute"). */}
            {chosenGroup && !gameName.includes(chosenGroup.groupName) && (
              <span className="lottery-game-region">{chosenGroup.groupName}</span>
            )}
          </h2>
        )}
        {asksForGame ? (
          <div data-testid="lottery-prompt">
            <EmptyState title={t('lottery.choosePrompt')} icon="lottery">
              <p>{t('lottery.choosePromptBody')}</p>
            </EmptyState>
          </div>
        ) : (
          <>
            {game === null && (
              <p role="status" className="lottery-game-loading">
                <span className="spinner" aria-hidden="true" />{' '}
                {gameName ? t('lottery.opening', { game: gameName }) : t('common.loading')}
              </p>
            )}
            {game && 'failed' in game && <p role="alert">{errorText(game.failed)}</p>}
            {game && 'url' in game && (
              <iframe
                className="game-frame lottery-frame"
                src={game.url}
                title={gameName ?? t(`section.${kind}`)}
              />
            )}
          </>
        )}
      </section>
      {prizeMode && <LotteryDraws draws={draws} only={regionCodes} />}
    </div>
  );
}

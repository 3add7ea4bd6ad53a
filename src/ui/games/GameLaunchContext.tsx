import {
  createContext,
  lazy,
  type ReactNode,
  Suspense,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
} from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import {
  decideLaunch,
  type LaunchOrigin,
  type Player,
  type PlayMode,
  presentLaunch,
} from '../../shared/gameLaunch';
import type { GameItem } from '../../shared/games';
import { useServices } from '../core/ServicesContext';
import { useDialog } from '../components/DialogProvider';
import { useAuthActions } from '../core/session/useAuthActions';
import { useSession } from '../core/session/useSession';
import { GamePopup } from './GamePopup';
import { loadSectionTexts } from '../../i18n/setup';
import { useRgRefusalText } from '../core/rgRefusal';
import { gamesFeature } from '../../app/features/games';
import { useFeature } from '../core/useFeature';

// The vendor list popup brings the game grid with it: loaded when a vendor first opens it.
const VendorGamesPopup = lazy(() =>
  import('./VendorGamesPopup').then((module) => ({ default: module.VendorGamesPopup })),
);

interface GameLaunch {
  launch: (game: GameItem, mode: PlayMode, origin: LaunchOrigin) => Promise<void>;
  /** The node id being launched, for its card's progress indication. */
  busy: string | null;
  /** Counts the games opened here: "Recently played" asks again when it moves. */
  launched: number;
}

const GameLaunchContext = createContext<GameLaunch | null>(null);

/**
 * Spec 4 "Game launch": every card launches through here — the decision (src/shared/gameLaunch.ts),
 * then the login popup, the real-account prompt, a page, the vendor's game list, or launchGame
 * and the game popup (an iframe of 440 × 750).
 */
export function GameLaunchProvider({ children }: { children: ReactNode }) {
  const { t, i18n } = useTranslation();
  const { stopPlay$ } = useServices();
  const gamesModule = useFeature(gamesFeature);
  const navigate = useNavigate();
  const dialog = useDialog();
  const session = useSession();
  const { requireRealAccount } = useAuthActions();
  const refusalText = useRgRefusalText();
  const [busy, setBusy] = useState<string | null>(null);
  const [launched, setLaunched] = useState(0);
  const [game, setGame] = useState<{ url: string; title: string } | null>(null);
  const [vendor, setVendor] = useState<string | null>(null);
  const player: Player = session.role;

  const launch = useCallback(
    async (card: GameItem, mode: PlayMode, origin: LaunchOrigin) => {
      const decision = decideLaunch({ game: card, player, mode, origin });
      switch (decision.kind) {
        case 'login':
        case 'realAccountNeeded':
          // The same prompts as every other real-account action (login popup, or the trial notice).
          requireRealAccount(() => undefined);
          return;
        case 'navigate':
          void navigate(decision.path);
          return;
        case 'vendorGames':
          setVendor(decision.vassalage);
          return;
        case 'launch': {
          setBusy(card.nodeId);
          try {
            // A vendor entry has no node id: launchGame then opens the vendor's lobby game.
            const { nodeId, ...rest } = decision.request;
            const result = await gamesModule.launch({
              ...(nodeId ? decision.request : rest),
              language: i18n.language.toUpperCase(),
              device: 'WEB',
            });
            const shown = presentLaunch(result);
            setLaunched((count) => count + 1);
            if (shown.kind === 'page') window.location.assign(shown.url);
            else setGame({ url: shown.url, title: card.gameName || card.displayName });
          } catch (error) {
            const code = (error as { code?: string }).code ?? 'unknown_error';
            // The refusals' texts (a responsible-gaming limit's figures among them) are the
            // sections'; a lobby page may not have fetched them yet.
            await loadSectionTexts().catch(() => undefined);
            void dialog({
              icon: 'warning',
              title:
                refusalText(error) ?? t(`errors.${code}`, { defaultValue: t('errors.unknown') }),
              buttons: [{ key: 'ok', label: t('in_increase_submit'), primary: true }],
            });
          } finally {
            setBusy(null);
          }
        }
      }
    },
    [dialog, gamesModule, i18n.language, navigate, player, refusalText, requireRealAccount, t],
  );

  // The reality check's "stop" and the session limit close the game (issue 17); so does
  // leaving the session (a logout, an exclusion): the game's rounds are the session's.
  useEffect(() => {
    const subscription = stopPlay$.subscribe(() => setGame(null));
    return () => subscription.unsubscribe();
  }, [stopPlay$]);
  const [playedAs, setPlayedAs] = useState(player);
  if (playedAs !== player) {
    setPlayedAs(player);
    if (player === 'guest') setGame(null);
  }

  const value = useMemo(() => ({ launch, busy, launched }), [launch, busy, launched]);
  return (
    <GameLaunchContext.Provider value={value}>
      {children}
      <GamePopup game={game} onClose={() => setGame(null)} />
      {vendor !== null && (
        <Suspense fallback={null}>
          <VendorGamesPopup vendor={vendor} onClose={() => setVendor(null)} />
        </Suspense>
      )}
    </GameLaunchContext.Provider>
  );
}

export function useGameLaunch(): GameLaunch {
  const value = useContext(GameLaunchContext);
  if (!value) throw new Error('useGameLaunch must be used inside <GameLaunchProvider>');
  return value;
}

import {
  GameCategory,
  type GameItem,
  type LaunchRequest,
  type LaunchResult,
  LOTTERY_ROUTES,
  VASSALAGE,
} from './games';

/**
 * What a click on "play now" or "free trial" does (spec 4 "Game launch by vassalage"), as a
 * decision the view carries out. Pure: no router, no API, no dialogs here.
 *
 * Who may do what (spec 1, 5, 6, and the server's rule in server/domain/identity/trial.ts):
 * - Real play ("play now", and every lottery page) starts a game with real money: it needs a
 *   real account. A guest gets the login popup (spec 6: "lottery pages require a token"); a trial
 *   account gets the "a real account is needed" prompt (spec 5 blocks starting a game for trial
 *   accounts; spec 8 key in_need_true_account).
 * - Demo play ("free trial" on the card) is what a trial account is for (spec 1: "limited to demo
 *   play") and what a visitor may use (spec 1: "trial play where enabled"): anyone, no token.
 *   Lotteries have no demo (their pages need a token), so a free-trial click on one is treated
 *   as real play; `offersFreeTrial` lets the card hide the button instead.
 * - Browsing is free for everyone (spec 6: visitors browse game lists): a vendor's popup game
 *   list and the /rng?vassalage= page are lists, not launches.
 */

/** Who is clicking; the same four faces as the session machine. */
export type Player = 'guest' | 'player' | 'trial' | 'agent';

export type PlayMode = 'real' | 'demo';

/**
 * Where the card was clicked: a vendor lane (the card stands for a vendor, e.g. the RNG vendor
 * lane on home) or a game list (the card is one game).
 */
export type LaunchOrigin = 'vendorList' | 'gameList';

/**
 * What launch needs of a card. `gameCode` is the lottery game's code when the card has one;
 * GameItem does not carry it yet, so a lottery card without one opens the lottery lobby.
 */
export type LaunchableGame = Pick<GameItem, 'nodeId' | 'vassalage' | 'gameType' | 'isGame'> & {
  gameCode?: string;
};

export type LaunchDecision =
  /** A guest tried something that needs an account: open the login popup. */
  | { kind: 'login' }
  /** A trial account tried real play: show in_need_true_account. */
  | { kind: 'realAccountNeeded' }
  /** Go to a page of the site (lottery pages, the vendor's RNG list). */
  | { kind: 'navigate'; path: string }
  /** Show the vendor's games in a popup list (isGame VASSALAGE). */
  | { kind: 'vendorGames'; vassalage: string }
  /** Call launchGame with this request, then open the result (see `presentLaunch`). */
  | { kind: 'launch'; request: LaunchRequest };

/** The lottery page for a vendor, if it is a lottery vendor. */
export function lotteryRouteOf(vassalage: string): string | undefined {
  return Object.hasOwn(LOTTERY_ROUTES, vassalage)
    ? LOTTERY_ROUTES[vassalage as keyof typeof LOTTERY_ROUTES]
    : undefined;
}

/** What real play requires of the player, or null when they may go on. */
function realPlayGate(player: Player): LaunchDecision | null {
  if (player === 'guest') return { kind: 'login' };
  if (player === 'trial') return { kind: 'realAccountNeeded' };
  return null;
}

const withQuery = (path: string, query: Record<string, string>) =>
  `${path}?${new URLSearchParams(query).toString()}`;

/**
 * The launch decision, in the spec's order: the lottery vendors, then a vendor flagged
 * VASSALAGE, then an RNG card in a vendor list, and anything else launches directly.
 */
export function decideLaunch(intent: {
  game: LaunchableGame;
  player: Player;
  mode: PlayMode;
  origin: LaunchOrigin;
}): LaunchDecision {
  const { game, player, mode, origin } = intent;
  const lotteryPage = lotteryRouteOf(game.vassalage);
  if (lotteryPage !== undefined) {
    return (
      realPlayGate(player) ?? {
        kind: 'navigate',
        path: withQuery(lotteryPage, { gameCode: game.gameCode ?? '' }),
      }
    );
  }
  if (game.isGame === VASSALAGE) return { kind: 'vendorGames', vassalage: game.vassalage };
  if (origin === 'vendorList' && game.gameType === GameCategory.RNG) {
    return { kind: 'navigate', path: withQuery('/rng', { vassalage: game.vassalage }) };
  }
  if (mode === 'real') {
    const gate = realPlayGate(player);
    if (gate) return gate;
  }
  const request: LaunchRequest = { nodeId: game.nodeId, vassalage: game.vassalage };
  if (game.gameCode !== undefined) request.gameCode = game.gameCode;
  if (mode === 'demo') request.demo = true;
  return { kind: 'launch', request };
}

/** Whether the card shows a free-trial button: games that launch directly, not lotteries or lists. */
export function offersFreeTrial(game: LaunchableGame): boolean {
  return lotteryRouteOf(game.vassalage) === undefined && game.isGame !== VASSALAGE;
}

/** Spec 2 and 9: the game popup is an iframe window of 440 × 750. */
export const GAME_POPUP_SIZE = { width: 440, height: 750 } as const;

export type LaunchPresentation =
  { kind: 'popup'; url: string; width: number; height: number } | { kind: 'page'; url: string };

/** How to open what launchGame answered: the game popup or the whole page. */
export function presentLaunch(result: LaunchResult): LaunchPresentation {
  return result.mode === 'popup'
    ? { kind: 'popup', url: result.url, ...GAME_POPUP_SIZE }
    : { kind: 'page', url: result.url };
}

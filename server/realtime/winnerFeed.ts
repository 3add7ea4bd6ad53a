import type { WinnerEntry } from '../../src/shared/games';
import { parseMoney } from '../../src/shared/money';

/**
 * The public winner feed, coalesced (issue 35): every socket of the site hears it, so a busy
 * site's big wins (about six a second at the soak's 1,000 players) would each reach every phone
 * on the home page. A lone win goes out at once; while wins keep coming, each process sends at
 * most one per `windowMs`: the biggest of the window, at its end. The feed is a live sample; the
 * winner board's rank list (GCSGAME_getRankList) stays complete. No timer runs while no win
 * comes (the window's timer does not hold the process open).
 */
export const WINNER_WINDOW_MS = 1_000;

export function coalesceWinners(
  emit: (entry: WinnerEntry) => void,
  windowMs: number = WINNER_WINDOW_MS,
): (entry: WinnerEntry) => void {
  let timer: NodeJS.Timeout | null = null;
  let held: { entry: WinnerEntry; amount: bigint } | null = null;

  const openWindow = () => {
    timer = setTimeout(() => {
      timer = null;
      if (!held) return;
      const { entry } = held;
      held = null;
      emit(entry);
      openWindow();
    }, windowMs);
    timer.unref();
  };

  return (entry) => {
    if (!timer) {
      emit(entry);
      openWindow();
      return;
    }
    const amount = amountOf(entry);
    if (!held || amount > held.amount) held = { entry, amount };
  };
}

/** A win's amount as money (a malformed one ranks last rather than throwing in a timer). */
function amountOf(entry: WinnerEntry): bigint {
  try {
    return parseMoney(entry.winAmount);
  } catch {
    return -1n;
  }
}

import {
  asyncScheduler,
  auditTime,
  buffer,
  connect,
  distinctUntilChanged,
  filter,
  from,
  map,
  type Observable,
  type ObservableInput,
  type OperatorFunction,
  type SchedulerLike,
  shareReplay,
  switchMap,
} from 'rxjs';
import type { WinnerEntry } from '../../../shared/games';
import { parseMoney } from '../../../shared/money';
import { live } from '../../../streams/live';

/**
 * winners$ (ARCHITECTURE, Streams and Realtime; spec 2 "Winner board", spec 3 "Winner entry",
 * spec 9 "3 top plus scroll, limit 20"): the GCSGAME_getRankList snapshot, then live `winner`
 * events, ranked by winAmount (as money, never as floats) and shaped for the screen.
 */

/** Spec 9: the rank list asks for 20, the board shows 3 on the podium and scrolls the rest. */
export const WINNER_LIMIT = 20;
export const WINNER_PODIUM = 3;
/** The newest wins, for a "just won" ticker. */
export const RECENT_WINNERS = 10;
/**
 * Live events are folded into the board at most once per this many ms: a burst of 1,000 events
 * a second costs the page 4 renders, not 1,000.
 */
export const WINNER_BATCH_MS = 250;

export interface WinnerBoard {
  /** Ranks 1 to 3, highest win first. */
  top: readonly WinnerEntry[];
  /** Ranks 4 to 20: the scrolling list. */
  rest: readonly WinnerEntry[];
  /** Newest first. */
  recent: readonly WinnerEntry[];
}

/** GCSGAME_getRankList's query (spec 7). */
export interface RankListQuery {
  gameCategory: 'ALL';
  language: string;
  limitNum: number;
}

/**
 * Collects values and emits them as one array `ms` after the first of a quiet spell: at most
 * one emission per window while events flow, and no timer at all while none do (bufferTime
 * would tick forever).
 */
export function batchWithin<T>(
  ms: number,
  scheduler: SchedulerLike = asyncScheduler,
): OperatorFunction<T, T[]> {
  return (source) =>
    source.pipe(
      connect((shared) => shared.pipe(buffer(shared.pipe(auditTime(ms, scheduler))))),
      filter((batch) => batch.length > 0),
    );
}

interface Ranked {
  entry: WinnerEntry;
  amount: bigint;
  key: string;
}

/** Entries whose amount is not money are dropped: one bad event must not break the board. */
function rank(entries: readonly WinnerEntry[]): Ranked[] {
  const ranked: Ranked[] = [];
  for (const entry of entries) {
    let amount: bigint;
    try {
      amount = parseMoney(entry.winAmount);
    } catch {
      continue;
    }
    const key = JSON.stringify([
      entry.customerName,
      entry.winAmount,
      entry.gameName,
      entry.vassalage,
      entry.at,
    ]);
    ranked.push({ entry, amount, key });
  }
  return ranked;
}

/**
 * The best `limit` of `current` and `incoming`, highest first. A tie does not displace: what
 * was ranked first stays ahead. The same win (seen in a snapshot and live) counts once. When
 * the board is full, only what beats its last place is even sorted.
 */
function best(current: readonly Ranked[], incoming: readonly Ranked[], limit = WINNER_LIMIT) {
  const floor = current.length >= limit ? current[limit - 1]?.amount : undefined;
  const seen = new Set(current.map((one) => one.key));
  const contenders = incoming.filter((one) => {
    if ((floor !== undefined && one.amount <= floor) || seen.has(one.key)) return false;
    seen.add(one.key);
    return true;
  });
  if (contenders.length === 0) return current;
  return [...current, ...contenders]
    .sort((a, b) => (a.amount === b.amount ? 0 : a.amount > b.amount ? -1 : 1))
    .slice(0, limit);
}

const viewOf = (board: readonly Ranked[], recent: readonly Ranked[]): WinnerBoard => ({
  top: board.slice(0, WINNER_PODIUM).map((one) => one.entry),
  rest: board.slice(WINNER_PODIUM).map((one) => one.entry),
  recent: recent.map((one) => one.entry),
});

interface Board {
  ranked: readonly Ranked[];
  /** Newest first, at most RECENT_WINNERS: the live wins seen, not part of any snapshot. */
  recent: readonly Ranked[];
}

/** A batch of live wins on the board and in the recent list (a win already there counts once). */
function addBatch(board: Board, batch: readonly WinnerEntry[]): Board {
  const incoming = rank(batch);
  const seen = new Set(board.recent.map((one) => one.key));
  const fresh = incoming.filter((one) => !seen.has(one.key));
  return {
    ranked: best(board.ranked, incoming),
    recent:
      fresh.length === 0
        ? board.recent
        : [...fresh.slice(-RECENT_WINNERS).reverse(), ...board.recent].slice(0, RECENT_WINNERS),
  };
}

/**
 * The board through the live primitive (streams/live.ts): live wins are listened to before the
 * rank list is fetched, so a win that lands while it loads is ranked on top of it (counted
 * once if the list holds it too); a reconnect or a language change fetches again (the newest
 * fetch wins). A failed first fetch shows the live wins alone; a failed refetch keeps the board.
 */
export function createWinnersStore(deps: {
  /** The site language: a change fetches the board again (spec 4 "Language change"). */
  language$: Observable<string>;
  /** Emits on every reconnect of the socket: events may have been missed. */
  reconnected$: Observable<void>;
  /** Socket `winner` events. */
  events$: Observable<WinnerEntry>;
  fetchRankList: (query: RankListQuery) => ObservableInput<WinnerEntry[]>;
  scheduler?: SchedulerLike;
  batchMs?: number;
}) {
  const batches$ = deps.events$.pipe(
    batchWithin(deps.batchMs ?? WINNER_BATCH_MS, deps.scheduler ?? asyncScheduler),
  );
  const winners$: Observable<WinnerBoard> = deps.language$.pipe(
    distinctUntilChanged(),
    switchMap((language) =>
      live<Board, WinnerEntry[]>({
        fetch: () =>
          from(deps.fetchRankList({ gameCategory: 'ALL', language, limitNum: WINNER_LIMIT })).pipe(
            map((entries): Board => ({ ranked: best([], rank(entries)), recent: [] })),
          ),
        events$: batches$,
        apply: addBatch,
        refetch$: deps.reconnected$,
        fallback: () => ({ ranked: [], recent: [] }),
        // The recent wins outlive a refetch (a reconnect, a language change keeps them).
        rebase: (previous, snapshot) => ({ ...snapshot, recent: previous?.recent ?? [] }),
      }),
    ),
    map((board) => viewOf(board.ranked, board.recent)),
    // The board is a state, not a feed: a view mounting later must see it at once, so it is
    // replayed (the batching above already keeps the feed's cost down).
    shareReplay({ bufferSize: 1, refCount: true }),
  );
  return { winners$ };
}

export type WinnersStore = ReturnType<typeof createWinnersStore>;

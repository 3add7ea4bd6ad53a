import { useCallback, useEffect, useRef, useState } from 'react';
import type { SlipTicket } from '../../shared/drawBets';
import type { VnOpenDraw } from '../../shared/vnLotto';
import type { PlayApi } from '../playApi';

export type Loadable<T> =
  { kind: 'loading' } | { kind: 'failed'; code: string } | { kind: 'ready'; value: T };

/** After a draw closes, how soon to ask for the next one again while it is not open yet. */
const NEXT_DRAW_RETRY_MS = 2_000;
/** While a ticket or a result of a past draw is awaited, how often to ask. */
const POLL_MS = 4_000;
/** While only tickets of the draw taking bets are open, how often to ask. */
const OPEN_TICKET_POLL_MS = 8_000;
/** How long to wait for a closed draw's result before giving up asking. */
const AWAIT_RESULT_MS = 120_000;
/** How many results the history shows. */
export const RESULTS_SHOWN = 10;

export type DrawPhase = 'betting' | 'drawing' | 'next';

export interface VnLottoData<R> {
  open: VnOpenDraw;
  /** betting: until betsCloseAt; drawing: until closesAt; next: the next draw is being asked. */
  phase: DrawPhase;
  now: number;
  tickets: Loadable<SlipTicket[]>;
  results: Loadable<R[]>;
  /** The draw the server says is open now (after a draw_closed refusal). */
  refreshDraw: () => Promise<VnOpenDraw | null>;
  refreshTickets: () => void;
  refreshResults: () => void;
  /** Shows a ticket just placed at once, before the list is asked again. */
  addTicket: (ticket: SlipTicket) => void;
}

/**
 * A scheduled lottery's live data on the game page (issue 34; R: the game's result entries, the
 * Vietnamese prize tiers or another draw's numbers): the draw taking bets, a clock ticking each
 * second for its countdown, the player's tickets and the game's results. When the
 * draw closes the next one is asked for (again every 2 s until it is open), and while a ticket
 * of a past draw is unsettled, or the closed draw's result is not out, the tickets and the
 * results are asked again every 4 s. A ticket settling asks the balance again (`onSettled`).
 */
export function useVnLotto<R extends { numero: string }>(
  api: PlayApi,
  launch: string,
  initial: VnOpenDraw,
  onSettled: () => void,
): VnLottoData<R> {
  const [open, setOpen] = useState(initial);
  const [now, setNow] = useState(() => Date.now());
  const [tickets, setTickets] = useState<Loadable<SlipTicket[]>>({ kind: 'loading' });
  const [results, setResults] = useState<Loadable<R[]>>({ kind: 'loading' });
  /** The draw that closed whose result the list does not show yet, and until when to ask. */
  const [awaited, setAwaited] = useState<{ numero: string; until: number } | null>(null);
  const mounted = useRef(true);
  const openSlips = useRef<Set<string> | null>(null);
  const settledRef = useRef(onSettled);
  useEffect(() => {
    settledRef.current = onSettled;
  }, [onSettled]);

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const refreshTickets = useCallback(() => {
    api.vnTickets(launch).then(
      (value) => {
        if (!mounted.current) return;
        const stillOpen = new Set(
          value.filter((ticket) => ticket.status === 'open').map((ticket) => ticket.slipId),
        );
        const before = openSlips.current;
        // A ticket that was open and is settled now may have won: the balance moved.
        if (
          before &&
          value.some((ticket) => ticket.status === 'settled' && before.has(ticket.slipId))
        ) {
          settledRef.current();
        }
        openSlips.current = stillOpen;
        setTickets({ kind: 'ready', value });
      },
      (error: { code?: string }) => {
        if (!mounted.current) return;
        // A failed refresh keeps the list on screen.
        setTickets((current) =>
          current.kind === 'ready'
            ? current
            : { kind: 'failed', code: error.code ?? 'unknown_error' },
        );
      },
    );
  }, [api, launch]);

  const refreshResults = useCallback(() => {
    api.vnResults(launch, RESULTS_SHOWN).then(
      (answer) => {
        if (!mounted.current) return;
        // The launch's game answers its own kind of results.
        const value = answer as unknown as R[];
        setResults({ kind: 'ready', value });
        setAwaited((current) =>
          current && value.some((entry) => entry.numero === current.numero) ? null : current,
        );
      },
      (error: { code?: string }) => {
        if (!mounted.current) return;
        setResults((current) =>
          current.kind === 'ready'
            ? current
            : { kind: 'failed', code: error.code ?? 'unknown_error' },
        );
      },
    );
  }, [api, launch]);

  const addTicket = useCallback((ticket: SlipTicket) => {
    openSlips.current?.add(ticket.slipId);
    setTickets((current) => {
      const list = current.kind === 'ready' ? current.value : [];
      return {
        kind: 'ready',
        value: [ticket, ...list.filter((other) => other.slipId !== ticket.slipId)],
      };
    });
  }, []);

  // First: the tickets and the results.
  useEffect(() => {
    refreshTickets();
    refreshResults();
  }, [refreshTickets, refreshResults]);

  // The clock of the countdown.
  useEffect(() => {
    const tick = window.setInterval(() => setNow(Date.now()), 1_000);
    return () => window.clearInterval(tick);
  }, []);

  const closesAt = Date.parse(open.closesAt);
  const betsCloseAt = Date.parse(open.betsCloseAt);
  const phase: DrawPhase = now < betsCloseAt ? 'betting' : now < closesAt ? 'drawing' : 'next';

  // The draw closed: ask for the next one until the server has opened it.
  const asking = useRef(false);
  const [nextTry, setNextTry] = useState(0);
  useEffect(() => {
    if (phase !== 'next' || asking.current || now < nextTry) return;
    asking.current = true;
    const closed = open.numero;
    api.vnDraw(launch).then(
      (draw) => {
        asking.current = false;
        if (!mounted.current) return;
        if (draw.numero !== closed) {
          setOpen(draw);
          setAwaited({ numero: closed, until: Date.now() + AWAIT_RESULT_MS });
          refreshTickets();
          refreshResults();
        } else {
          setNextTry(Date.now() + NEXT_DRAW_RETRY_MS);
        }
      },
      () => {
        asking.current = false;
        if (mounted.current) setNextTry(Date.now() + NEXT_DRAW_RETRY_MS);
      },
    );
  }, [api, launch, phase, now, nextTry, open.numero, refreshTickets, refreshResults]);

  // A past draw's ticket unsettled, or its result not out: ask again every few seconds. A
  // ticket of the draw taking bets is asked after less often: a draw may open before its time
  // (an operator's or a test's), and the player must not wait for the countdown to see it.
  const openTickets =
    tickets.kind === 'ready' ? tickets.value.filter((t) => t.status === 'open') : [];
  const unsettled = openTickets.some((ticket) => ticket.numero !== open.numero);
  const pollMs =
    unsettled || (awaited !== null && now < awaited.until)
      ? POLL_MS
      : openTickets.length > 0
        ? OPEN_TICKET_POLL_MS
        : null;
  useEffect(() => {
    if (pollMs === null) return;
    const poll = window.setInterval(() => {
      refreshTickets();
      refreshResults();
    }, pollMs);
    return () => window.clearInterval(poll);
  }, [pollMs, refreshTickets, refreshResults]);

  const refreshDraw = useCallback(async () => {
    try {
      const draw = await api.vnDraw(launch);
      if (!mounted.current) return draw;
      if (draw.numero !== open.numero) {
        setAwaited({ numero: open.numero, until: Date.now() + AWAIT_RESULT_MS });
        refreshTickets();
        refreshResults();
      }
      setOpen(draw);
      return draw;
    } catch {
      return null;
    }
  }, [api, launch, open.numero, refreshTickets, refreshResults]);

  return {
    open,
    phase,
    now,
    tickets,
    results,
    refreshDraw,
    refreshTickets,
    refreshResults,
    addTicket,
  };
}

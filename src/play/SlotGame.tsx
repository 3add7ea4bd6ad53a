import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Paytable } from './Paytable';
import { SLOT_SYMBOLS } from './slotPaytable';
import type { PlayApi, RoundAnswer } from './playApi';
import { RoundResult } from './RoundResult';
import { SymbolFace } from './symbols';
import { useReducedMotion } from './useReducedMotion';
import { useRound } from './useRound';

const REELS = 3;
/** The reels spin at least this long, however quick the server is. */
const MIN_SPIN_MS = 450;
/** Then they stop one after another, this far apart. */
const STOP_STAGGER_MS = 170;
/** What the reels show before the first spin. */
const RESTING = ['cherry', 'seven', 'bell'];

/** A reel's spinning strip: the symbols twice over (the loop), each reel from its own place. */
const stripOf = (reel: number) => {
  const turned = [...SLOT_SYMBOLS.slice(reel * 2), ...SLOT_SYMBOLS.slice(0, reel * 2)];
  return [...turned, ...turned];
};

/**
 * Three reels, one payline; the server draws the reels, the page only shows them. While the
 * round is in flight the reels spin; when the answer comes they stop left to right on it, and
 * only then the result and the new balance show. With reduced motion nothing moves: the
 * result simply appears.
 */
export function SlotGame({
  api,
  launch,
  bet,
  onBalance,
  money,
}: {
  api: PlayApi;
  launch: string;
  bet: string;
  /** Must be stable (a state setter): the reveal waits on it. */
  onBalance: (balance: string) => void;
  money: (amount: string) => string;
}) {
  const { t } = useTranslation();
  const reduceMotion = useReducedMotion();
  const play = useCallback(
    (roundId: string) => api.spin({ launch, bet, roundId }),
    [api, launch, bet],
  );
  const { state, start } = useRound(play);
  const last = state.last;
  const startedAt = useRef(0);
  const revealed = useRef<RoundAnswer | null>(null);
  // How many reels have stopped on which answer.
  const [stops, setStops] = useState<{ answer: RoundAnswer | null; stopped: number }>({
    answer: null,
    stopped: 0,
  });

  useEffect(() => {
    if (!last || revealed.current === last) return;
    const wait = reduceMotion
      ? 0
      : Math.max(0, MIN_SPIN_MS - (performance.now() - startedAt.current));
    const timers = Array.from({ length: REELS }, (_, reel) =>
      window.setTimeout(
        () => {
          setStops({ answer: last, stopped: reel + 1 });
          if (reel === REELS - 1) {
            revealed.current = last;
            onBalance(last.balance);
          }
        },
        wait + (reduceMotion ? 0 : reel * STOP_STAGGER_MS),
      ),
    );
    return () => timers.forEach((timer) => window.clearTimeout(timer));
  }, [last, reduceMotion, onBalance]);

  const stopped = !last ? REELS : stops.answer === last ? stops.stopped : 0;
  const playing = state.kind === 'playing';
  const busy = playing || stopped < REELS;
  const won = !busy && last !== null && last.win !== '0.00';
  const shown = last?.symbols ?? RESTING;
  return (
    <section className="slot" aria-label={t('play.slot')}>
      <div
        className="reels"
        data-testid="reels"
        aria-live="polite"
        aria-busy={busy}
        data-win={won || undefined}
      >
        {shown.map((symbol, reel) => (
          <div key={reel} className="reel">
            {!reduceMotion && (playing || reel >= stopped) ? (
              <div className="reel-strip">
                {stripOf(reel).map((passing, index) => (
                  <SymbolFace key={index} symbol={passing} />
                ))}
              </div>
            ) : (
              <div className="reel-stop" key={last?.roundId ?? 'resting'} data-landed={!!last}>
                <SymbolFace symbol={symbol} label={t(`play.symbol_${symbol}`)} />
              </div>
            )}
          </div>
        ))}
      </div>
      <button
        type="button"
        className="play-action"
        data-testid="spin"
        disabled={busy}
        onClick={() => {
          startedAt.current = performance.now();
          void start();
        }}
      >
        {busy ? t('play.spinning') : t('play.spin')}
      </button>
      <div className="play-outcome">{!busy && <RoundResult state={state} money={money} />}</div>
      <Paytable bet={bet} money={money} />
    </section>
  );
}

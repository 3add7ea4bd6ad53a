import { type ComponentType, type ReactNode, useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { newIdempotencyKey } from '../../shared/idempotency';
import { countdownText } from '../../shared/lottery';
import { parseMoney } from '../../shared/money';
import type { VnOpenDraw } from '../../shared/vnLotto';
import { errorField } from '../../ui/components/forms/errorFields';
import { useRgRefusalText } from '../../ui/core/rgRefusal';
import type { PlayApi } from '../playApi';
import { BetSlip } from './BetSlip';
import type { AnyLine, LineErrors, LineText, SlipLine } from './slip';
import { type Loadable, useVnLotto } from './useVnLotto';
import { VnTickets } from './VnTickets';
import './vnLotto.css';

export type AddResult = { added: number } | { problem: string; value?: Record<string, unknown> };

/** What the picker tells the player: why nothing was added (by a field), or what was. */
export type PickerFeedback =
  | { kind: 'error'; text: string; field?: 'bacang' | 'multiplier' }
  | { kind: 'added'; count: number }
  | null;

/** What a game's picker gets: where its lines go, and the message it shows. */
export interface PickerProps<L extends AnyLine> {
  onAdd: (lines: L[]) => AddResult;
  /** The game keeps it, so that one message at a time shows (the slip's or the picker's). */
  feedback: PickerFeedback;
  onFeedback: (feedback: PickerFeedback) => void;
}

/** What a `number_limit` refusal names (server/domain/games/lottery/vnExposure.ts). */
interface NumberLimit {
  lines?: number[];
  number?: string;
  accepted?: string;
}

type SlipMessage =
  { kind: 'placed'; numero: string; replayed: boolean } | { kind: 'error'; text: string } | null;

/**
 * A scheduled lottery on the game page (issue 34, finding 4), the Vietnamese one or another: the
 * draw taking bets with its countdown, the game's picker (`Picker`), a bet slip placed as one
 * ticket on the open draw, the player's tickets (settled at the scheduled draw) and the game's
 * results (`results`). `describe` names a line on the slip and on the tickets.
 */
export function SlipGame<L extends AnyLine, R extends { numero: string }, P extends object>({
  api,
  launch,
  vn,
  onBalance,
  money,
  Picker,
  pickerProps,
  describe,
  results,
}: {
  api: PlayApi;
  launch: string;
  vn: { open: VnOpenDraw; maxLines: number; maxMultiplier: number };
  onBalance: (balance: string) => void;
  money: (amount: string) => string;
  /** The game's picker, and what it is given besides PickerProps. */
  Picker: ComponentType<PickerProps<L> & P>;
  pickerProps: P;
  describe: (line: AnyLine) => LineText;
  results: (results: Loadable<R[]>, onRetry: () => void) => ReactNode;
}) {
  const { t } = useTranslation();
  const refusalText = useRgRefusalText();
  // A settled ticket may have won: the balance is asked again.
  const askBalance = useCallback(() => {
    api.session(launch).then(
      (session) => onBalance(session.balance),
      () => undefined,
    );
  }, [api, launch, onBalance]);
  const data = useVnLotto<R>(api, launch, vn.open, askBalance);
  const { open, phase } = data;

  const [lines, setLines] = useState<SlipLine<L>[]>([]);
  const nextKey = useRef(0);
  const [placing, setPlacing] = useState(false);
  const [pickerFeedback, setPickerFeedbackState] = useState<PickerFeedback>(null);
  const [slipMessage, setSlipMessageState] = useState<SlipMessage>(null);
  // A refusal of some lines (a number past the house's limit), shown on those lines.
  const [lineErrors, setLineErrors] = useState<LineErrors>(null);
  // One message at a time: the picker's or the slip's.
  const setPickerFeedback = useCallback((feedback: PickerFeedback) => {
    setPickerFeedbackState(feedback);
    if (feedback) setSlipMessageState(null);
  }, []);
  const setSlipMessage = (message: SlipMessage) => {
    setSlipMessageState(message);
    if (message) setPickerFeedbackState(null);
  };
  // A draw the server said takes no more bets while this clock still counted down to it.
  const [refused, setRefused] = useState<string | null>(null);
  // Kept until the server answers: a retry after a network error places the slip once.
  const slipId = useRef(newIdempotencyKey());

  const addLines = (added: L[]): AddResult => {
    if (lines.length + added.length > vn.maxLines) {
      return { problem: 'play.vn.slipFull', value: { max: vn.maxLines } };
    }
    const keyed = added.map((line) => ({ ...line, key: String(nextKey.current++) }));
    setLines((current) => [...current, ...keyed]);
    setSlipMessageState(null);
    setLineErrors(null);
    return { added: added.length };
  };

  const setMultiplier = (key: string, text: string, done: boolean) => {
    const digits = text.replace(/\D/g, '').slice(0, 4);
    const value = Number(digits);
    // A line's stake changed: its refusal no longer says what the server would answer.
    setLineErrors((current) => (current?.keys.includes(key) ? null : current));
    setLines((current) =>
      current.map((line) => {
        if (line.key !== key) return line;
        if (digits !== '' && value >= 1 && value <= vn.maxMultiplier) {
          return { ...line, multiplier: value, draft: done ? undefined : digits };
        }
        if (!done) return { ...line, draft: digits };
        // Left out of range: the nearest allowed multiplier (empty or 0: the last one).
        return {
          ...line,
          multiplier: value > vn.maxMultiplier ? vn.maxMultiplier : line.multiplier,
          draft: undefined,
        };
      }),
    );
  };

  const place = async () => {
    if (placing || lines.length === 0) return;
    setPlacing(true);
    setSlipMessage(null);
    setPickerFeedbackState(null);
    setLineErrors(null);
    const numero = open.numero;
    const sent = lines;
    try {
      const answer = await api.vnPlace({
        launch,
        slipId: slipId.current,
        numero,
        lines: sent.map(({ key: _key, draft: _draft, ...line }) => line as AnyLine),
      });
      slipId.current = newIdempotencyKey();
      setLines([]);
      onBalance(answer.balance);
      data.addTicket(answer.ticket);
      data.refreshTickets();
      setSlipMessage({
        kind: 'placed',
        numero: answer.ticket.numero,
        replayed: answer.replayed === true,
      });
    } catch (error) {
      const code = (error as { code?: string }).code ?? 'unknown_error';
      // A refused slip was never placed: the next try is a new slip.
      if (code !== 'network_error') slipId.current = newIdempotencyKey();
      if (code === 'draw_closed') {
        // The slip stays; it goes to the draw that takes bets now.
        const next = await data.refreshDraw();
        if (!next || next.numero === numero) setRefused(numero);
        setSlipMessage({
          kind: 'error',
          text:
            next && next.numero !== numero
              ? t('play.vn.drawMoved', { closed: numero, numero: next.numero })
              : t('errors.draw_closed'),
        });
      } else if (errorField(code, fieldOf(error)) === 'lines') {
        // A number past the house's limit for the draw: said on the lines that bet on it.
        const limit = ((error as { value?: unknown }).value ?? {}) as NumberLimit;
        const keys = (limit.lines ?? [])
          .map((index) => sent[index]?.key)
          .filter((key): key is string => key !== undefined);
        const text =
          limit.number === undefined || limit.accepted === undefined
            ? t(`errors.${code}`)
            : parseMoney(limit.accepted) > 0n
              ? t('play.vn.numberLimit', { number: limit.number, amount: money(limit.accepted) })
              : t('play.vn.numberLimitFull', { number: limit.number });
        if (keys.length > 0) setLineErrors({ keys, text });
        else setSlipMessage({ kind: 'error', text });
      } else if (code === 'insufficient_funds') {
        setSlipMessage({ kind: 'error', text: t('play.vn.realMoneyOnly') });
      } else {
        setSlipMessage({
          kind: 'error',
          text: refusalText(error) ?? t(`errors.${code}`, { defaultValue: t('errors.unknown') }),
        });
      }
    } finally {
      setPlacing(false);
    }
  };

  let message: ReactNode = null;
  if (slipMessage?.kind === 'placed') {
    message = (
      <p
        role="status"
        className="play-win vn-placed"
        data-testid="vn-placed"
        data-numero={slipMessage.numero}
      >
        {t(slipMessage.replayed ? 'play.vn.replayed' : 'play.vn.placed', {
          numero: slipMessage.numero,
        })}
      </p>
    );
  } else if (slipMessage?.kind === 'error') {
    message = (
      <p role="alert" className="play-error" data-testid="vn-error">
        {slipMessage.text}
      </p>
    );
  }

  return (
    <div className="vn-lotto" data-testid="vn-lotto">
      <section
        className="vn-open"
        data-testid="vn-open-draw"
        data-numero={open.numero}
        data-phase={phase}
        aria-label={t('play.vn.draw', { numero: open.numero })}
      >
        <p className="vn-open-numero">{t('play.vn.draw', { numero: open.numero })}</p>
        <p className="vn-countdown" role="timer" data-testid="vn-countdown">
          {phase === 'betting'
            ? t('play.vn.betsCloseIn', {
                time: countdownText(Date.parse(open.betsCloseAt), data.now),
              })
            : phase === 'drawing'
              ? t('play.vn.drawing')
              : t('play.vn.nextDraw')}
        </p>
      </section>
      <Picker
        {...pickerProps}
        onAdd={addLines}
        feedback={pickerFeedback}
        onFeedback={setPickerFeedback}
      />
      <BetSlip
        lines={lines}
        describe={describe}
        maxLines={vn.maxLines}
        maxMultiplier={vn.maxMultiplier}
        numero={open.numero}
        canPlace={phase === 'betting' && refused !== open.numero}
        placing={placing}
        money={money}
        onMultiplier={setMultiplier}
        lineErrors={lineErrors}
        onRemove={(key) => {
          setLineErrors((current) => (current?.keys.includes(key) ? null : current));
          setLines((current) => current.filter((line) => line.key !== key));
        }}
        onPlace={() => void place()}
        message={message}
      />
      <VnTickets
        tickets={data.tickets}
        money={money}
        describe={describe}
        onRetry={data.refreshTickets}
      />
      {results(data.results, data.refreshResults)}
    </div>
  );
}

/** The field a refusal's answer names (`value.field`), if any. */
function fieldOf(error: unknown): string | null {
  const value = (error as { value?: unknown }).value;
  return value &&
    typeof value === 'object' &&
    typeof (value as { field?: unknown }).field === 'string'
    ? (value as { field: string }).field
    : null;
}

import { lazy, Suspense, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney, parseMoney } from '../shared/money';
import { DrawGame } from './DrawGame';
import { LottoDraw, LottoLobby } from './LottoPanels';
import type { PlayApi, PlaySession } from './playApi';
import { SlotGame } from './SlotGame';

/**
 * The Vietnamese lottery (issue 34): its own chunk, fetched by its launches only, so neither the
 * other games nor the site's first download (which shares the game page's code) carry it.
 */
const VnLottoGame = lazy(() =>
  import('./vnLotto/VnLottoGame').then((module) => ({ default: module.VnLottoGame })),
);
/** The other scheduled lotteries (SSC, K3, PK10, KENO…): their own chunk too. */
const DrawLottoGame = lazy(() =>
  import('./vnLotto/DrawLottoGame').then((module) => ({ default: module.DrawLottoGame })),
);

/** Loads the launch, then shows the game with its balance, bet choice and published RTP. */
export function PlayApp({ launch, api }: { launch: string; api: PlayApi }) {
  const { t, i18n } = useTranslation();
  const [session, setSession] = useState<PlaySession | { failed: string } | null>(null);
  const [balance, setBalance] = useState<string | null>(null);
  const [bet, setBet] = useState<string | null>(null);

  useEffect(() => {
    let current = true;
    api.session(launch).then(
      (value) => current && setSession(value),
      (error: { code?: string }) =>
        current && setSession({ failed: error.code ?? 'unknown_error' }),
    );
    return () => {
      current = false;
    };
  }, [api, launch]);

  if (session === null) {
    return (
      <main className="play" aria-busy="true">
        <p role="status">{t('common.loading')}</p>
      </main>
    );
  }
  if ('failed' in session) {
    return (
      <main className="play">
        <p role="alert">{t(`errors.${session.failed}`, { defaultValue: t('errors.unknown') })}</p>
      </main>
    );
  }
  if (session.lotto?.view === 'lobby' && session.lobby && session.lotteryRoute) {
    return <LottoLobby lotto={session.lotto} games={session.lobby} route={session.lotteryRoute} />;
  }
  const shownBalance = balance ?? session.balance;
  const chosenBet = bet ?? session.betLevels[0]!;
  const money = (amount: string) => formatMoney(parseMoney(amount), i18n.language);
  // Stable (the slot reveals the balance when its reels stop, in an effect that waits on it).
  const onBalance = setBalance;

  const vn = session.vnLotto ?? null;
  const drawLotto = session.drawLotto ?? null;
  const scheduled = vn !== null || drawLotto !== null;
  // The region of a lottery game (Miền Bắc…): the draw line names it; never the vendor's code,
  // nor a group the game's name already says ("Lucky Numbers · 1 Minute").
  const group = session.draw?.groupName ?? null;
  const region = group && !session.gameName.includes(group) ? group : null;

  return (
    <main className={scheduled ? 'play play-vn' : 'play'} data-testid="play">
      <header className="play-header">
        <h1>{session.gameName}</h1>
        {(region || session.demo) && (
          <p className="play-vendor">
            {region}
            {session.demo && <span className="play-badge">{t('play.freeTrial')}</span>}
          </p>
        )}
        <p className="play-balance">
          {scheduled ? t('play.vn.balance') : t('play.balance')}:{' '}
          <strong data-testid="play-balance">{money(shownBalance)}</strong>
        </p>
      </header>
      {scheduled ? (
        <Suspense fallback={<p role="status">{t('common.loading')}</p>}>
          {vn ? (
            <VnLottoGame
              api={api}
              launch={launch}
              vn={vn}
              betLevels={session.betLevels}
              onBalance={onBalance}
              money={money}
            />
          ) : (
            <DrawLottoGame
              api={api}
              launch={launch}
              draw={drawLotto!}
              betLevels={session.betLevels}
              onBalance={onBalance}
              money={money}
            />
          )}
        </Suspense>
      ) : (
        <>
          <BetControl
            levels={session.betLevels}
            value={chosenBet}
            onChange={setBet}
            money={money}
          />
          {session.lotto && <LottoDraw lotto={session.lotto} draw={session.draw} />}
          {session.engine === 'slot' ? (
            <SlotGame
              api={api}
              launch={launch}
              bet={chosenBet}
              onBalance={onBalance}
              money={money}
            />
          ) : (
            <DrawGame
              api={api}
              launch={launch}
              bet={chosenBet}
              onBalance={onBalance}
              money={money}
            />
          )}
          <p className="play-rtp">{t('play.rtp', { rtp: (session.rtp * 100).toFixed(2) })}</p>
        </>
      )}
    </main>
  );
}

/**
 * The bet: the native select (every level at a glance, and what the tests drive), with a step
 * down and a step up beside it, each unavailable at its end. aria-disabled rather than disabled,
 * so a keyboard player stepping to the end keeps the focus there.
 */
function BetControl({
  levels,
  value,
  onChange,
  money,
}: {
  levels: string[];
  value: string;
  onChange: (level: string) => void;
  money: (amount: string) => string;
}) {
  const { t } = useTranslation();
  const id = useId();
  const index = levels.indexOf(value);
  const lower = index > 0 ? levels[index - 1] : undefined;
  const higher = index >= 0 && index < levels.length - 1 ? levels[index + 1] : undefined;
  return (
    <div className="play-bet" role="group" aria-labelledby={`${id}-label`}>
      <label id={`${id}-label`} htmlFor={id}>
        {t('play.bet')}
      </label>
      <div className="play-bet-row">
        <button
          type="button"
          className="play-step"
          aria-label={t('play.lowerBet', { defaultValue: 'Lower bet' })}
          aria-disabled={lower === undefined}
          onClick={() => lower !== undefined && onChange(lower)}
        >
          <span aria-hidden="true">−</span>
        </button>
        <select id={id} value={value} onChange={(event) => onChange(event.target.value)}>
          {levels.map((level) => (
            <option key={level} value={level}>
              {money(level)}
            </option>
          ))}
        </select>
        <button
          type="button"
          className="play-step"
          aria-label={t('play.raiseBet', { defaultValue: 'Raise bet' })}
          aria-disabled={higher === undefined}
          onClick={() => higher !== undefined && onChange(higher)}
        >
          <span aria-hidden="true">+</span>
        </button>
      </div>
    </div>
  );
}

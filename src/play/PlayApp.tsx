import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney, parseMoney } from '../shared/money';
import { DrawGame } from './DrawGame';
import { LottoDraw, LottoLobby } from './LottoPanels';
import type { PlayApi, PlaySession } from './playApi';
import { SlotGame } from './SlotGame';

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
  const onBalance = (next: string) => setBalance(next);

  return (
    <main className="play" data-testid="play">
      <header className="play-header">
        <h1>{session.gameName}</h1>
        <p>
          {session.vendor}
          {session.demo && <span className="play-badge">{t('play.freeTrial')}</span>}
        </p>
        <p className="play-balance">
          {t('play.balance')}: <strong data-testid="play-balance">{money(shownBalance)}</strong>
        </p>
      </header>
      <label className="play-bet">
        {t('play.bet')}
        <select value={chosenBet} onChange={(event) => setBet(event.target.value)}>
          {session.betLevels.map((level) => (
            <option key={level} value={level}>
              {money(level)}
            </option>
          ))}
        </select>
      </label>
      {session.lotto && <LottoDraw lotto={session.lotto} draw={session.draw} />}
      {session.engine === 'slot' ? (
        <SlotGame api={api} launch={launch} bet={chosenBet} onBalance={onBalance} money={money} />
      ) : (
        <DrawGame api={api} launch={launch} bet={chosenBet} onBalance={onBalance} money={money} />
      )}
      <p className="play-rtp">{t('play.rtp', { rtp: (session.rtp * 100).toFixed(2) })}</p>
    </main>
  );
}

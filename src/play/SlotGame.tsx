import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { PlayApi } from './playApi';
import { RoundResult } from './RoundResult';
import { useRound } from './useRound';

const SYMBOL_FACES: Record<string, string> = {
  cherry: '🍒',
  lemon: '🍋',
  bell: '🔔',
  star: '⭐',
  seven: '7️⃣',
  diamond: '💎',
};

/** Three reels, one payline; the server draws the reels, the page only shows them. */
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
  onBalance: (balance: string) => void;
  money: (amount: string) => string;
}) {
  const { t } = useTranslation();
  const play = useCallback(
    (roundId: string) => api.spin({ launch, bet, roundId }),
    [api, launch, bet],
  );
  const { state, start } = useRound(play);
  const reels = state.last?.symbols ?? ['seven', 'seven', 'seven'];
  return (
    <section className="slot" aria-label={t('play.slot')}>
      <div
        className="reels"
        data-testid="reels"
        aria-live="polite"
        aria-busy={state.kind === 'playing'}
      >
        {reels.map((symbol, index) => (
          <span key={index} className="reel" role="img" aria-label={t(`play.symbol_${symbol}`)}>
            {SYMBOL_FACES[symbol] ?? '?'}
          </span>
        ))}
      </div>
      <button
        type="button"
        className="button primary play-action"
        data-testid="spin"
        disabled={state.kind === 'playing'}
        onClick={async () => {
          const answer = await start();
          if (answer) onBalance(answer.balance);
        }}
      >
        {state.kind === 'playing' ? t('play.spinning') : t('play.spin')}
      </button>
      <RoundResult state={state} money={money} />
    </section>
  );
}

import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PlayApi } from './playApi';
import { RoundResult } from './RoundResult';
import { useRound } from './useRound';

const DIGITS = Array.from({ length: 10 }, (_, digit) => digit);

/** Pick a digit; the server draws one; a match pays 9.6 times the bet. */
export function DrawGame({
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
  const [pick, setPick] = useState(7);
  const play = useCallback(
    (roundId: string) => api.draw({ launch, bet, roundId, pick }),
    [api, launch, bet, pick],
  );
  const { state, start } = useRound(play);
  return (
    <section className="draw" aria-label={t('play.draw')}>
      <fieldset className="digits">
        <legend>{t('play.pick')}</legend>
        {DIGITS.map((digit) => (
          <label key={digit} className="digit">
            <input
              type="radio"
              name="pick"
              value={digit}
              checked={pick === digit}
              onChange={() => setPick(digit)}
            />
            {digit}
          </label>
        ))}
      </fieldset>
      {state.last?.drawn !== undefined && (
        <p className="drawn" data-testid="drawn">
          {t('play.drawn', { digit: state.last.drawn })}
        </p>
      )}
      <button
        type="button"
        className="button primary play-action"
        data-testid="draw"
        disabled={state.kind === 'playing'}
        onClick={async () => {
          const answer = await start();
          if (answer) onBalance(answer.balance);
        }}
      >
        {state.kind === 'playing' ? t('play.drawing') : t('play.drawAction')}
      </button>
      <RoundResult state={state} money={money} />
    </section>
  );
}

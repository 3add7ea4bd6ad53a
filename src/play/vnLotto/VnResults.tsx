import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { displayTiers, type VnFormat, type VnResultEntry } from '../../shared/vnLotto';
import type { Loadable } from './useVnLotto';
import { VnCard } from './VnCard';

/** A prize number with its last two digits (the lô number) set apart. */
function PrizeNumber({ number }: { number: string }) {
  return (
    <span className="vn-prize-number">
      {number.slice(0, -2)}
      <b>{number.slice(-2)}</b>
    </span>
  );
}

/** One draw's result by prize tier, in the order players read the format's table. */
export function ResultTable({ entry, format }: { entry: VnResultEntry; format: VnFormat }) {
  const { t, i18n } = useTranslation();
  const time = new Date(entry.openedAt).toLocaleString(i18n.language, {
    month: 'short',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  });
  return (
    <table className="vn-result-table" data-numero={entry.numero}>
      <caption>
        {t('play.vn.resultOf', { numero: entry.numero })}{' '}
        <span className="vn-ticket-time">{time}</span>
      </caption>
      <thead className="vn-visually-hidden">
        <tr>
          <th scope="col">{t('play.vn.prize')}</th>
          <th scope="col">{t('play.vn.prizeNumbers')}</th>
        </tr>
      </thead>
      <tbody>
        {displayTiers(format).map(({ tier }) => {
          const prize = entry.prizes.find((candidate) => candidate.tier === tier);
          return (
            <tr
              key={tier}
              className={tier === 'DB' ? 'vn-tier vn-tier-special' : 'vn-tier'}
              data-testid={`vn-result-tier-${tier}`}
            >
              <th scope="row">{t(`play.vn.tier_${tier}`)}</th>
              <td>
                <span className="vn-prize-numbers">
                  {prize?.numbers.map((number, index) => (
                    <PrizeNumber key={index} number={number} />
                  ))}
                </span>
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

/**
 * The game's results (issue 34): the chosen draw's table by prize tier (the latest by default)
 * and the last draws to choose from.
 */
export function VnResults({
  results,
  format,
  onRetry,
}: {
  results: Loadable<VnResultEntry[]>;
  format: VnFormat;
  onRetry: () => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [chosen, setChosen] = useState<string | null>(null);
  const list = results.kind === 'ready' ? results.value : [];
  // The chosen draw while it is listed, else the latest.
  const shown = list.find((entry) => entry.numero === chosen) ?? list[0] ?? null;
  return (
    <VnCard
      name="results"
      title={t('play.vn.results')}
      state={results}
      isEmpty={() => shown === null}
      emptyText={t('play.vn.noResults')}
      onRetry={onRetry}
    >
      {() =>
        shown && (
          <>
            {list.length > 1 && (
              <div className="vn-field vn-history">
                <label htmlFor={`${id}-history`}>{t('play.vn.pickResult')}</label>
                <select
                  id={`${id}-history`}
                  value={shown.numero}
                  data-testid="vn-result-history"
                  onChange={(event) => setChosen(event.target.value)}
                >
                  {list.map((entry) => (
                    <option key={entry.numero} value={entry.numero}>
                      {t('play.vn.draw', { numero: entry.numero })}
                    </option>
                  ))}
                </select>
              </div>
            )}
            <ResultTable entry={shown} format={format} />
          </>
        )
      }
    </VnCard>
  );
}

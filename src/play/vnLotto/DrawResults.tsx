import { useTranslation } from 'react-i18next';
import type { DrawResultEntry } from '../../shared/drawBets';
import type { Loadable } from './useVnLotto';
import { VnCard } from './VnCard';

/** The last draws of a scheduled lottery other than the Vietnamese one, newest first. */
export function DrawResults({
  results,
  onRetry,
}: {
  results: Loadable<DrawResultEntry[]>;
  onRetry: () => void;
}) {
  const { t, i18n } = useTranslation();
  const time = (iso: string) =>
    new Date(iso).toLocaleTimeString(i18n.language, { hour: '2-digit', minute: '2-digit' });
  return (
    <VnCard
      name="results"
      title={t('play.vn.results')}
      state={results}
      isEmpty={(list) => list.length === 0}
      emptyText={t('play.vn.noResults')}
      onRetry={onRetry}
    >
      {(list) => (
        <ul className="vn-ticket-list draw-results">
          {list.map((entry) => (
            <li key={entry.numero} data-testid="draw-result" data-numero={entry.numero}>
              <span className="vn-ticket-draw">
                {t('play.vn.draw', { numero: entry.numero })}
                <span className="vn-ticket-time">{time(entry.openedAt)}</span>
              </span>
              <ol
                className="draw-balls"
                aria-label={t('play.vn.resultOf', { numero: entry.numero })}
              >
                {entry.numbers.map((number, index) => (
                  <li key={index}>{number}</li>
                ))}
              </ol>
            </li>
          ))}
        </ul>
      )}
    </VnCard>
  );
}

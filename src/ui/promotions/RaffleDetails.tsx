import { useTranslation } from 'react-i18next';
import { formatMoney, parseMoney } from '../../shared/money';
import { useLiveQuery } from '../hooks/useLiveQuery';
import { shownValue } from '../hooks/useQuery';
import { promotionsFeature } from '../../app/features/promotions';
import { useFeature } from '../core/useFeature';

/**
 * A raffle's card details (issue 14): the prizes, the draw time, the member's tickets (growing
 * with play), and how to check the draw — the seed's hash from the start; after the draw the
 * seed, every entry and the winners.
 */
export function RaffleDetails({ code, state }: { code: string; state: string | null }) {
  const { t, i18n } = useTranslation();
  const promotionsModule = useFeature(promotionsFeature);
  // Asked again when the member's part changes (joining makes its entry).
  const query = useLiveQuery(
    `raffle:${code}:${state ?? 'guest'}`,
    (signal) => promotionsModule.raffle(code, signal),
    ['balance', 'reward'],
  );
  const view = shownValue(query.state);
  if (!view) return null;
  const money = (text: string) => formatMoney(parseMoney(text), i18n.language);
  const when = new Intl.DateTimeFormat(i18n.language, {
    dateStyle: 'medium',
    timeStyle: 'short',
  }).format(new Date(view.drawAt));
  return (
    <div className="raffle" data-testid="raffle-details">
      <p className="promotion-summary">
        {view.prizes
          .map((prize) => t('raffle.prize', { count: prize.count, amount: money(prize.amount) }))
          .join(' · ')}
      </p>
      <p className="promotion-period">
        {view.drawnAt ? t('raffle.drawn', { when }) : t('raffle.drawAt', { when })}
        {' · '}
        {t('raffle.ticketRule', { amount: money(view.ticketPer) })}
      </p>
      {view.myEntry && (
        <p data-testid="raffle-tickets">
          {t('raffle.myTickets', { count: view.myTickets, total: view.totalTickets })}
        </p>
      )}
      {view.winners.length > 0 && (
        <ol className="raffle-winners" data-testid="raffle-winners">
          {view.winners.map((win) => (
            <li key={win.prize}>
              {win.name} · {money(win.amount)}
            </li>
          ))}
        </ol>
      )}
      <details className="promotion-terms">
        <summary>{t('raffle.fairness')}</summary>
        <p className="reward-note">{t('raffle.fairnessBody')}</p>
        <p className="raffle-hash">
          {t('raffle.seedHash')} <code>{view.seedHash}</code>
        </p>
        {view.seed && (
          <p className="raffle-hash">
            {t('raffle.seed')} <code>{view.seed}</code>
          </p>
        )}
      </details>
    </div>
  );
}

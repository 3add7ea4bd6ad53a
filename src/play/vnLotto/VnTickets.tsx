import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { VnTicket } from '../../shared/vnLotto';
import { oddsInLanguage } from './slip';
import type { Loadable } from './useVnLotto';

const won = (amount: string | null) => amount !== null && !/^0+(\.0+)?$/.test(amount);

/** The player's tickets of this game (issue 34): open ones wait for their draw; each opens on its lines. */
export function VnTickets({
  tickets,
  money,
  onRetry,
}: {
  tickets: Loadable<VnTicket[]>;
  money: (amount: string) => string;
  onRetry: () => void;
}) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const time = (iso: string) =>
    new Date(iso).toLocaleString(i18n.language, {
      month: 'short',
      day: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
    });
  const statusText = (ticket: VnTicket) =>
    ticket.status === 'open'
      ? t('play.vn.status_open')
      : won(ticket.win)
        ? t('play.vn.status_won', { amount: money(ticket.win!) })
        : t('play.vn.status_lost');
  const statusKind = (ticket: VnTicket) =>
    ticket.status === 'open' ? 'open' : won(ticket.win) ? 'won' : 'lost';
  return (
    <section
      className="vn-card vn-tickets"
      aria-labelledby={`${id}-title`}
      aria-busy={tickets.kind === 'loading'}
      data-testid="vn-tickets"
    >
      <h2 id={`${id}-title`} className="vn-title">
        {t('play.vn.tickets')}
      </h2>
      {tickets.kind === 'loading' ? (
        <p role="status" className="vn-empty">
          {t('common.loading')}
        </p>
      ) : tickets.kind === 'failed' ? (
        <p className="vn-empty">
          {t('play.vn.loadFailed')}{' '}
          <button type="button" className="vn-chip" onClick={onRetry}>
            {t('common.retry')}
          </button>
        </p>
      ) : tickets.value.length === 0 ? (
        <p className="vn-empty">{t('play.vn.noTickets')}</p>
      ) : (
        <ul className="vn-ticket-list">
          {tickets.value.map((ticket) => (
            <li
              key={ticket.slipId}
              className="vn-ticket"
              data-testid="vn-ticket"
              data-status={ticket.status}
              data-numero={ticket.numero}
            >
              <details>
                <summary>
                  <span className="vn-ticket-draw">
                    {t('play.vn.draw', { numero: ticket.numero })}
                    <span className="vn-ticket-time">{time(ticket.placedAt)}</span>
                  </span>
                  <span className="vn-ticket-stake">
                    {t('play.vn.ticketStake', { amount: money(ticket.stake) })}
                  </span>
                  <span className={`vn-status vn-status-${statusKind(ticket)}`}>
                    {statusText(ticket)}
                  </span>
                </summary>
                <ul className="vn-ticket-lines">
                  {ticket.lines.map((line, index) => (
                    <li key={index}>
                      <span className="vn-slip-type">{t(`play.vn.betType_${line.betType}`)}</span>{' '}
                      <span className="vn-slip-numbers">{line.numbers.join(' · ')}</span>{' '}
                      <span className="vn-ticket-line-stake">
                        {money(line.unit)} × {line.multiplier} = {money(line.stake)} ·{' '}
                        {t('play.vn.odds', { odds: oddsInLanguage(line.odds, i18n.language) })}
                      </span>{' '}
                      <span className="vn-ticket-line-result">
                        {line.hits === null
                          ? t('play.vn.status_open')
                          : won(line.win)
                            ? `${t('play.vn.hits', { count: line.hits })} · ${t('play.vn.status_won', { amount: money(line.win!) })}`
                            : t('play.vn.status_lost')}
                      </span>
                    </li>
                  ))}
                </ul>
              </details>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

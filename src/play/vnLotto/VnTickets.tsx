import { useTranslation } from 'react-i18next';
import type { SlipTicket } from '../../shared/drawBets';
import { type AnyLine, type LineText, oddsInLanguage } from './slip';
import type { Loadable } from './useVnLotto';
import { VnCard } from './VnCard';

const won = (amount: string | null) => amount !== null && !/^0+(\.0+)?$/.test(amount);

/** The player's tickets of this game (issue 34): open ones wait for their draw; each opens on its lines. */
export function VnTickets({
  tickets,
  money,
  describe,
  onRetry,
}: {
  tickets: Loadable<SlipTicket[]>;
  money: (amount: string) => string;
  /** A line's bet type and pick, as the game names them. */
  describe: (line: AnyLine) => Pick<LineText, 'name' | 'pick'>;
  onRetry: () => void;
}) {
  const { t, i18n } = useTranslation();
  const time = (iso: string) =>
    new Date(iso).toLocaleString(i18n.language, {
      month: 'short',
      day: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
    });
  const statusText = (ticket: SlipTicket) =>
    ticket.status === 'open'
      ? t('play.vn.status_open')
      : won(ticket.win)
        ? t('play.vn.status_won', { amount: money(ticket.win!) })
        : t('play.vn.status_lost');
  const statusKind = (ticket: SlipTicket) =>
    ticket.status === 'open' ? 'open' : won(ticket.win) ? 'won' : 'lost';
  return (
    <VnCard
      name="tickets"
      title={t('play.vn.tickets')}
      state={tickets}
      isEmpty={(value) => value.length === 0}
      emptyText={t('play.vn.noTickets')}
      onRetry={onRetry}
    >
      {(list) => (
        <ul className="vn-ticket-list">
          {list.map((ticket) => (
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
                      <span className="vn-slip-type">{describe(line).name}</span>{' '}
                      <span className="vn-slip-numbers">{describe(line).pick}</span>{' '}
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
    </VnCard>
  );
}

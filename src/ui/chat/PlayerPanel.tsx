import { useTranslation } from 'react-i18next';
import type { PlayerPanelMove, SupportPlayerPanel } from '../../shared/chat';
import { formatMoney, parseMoney } from '../../shared/money';
import type { SupportConsole } from '../../app/features/chatClient';
import { Badge } from '../components/Badge';
import { Button } from '../components/Button';
import { useErrorText } from '../components/forms/useErrorText';
import { LoadFailed } from '../components/LoadFailed';
import { useQuery } from '../hooks/useQuery';

/** The panel's own status words (deposits and withdrawals), unknown ones shown as they are. */
const STATES = new Set([
  'pending',
  'credited',
  'failed',
  'requested',
  'awaitingConfirmation',
  'notReceived',
  'partiallyReceived',
  'received',
  'forcedReceived',
  'refunded',
  'rejected',
]);

/**
 * The player panel beside a member's chat (below it on a phone): account, balance, VIP level,
 * the last deposits and withdrawals, and the open withdrawal highlighted. Fetched when the chat
 * opens and again with Refresh (no balance stream reaches the console). Staff whose roles may
 * not read member money see why instead.
 */
export function PlayerPanel({ desk, room }: { desk: SupportConsole; room: string }) {
  const { t, i18n } = useTranslation();
  const errorText = useErrorText();
  const panel = useQuery<SupportPlayerPanel>(`support-player:${room}`, (signal) =>
    desk.api.player(room, signal),
  );
  const money = (amount: string) => formatMoney(parseMoney(amount), i18n.language);
  const time = (iso: string) =>
    new Date(iso).toLocaleString(i18n.language, { dateStyle: 'short', timeStyle: 'short' });
  const state = (status: string) =>
    STATES.has(status) ? t(`support.panel.state.${status}`) : status;

  const moves = (title: string, list: PlayerPanelMove[], testId: string) => (
    <section className="player-panel-moves" data-testid={testId}>
      <h4>{title}</h4>
      {list.length === 0 ? (
        <p className="field-hint">{t('support.panel.none')}</p>
      ) : (
        <ul>
          {list.map((move) => (
            <li key={move.id}>
              <span className="player-panel-amount">{money(move.amount)}</span>
              <span>{state(move.status)}</span>
              <time dateTime={move.at}>{time(move.at)}</time>
            </li>
          ))}
        </ul>
      )}
    </section>
  );

  return (
    <aside
      className="player-panel"
      aria-label={t('support.panel.title')}
      data-testid="player-panel"
    >
      <header className="player-panel-header">
        <h3>{t('support.panel.title')}</h3>
        <Button
          size="sm"
          variant="ghost"
          busy={panel.state.kind === 'loading'}
          onClick={panel.refresh}
        >
          {t('support.panel.refresh')}
        </Button>
      </header>
      {panel.state.kind === 'loading' ? (
        <p className="chat-notice" role="status">
          <span className="spinner" aria-hidden="true" />
        </p>
      ) : panel.state.kind === 'failed' ? (
        panel.state.code === 'forbidden_role' ? (
          <p className="field-hint" data-testid="player-panel-refused">
            {t('support.panel.notAllowed')}
          </p>
        ) : (
          <LoadFailed message={errorText(panel.state.code)} onRetry={panel.refresh} />
        )
      ) : panel.state.value.member === null ? (
        <p className="field-hint">{t('support.guest')}</p>
      ) : (
        <>
          <dl className="player-panel-facts">
            <dt>{t('support.panel.account')}</dt>
            <dd data-testid="player-panel-account">
              {panel.state.value.member.account}
              {panel.state.value.member.status === 'disabled' && (
                <>
                  {' '}
                  <Badge tone="danger">{t('support.panel.disabled')}</Badge>
                </>
              )}
            </dd>
            <dt>{t('support.panel.balance')}</dt>
            <dd data-testid="player-panel-balance">{money(panel.state.value.balance)}</dd>
            <dt>{t('support.panel.vip')}</dt>
            <dd>{t('support.panel.vipLevel', { level: panel.state.value.vipLevel })}</dd>
          </dl>
          {panel.state.value.openWithdrawal && (
            <p className="player-panel-open" role="note" data-testid="player-panel-open">
              <strong>{t('support.panel.openWithdrawal')}</strong>{' '}
              {money(panel.state.value.openWithdrawal.amount)} ·{' '}
              {state(panel.state.value.openWithdrawal.status)} ·{' '}
              {time(panel.state.value.openWithdrawal.at)}
            </p>
          )}
          {moves(t('support.panel.deposits'), panel.state.value.deposits, 'player-panel-deposits')}
          {moves(
            t('support.panel.withdrawals'),
            panel.state.value.withdrawals,
            'player-panel-withdrawals',
          )}
          <p className="field-hint">
            {t('support.panel.readAt', { time: time(panel.state.value.readAt) })}
          </p>
        </>
      )}
    </aside>
  );
}

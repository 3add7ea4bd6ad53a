import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../components/EmptyState';
import { useAuthActions } from '../session/useAuthActions';
import { useSession } from '../session/useSession';

/** "GMT+7" style offset of this device's time zone (spec 2: the back office shows it). */
function gmtOffset(date: Date): string {
  const minutes = -date.getTimezoneOffset();
  const sign = minutes >= 0 ? '+' : '-';
  const abs = Math.abs(minutes);
  return `GMT${sign}${Math.floor(abs / 60)}${abs % 60 ? `:${String(abs % 60).padStart(2, '0')}` : ''}`;
}

/** /agentHome: the back office, without the player shell (its pages come with issue 6). */
export default function AgentHomePage() {
  const { t, i18n } = useTranslation();
  const { member } = useSession();
  const { logout } = useAuthActions();
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(new Date()), 1000);
    return () => window.clearInterval(timer);
  }, []);
  return (
    <div className="agent-home" data-testid="agent-home">
      <header className="agent-header">
        <strong>{t('agent.homeTitle')}</strong>
        <span className="agent-clock" aria-label={t('agent.clock')}>
          {gmtOffset(now)} ·{' '}
          <time dateTime={now.toISOString()}>{now.toLocaleTimeString(i18n.language)}</time>
        </span>
        <span data-testid="agent-nickname">{member?.nickname}</span>
        <button
          type="button"
          className="button secondary"
          onClick={() => void logout('/agent')}
          data-testid="agent-sign-out"
        >
          {t('auth.signOut')}
        </button>
      </header>
      <main>
        <EmptyState title={t('section.emptyTitle')}>
          <p>{t('section.emptyBody')}</p>
        </EmptyState>
        <p className="agent-support-hours">{t('agent.supportHours')}</p>
      </main>
    </div>
  );
}

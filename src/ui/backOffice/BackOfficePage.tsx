import { useCallback, useMemo, useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { StaffMe } from '../../shared/chat';
import { createBackOffice } from '../../app/features/backOffice';
import { forgetSupportToken, storedSupportToken } from '../../app/features/chatClient';
import { Button } from '../components/Button';
import { Badge } from '../components/Badge';
import { QueryFallback } from '../components/QueryFallback';
import { Tabs } from '../components/Tabs';
import { useErrorText } from '../components/forms/useErrorText';
import { useQuery } from '../hooks/useQuery';
import { SupportLogin } from '../chat';
import { TwoFactorSetupPanel } from './TwoFactorSetupPanel';
import { BACK_OFFICE_TABS } from './tabs';
import './backOffice.css';

/** Codes that mean the staff session is over: back to the login. */
const SESSION_OVER = new Set(['support_not_logged_in', 'forbidden']);

/**
 * The operator's back office (issue 30, /backoffice): staff sign in with the support console's
 * account (one session for both), set up two-factor sign-in once, then work the tabs their roles
 * allow (./tabs.ts): the dashboard, the queues, members, content, agents, staff, the audit trail.
 * Each tab has its address (/backoffice/<tab>), so a reload or a link opens it again.
 */
export default function BackOfficePage() {
  const { t } = useTranslation();
  const [token, setToken] = useState(storedSupportToken);
  const [notice, setNotice] = useState<string | null>(null);
  const errorText = useErrorText();
  // The session ended: back to the login, saying why (nothing after a plain log-out).
  const ended = useCallback(
    (code: string | null) => {
      forgetSupportToken();
      setToken(null);
      setNotice(code ? errorText(code) : null);
    },
    [errorText],
  );
  if (!token) {
    return (
      <div className="back-office" data-testid="back-office">
        <SupportLogin
          title={t('backOffice.title')}
          intro={t('backOffice.loginIntro')}
          notice={notice}
          onLoggedIn={(fresh) => {
            setNotice(null);
            setToken(fresh);
          }}
        />
      </div>
    );
  }
  return <SignedIn token={token} onEnded={ended} />;
}

function SignedIn({ token, onEnded }: { token: string; onEnded: (code: string | null) => void }) {
  const { t, i18n } = useTranslation();
  const office = useMemo(() => createBackOffice(() => i18n.language.toUpperCase()), [i18n]);
  const me = useQuery<StaffMe>(`back-office-me:${token}`, (signal) => office.me(signal));
  const { tab } = useParams();
  const navigate = useNavigate();
  if (me.state.kind === 'failed' && SESSION_OVER.has(me.state.code)) {
    return <SessionOver code={me.state.code} onEnded={onEnded} />;
  }
  const staff = me.state.kind === 'ready' ? me.state.value : null;
  if (!staff) return <QueryFallback state={me.state} onRetry={me.refresh} lines={4} />;
  const logOut = () => {
    office.logout().then(
      () => onEnded(null),
      () => onEnded(null),
    );
  };
  const header = (
    <header className="back-office-header">
      <h1>{t('backOffice.title')}</h1>
      <p className="back-office-who">
        <span>{staff.displayName}</span>
        {staff.roles.map((role) => (
          <Badge key={role}>{t(`backOffice.role.${role}`)}</Badge>
        ))}
      </p>
      <Button size="sm" onClick={logOut}>
        {t('support.logOut')}
      </Button>
    </header>
  );
  if (!staff.twoFactor) {
    return (
      <div className="back-office" data-testid="back-office">
        {header}
        {staff.twoFactorOn ? (
          <p className="back-office-note" role="alert">
            {t('backOffice.signInWithCode')}
          </p>
        ) : (
          <TwoFactorSetupPanel office={office} staff={staff} onDone={me.refresh} />
        )}
      </div>
    );
  }
  const tabs = BACK_OFFICE_TABS.filter((entry) =>
    entry.roles.some((role) => staff.roles.includes(role)),
  );
  const current = tabs.find((entry) => entry.id === tab) ?? tabs[0];
  return (
    <div className="back-office" data-testid="back-office">
      {header}
      {current ? (
        <>
          <Tabs
            label={t('backOffice.title')}
            items={tabs.map((entry) => ({ id: entry.id, label: t(`backOffice.tab.${entry.id}`) }))}
            current={current.id}
            onSelect={(id) => void navigate(`/backoffice/${id}`, { replace: true })}
            panelId="back-office-panel"
          />
          <div id="back-office-panel" role="tabpanel" data-testid={`back-office-${current.id}`}>
            <current.Panel key={current.id} office={office} me={staff} />
          </div>
        </>
      ) : (
        <p className="back-office-note">{t('backOffice.nothingForRole')}</p>
      )}
    </div>
  );
}

/** The session ended (logged out elsewhere, idle, reset): says so, then back to the login. */
function SessionOver({ code, onEnded }: { code: string; onEnded: (code: string | null) => void }) {
  const { t } = useTranslation();
  return (
    <div className="back-office" data-testid="back-office">
      <p className="back-office-note" role="alert">
        {t('backOffice.sessionOver')}
      </p>
      <Button variant="primary" onClick={() => onEnded(code)}>
        {t('support.logIn')}
      </Button>
    </div>
  );
}

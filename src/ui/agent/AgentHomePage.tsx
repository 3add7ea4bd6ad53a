import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, IconButton } from '../components/Button';
import { Drawer } from '../components/Drawer';
import { useIsDesktop } from '../hooks/useMediaQuery';
import { Link, useParams } from 'react-router-dom';
import { chooseCustomerService } from '../../shared/customerService';
import { useServices } from '../core/ServicesContext';
import { EmptyState } from '../components/EmptyState';
import { useObservable } from '../hooks/useObservable';
import { useAuthActions } from '../core/session/useAuthActions';
import { useSession } from '../core/session/useSession';
import { useSiteInfo } from '../core/SiteInfoContext';
import {
  type AgentPage,
  agentPages,
  DEFAULT_AGENT_PAGE,
  isAgentPage,
  isPageEnabled,
  pendingRequests,
} from './agentPages';
import { AgentContractsPage, AgentSalaryPage } from './salary/AgentContractPages';
import { AnnouncementsPage } from './pages/AnnouncementsPage';
import { CustomerServicePage } from './pages/CustomerServicePage';
import { MessagesPage } from './pages/MessagesPage';
import { UnreadBadge } from '../components/UnreadBadge';
import { RegisterCenterPage } from './pages/RegisterCenterPage';
import { TeamMembersPage } from './pages/TeamMembersPage';
import { TeamOverviewPage } from './pages/TeamOverviewPage';
import {
  IncomePage,
  TeamBetsPage,
  TeamProfitPage,
  TeamTransactionsPage,
} from './pages/TeamReportPages';

/** "GMT+7" style offset of this device's time zone (spec 2: the back office shows it). */
function gmtOffset(date: Date): string {
  const minutes = -date.getTimezoneOffset();
  const sign = minutes >= 0 ? '+' : '-';
  const abs = Math.abs(minutes);
  return `GMT${sign}${Math.floor(abs / 60)}${abs % 60 ? `:${String(abs % 60).padStart(2, '0')}` : ''}`;
}

/** Each page's content. */
const pageContent: Record<AgentPage, () => ReactNode> = {
  agentAnnouncement: () => <AnnouncementsPage />,
  agentTeamOverview: () => <TeamOverviewPage />,
  registerCenter: () => <RegisterCenterPage />,
  downlineManagmentView: () => <TeamMembersPage />,
  personalHistoryCopy: () => <TeamBetsPage />,
  palStatementsAgentCopy: () => <TeamProfitPage />,
  agentRevenueReport: () => <IncomePage />,
  agentDownlineTransactionDetailsCopy: () => <TeamTransactionsPage />,
  agentContracts: () => <AgentContractsPage />,
  agentDividendRecordCopy2: () => <AgentSalaryPage type="dividend" />,
  agentDailyWages2: () => <AgentSalaryPage type="dailySalary" />,
  agentHourSalary: () => <AgentSalaryPage type="hourlySalary" />,
  agentRealtimeSalary: () => <AgentSalaryPage type="realTimeSalary" />,
  messages: () => <MessagesPage />,
  customerService: () => <CustomerServicePage />,
};

/** The header's live clock, ticking each second. */
function useNow(): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(new Date()), 1000);
    return () => window.clearInterval(timer);
  }, []);
  return now;
}

/**
 * /agentHome and /agentHome/:page: the back office, without the player shell (spec 2). The
 * header shows the GMT offset, a live clock and the nickname; logout goes to /agent. The side
 * navigation lists the pages whose feature is enabled; agentTeamOverview is the default.
 */
export default function AgentHomePage() {
  const { t, i18n } = useTranslation();
  const { member } = useSession();
  const { logout } = useAuthActions();
  const services = useServices();
  const site = useSiteInfo();
  const now = useNow();
  const funds = useObservable(services.consolidatedFunds.funds$, null);
  const features = {
    whitelabel: site.info.whitelabel,
    funds,
    customerService: chooseCustomerService(site.info.customerService) !== null,
  };
  const isDesktop = useIsDesktop();
  // The phone's page menu is open for the page it was opened on: choosing a page closes it.
  const [navPath, setNavPath] = useState<string | null>(null);
  const params = useParams();
  const page = params.page ?? DEFAULT_AGENT_PAGE;
  const current = isAgentPage(page) && isPageEnabled(page, features) ? page : null;

  // Moving between pages moves the focus to the new page's title (keyboard and screen readers).
  const heading = useRef<HTMLHeadingElement>(null);
  const firstPage = useRef(page);
  useEffect(() => {
    if (page !== firstPage.current) heading.current?.focus();
    firstPage.current = '';
  }, [page]);

  const agentNav = (
    <nav
      className="agent-nav"
      aria-label={t('agentOffice.navLabel')}
      onClick={() => setNavPath(null)}
    >
      <ul>
        {agentPages
          .filter((name) => isPageEnabled(name, features))
          .map((name) => {
            const waiting = pendingRequests(name, funds);
            // /agentHome is the overview too (`page` defaults to it).
            const active = name === page;
            return (
              <li key={name}>
                <Link
                  to={`/agentHome/${name}`}
                  className={active ? 'active' : undefined}
                  aria-current={active ? 'page' : undefined}
                  data-testid={`agent-nav-${name}`}
                >
                  {t(`agentOffice.pages.${name}`)}
                  {name === 'messages' && <UnreadBadge />}
                  {waiting > 0 && (
                    <span
                      className="agent-badge"
                      aria-label={t('agentOffice.waiting', { count: waiting })}
                    >
                      {waiting}
                    </span>
                  )}
                </Link>
              </li>
            );
          })}
      </ul>
    </nav>
  );

  return (
    <>
      <div className="agent-home agent-office" data-testid="agent-home">
        <header className="agent-header">
          {!isDesktop && (
            <IconButton
              icon="menu"
              label={t('agentOffice.navLabel')}
              aria-expanded={navPath === page}
              aria-controls="agent-nav-drawer"
              data-testid="agent-menu-toggle"
              onClick={() => setNavPath(page)}
            />
          )}
          <strong className="agent-title">{t('agent.homeTitle')}</strong>
          <span className="agent-clock" aria-label={t('agent.clock')}>
            {gmtOffset(now)} ·{' '}
            <time dateTime={now.toISOString()}>{now.toLocaleTimeString(i18n.language)}</time>
          </span>
          <span className="agent-nickname" data-testid="agent-nickname">
            {member?.nickname}
          </span>
          {isDesktop ? (
            <Button onClick={() => void logout('/agent')} data-testid="agent-sign-out">
              {t('auth.signOut')}
            </Button>
          ) : (
            // On a phone the header is two short rows: the button is its icon, named.
            <IconButton
              icon="logout"
              label={t('auth.signOut')}
              className="agent-sign-out"
              onClick={() => void logout('/agent')}
              data-testid="agent-sign-out"
            />
          )}
        </header>
        {!isDesktop && navPath !== null && (
          <Drawer
            id="agent-nav-drawer"
            open={navPath === page}
            onClose={() => setNavPath(null)}
            label={t('agentOffice.navLabel')}
          >
            {agentNav}
          </Drawer>
        )}
        <div className="agent-layout">
          {isDesktop && agentNav}
          <main className="agent-main" data-testid={`agent-page-${page}`}>
            <h1 ref={heading} tabIndex={-1}>
              {current ? t(`agentOffice.pages.${current}`) : t('agentOffice.unavailable.title')}
            </h1>
            {current ? (
              pageContent[current]()
            ) : (
              <EmptyState title={t('agentOffice.unavailable.title')}>
                <p>{t('agentOffice.unavailable.body')}</p>
                <Link to="/agentHome">{t('agentOffice.unavailable.back')}</Link>
              </EmptyState>
            )}
            <p className="agent-support-hours">{t('agent.supportHours')}</p>
          </main>
        </div>
      </div>
    </>
  );
}

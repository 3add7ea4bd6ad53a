import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router-dom';
import { chooseCustomerService } from '../../shared/customerService';
import { CustomerServiceLink } from './CustomerServiceLink';
import { useSiteInfo } from '../core/SiteInfoContext';
import { useAuthActions } from '../core/session/useAuthActions';
import { useSession } from '../core/session/useSession';
import { AppQrCode } from './AppQrCode';
import { BalanceDisplay } from './BalanceDisplay';
import { BonusBalance } from './BonusBalance';
import { LanguageSelect } from './LanguageSelect';
import { ThemeToggle } from './ThemeToggle';
import { UnreadBadge } from '../components/UnreadBadge';
import { RewardBadge } from '../promotions';
import { Button } from '../components/Button';

const moneyLinks = [
  ['menu.deposit', '/member/depositv2'],
  ['menu.withdraw', '/member/withdraw'],
  ['nav.promotions', '/promotions'],
  ['menu.inviteFriends', '/member/referral'],
  ['menu.rewardCenter', '/member/rewardCenter'],
  ['menu.pointMall', '/pointMall'],
  ['menu.manualRebate', '/member/manualRebate'],
] as const;

const memberLinks = [
  ['menu.vip', '/member/vip'],
  ['menu.bettingRecord', '/member/personalHistoryCopy'],
  ['menu.accountRecord', '/member/transactionHistory'],
  ['menu.myAccount', '/member/securityCenter'],
  ['menu.depositRecord', '/member/depositRecord'],
  ['menu.profitLoss', '/member/personalProfit'],
  ['menu.messages', '/member/messageV2'],
  ['menu.feedback', '/member/feedback'],
] as const;

const gameLinks = [
  ['games.live', '/live'],
  ['games.rng', '/rng'],
  ['games.fish', '/fish'],
  ['games.pvp', '/pvp'],
  ['games.sports', '/sports'],
  ['games.esports', '/esports'],
  ['games.lott', '/lott'],
  ['games.elott', '/elott'],
] as const;

/** A titled list of menu links; `links` pairs a text key with a path. */
function LinkGroup({
  label,
  links,
  titled = false,
}: {
  label: string;
  links: readonly (readonly [string, string])[];
  titled?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <nav aria-label={label}>
      {titled && <h2>{label}</h2>}
      <ul>
        {links.map(([key, to]) => (
          <li key={to}>
            <NavLink to={to}>
              {t(key)}
              {to === '/member/messageV2' && <UnreadBadge />}
              {to === '/member/rewardCenter' && <RewardBadge />}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** Spec 2 "Side menu": money actions, member list, game centre, apps, support, language. */
export function SideMenu({ open, inDrawer = false }: { open: boolean; inDrawer?: boolean }) {
  const { t } = useTranslation();
  const info = useSiteInfo().info;
  const { isLogin: loggedIn, isTrial } = useSession();
  const { logout } = useAuthActions();
  const apps = info.resources.filter((resource) => resource.resourceType.startsWith('APP_'));

  const content = (
    <>
      {loggedIn && <BalanceDisplay testId="side-balance" />}
      {loggedIn && <BonusBalance testId="side-bonus-balance" />}
      {isTrial && <span className="badge">{t('auth.trialBadge')}</span>}
      <LinkGroup label={t('shell.quickActions')} links={moneyLinks} />
      <LinkGroup label={t('menu.memberCentre')} links={memberLinks} titled />
      <LinkGroup label={t('games.centre')} links={gameLinks} titled />
      {apps.length > 0 && (
        <section aria-label={t('shell.appDownload')}>
          <h2>{t('shell.appDownload')}</h2>
          <ul className="app-links">
            {apps.map((app) => (
              <li key={app.resourceType}>
                <AppQrCode url={app.url} label={app.labelNameEn ?? app.resourceType} />
              </li>
            ))}
          </ul>
        </section>
      )}
      {chooseCustomerService(info.customerService) && (
        <ul>
          <li>
            <CustomerServiceLink>{t('shell.customerService')}</CustomerServiceLink>
          </li>
        </ul>
      )}
      <div className="side-menu-settings">
        <LanguageSelect />
        {inDrawer && <ThemeToggle />}
      </div>
      {loggedIn && (
        <Button className="sign-out" onClick={() => void logout('/')}>
          {t('auth.signOut')}
        </Button>
      )}
    </>
  );
  // In the drawer the <dialog> is the labelled container.
  if (inDrawer) return <div className="side-menu in-drawer">{content}</div>;
  return (
    <aside
      id="side-menu"
      className="side-menu"
      data-open={open}
      aria-label={t('shell.sideMenu')}
      hidden={!open}
    >
      {content}
    </aside>
  );
}

import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { Icon, type IconName } from '../components/Icon';
import { UnreadBadge } from '../components/UnreadBadge';
import { usePopups } from '../core/PopupContext';
import { useAuthActions } from '../core/session/useAuthActions';
import { useSession } from '../core/session/useSession';

/** The game list pages the Games tab stands for. */
const gamePaths = ['/live', '/rng', '/fish', '/pvp', '/sports', '/esports', '/lott', '/elott'];

function Tab({
  to,
  icon,
  label,
  active,
  onClick,
  extra,
}: {
  to: string;
  icon: IconName;
  label: string;
  active: boolean;
  onClick?: (event: React.MouseEvent) => void;
  extra?: React.ReactNode;
}) {
  return (
    <li>
      <Link
        to={to}
        className={`bottom-tab${active ? ' active' : ''}`}
        aria-current={active ? 'page' : undefined}
        onClick={onClick}
      >
        <span className="bottom-tab-icon">
          <Icon name={icon} size={22} />
          {extra}
        </span>
        <span className="bottom-tab-label">{label}</span>
      </Link>
    </li>
  );
}

/**
 * The phone's bottom navigation (below the desktop breakpoint): home, games, promotions,
 * deposit and the member centre, the current one marked. Deposit and member ask a guest to log
 * in first, and a trial account for a real one, as the header's buttons do.
 */
export function BottomNav() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const session = useSession();
  const popups = usePopups();
  const { requireRealAccount } = useAuthActions();
  const path = pathname.toLowerCase();
  const guarded = (to: string) => (event: React.MouseEvent) => {
    event.preventDefault();
    requireRealAccount(() => void navigate(to));
  };
  return (
    <nav className="bottom-nav" aria-label={t('shell.bottomNav')} data-testid="bottom-nav">
      <ul>
        <Tab
          to="/"
          icon="home"
          label={t('nav.home')}
          active={['/', '/index', '/index.html', '/home'].includes(path)}
        />
        <Tab to="/rng" icon="games" label={t('nav.games')} active={gamePaths.includes(path)} />
        <Tab
          to="/promotions"
          icon="gift"
          label={t('nav.promotionsShort')}
          active={path === '/promotions'}
        />
        <Tab
          to="/member/depositv2"
          icon="wallet"
          label={t('menu.deposit')}
          active={path === '/member/depositv2'}
          onClick={guarded('/member/depositv2')}
        />
        <Tab
          to="/member"
          icon="user"
          label={t('nav.account')}
          active={path.startsWith('/member') && !path.startsWith('/member/depositv2')}
          extra={session.isLogin ? <UnreadBadge /> : undefined}
          onClick={(event) => {
            if (session.isLogin && !session.isTrial) return;
            event.preventDefault();
            if (!session.isLogin) popups.open('login');
            else requireRealAccount(() => undefined);
          }}
        />
      </ul>
    </nav>
  );
}

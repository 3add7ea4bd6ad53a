import { useTranslation } from 'react-i18next';
import { Link, NavLink, useNavigate } from 'react-router-dom';
import { usePopups } from '../popups/PopupContext';
import { useAuthActions } from '../session/useAuthActions';
import { useSession } from '../session/useSession';
import { AccountMenu } from './AccountMenu';
import { BalanceDisplay } from './BalanceDisplay';
import { useSiteInfo } from '../system/SiteInfoContext';
import { LanguageSelect } from './LanguageSelect';
import { ThemeToggle } from './ThemeToggle';

/**
 * Spec 2 "Header". Top navigation: Home, then each game category with a vendor (the catalogue
 * arrives with issue 5), then Promotions. The logged-in side (balance, avatar, account menu)
 * is filled by issues 3 and 4; its places are already here.
 */
export function Header({
  onToggleMenu,
  menuOpen,
}: {
  onToggleMenu: () => void;
  menuOpen: boolean;
}) {
  const { t } = useTranslation();
  const { open } = usePopups();
  const brand = useSiteInfo().info.brand;
  const session = useSession();
  const loggedIn = session.isLogin;
  const { requireRealAccount } = useAuthActions();
  const navigate = useNavigate();

  return (
    <header className="site-header">
      <button
        type="button"
        className="icon-button"
        aria-label={t('shell.toggleMenu')}
        aria-expanded={menuOpen}
        aria-controls="side-menu"
        data-testid="menu-toggle"
        onClick={onToggleMenu}
      >
        ☰
      </button>
      <Link to="/" className="brand" aria-label={brand.name}>
        <span className="brand-mark" aria-hidden="true">
          ✦
        </span>
        {brand.name}
      </Link>
      <nav aria-label={t('shell.mainNav')} className="top-nav">
        <NavLink to="/" end>
          {t('nav.home')}
        </NavLink>
        <NavLink to="/promotions">{t('nav.promotions')}</NavLink>
        {!loggedIn && <NavLink to="/member/rewardCenter">{t('nav.rewards')}</NavLink>}
        <NavLink to="/member/referral">{t('nav.share')}</NavLink>
      </nav>
      <div className="header-actions">
        <LanguageSelect compact />
        <ThemeToggle />
        {loggedIn ? (
          <>
            <button
              type="button"
              className="button primary"
              data-testid="deposit-button"
              onClick={() => requireRealAccount(() => void navigate('/member/depositv2'))}
            >
              {t('menu.deposit')}
            </button>
            <button
              type="button"
              className="button secondary"
              onClick={() => requireRealAccount(() => void navigate('/member/withdraw'))}
            >
              {t('menu.withdraw')}
            </button>
            <BalanceDisplay />
            <AccountMenu />
          </>
        ) : (
          <>
            <button
              type="button"
              className="button secondary"
              data-testid="open-login"
              onClick={() => open('login')}
            >
              {t('auth.login')}
            </button>
            <button
              type="button"
              className="button primary"
              data-testid="open-register"
              onClick={() => open('register')}
            >
              {t('auth.register')}
            </button>
          </>
        )}
      </div>
    </header>
  );
}

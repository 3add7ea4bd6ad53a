import { lazy, Suspense, useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, useNavigate } from 'react-router-dom';
import { Button, IconButton } from '../components/Button';
import { usePopups } from '../core/PopupContext';
import { useAuthActions } from '../core/session/useAuthActions';
import { useSession } from '../core/session/useSession';
import { AccountMenu } from './AccountMenu';
import { BalanceDisplay } from './BalanceDisplay';
import { useSiteInfo } from '../core/SiteInfoContext';
import { LanguageSelect } from './LanguageSelect';
import { ThemeToggle } from './ThemeToggle';
import { useServices } from '../core/ServicesContext';
import { useObservable } from '../hooks/useObservable';

// The game search sheet and its results come with the first tap on the search button.
const GameSearch = lazy(() => import('../games/search/GameSearch'));

/**
 * Spec 2 "Header". On a phone (`compact`): menu, logo, then the balance with show/hide, Deposit
 * and the avatar, or Log in / Register; language and theme live in the drawer. From the desktop
 * breakpoint: the top navigation, language, theme, Deposit and Withdraw too. The game search
 * (issue 34, finding 7) is a button on every width, before the actions.
 */
export function Header({
  onToggleMenu,
  menuOpen,
  compact,
}: {
  onToggleMenu: () => void;
  menuOpen: boolean;
  compact: boolean;
}) {
  const { t } = useTranslation();
  const { open } = usePopups();
  const brand = useSiteInfo().info.brand;
  const session = useSession();
  const loggedIn = session.isLogin;
  const { requireRealAccount } = useAuthActions();
  const navigate = useNavigate();

  return (
    // Busy while the session is being found out (a login's member loading, a logout): the
    // Log in buttons it shows meanwhile are not yet the answer.
    <header className="site-header" aria-busy={session.pending}>
      <IconButton
        icon="menu"
        label={t('shell.toggleMenu')}
        aria-expanded={menuOpen}
        aria-controls="side-menu"
        data-testid="menu-toggle"
        onClick={onToggleMenu}
      />
      <Link to="/" className="brand" aria-label={brand.name}>
        <span className="brand-mark" aria-hidden="true">
          ✦
        </span>
        <span className="brand-name">{brand.name}</span>
      </Link>
      {!compact && (
        <nav aria-label={t('shell.mainNav')} className="top-nav">
          <NavLink to="/" end>
            {t('nav.home')}
          </NavLink>
          <NavLink to="/promotions">{t('nav.promotions')}</NavLink>
          <RewardsLink loggedIn={loggedIn} />
          <NavLink to="/member/referral">{t('nav.share')}</NavLink>
        </nav>
      )}
      <div className="header-actions">
        <SearchButton />
        {!compact && <LanguageSelect compact />}
        {!compact && <ThemeToggle />}
        {loggedIn ? (
          <>
            <BalanceDisplay compact={compact} />
            <Button
              variant="primary"
              size={compact ? 'sm' : 'md'}
              data-testid="deposit-button"
              // On the narrowest phones a "+" stands for the word (still its name): the search
              // button beside the balance left no room for both.
              icon={compact ? 'plus' : undefined}
              className="header-deposit"
              onClick={() => requireRealAccount(() => void navigate('/member/depositv2'))}
            >
              <span className="header-deposit-label">{t('menu.deposit')}</span>
            </Button>
            {!compact && (
              <Button onClick={() => requireRealAccount(() => void navigate('/member/withdraw'))}>
                {t('menu.withdraw')}
              </Button>
            )}
            <AccountMenu compact={compact} />
          </>
        ) : (
          <>
            <Button
              size={compact ? 'sm' : 'md'}
              data-testid="open-login"
              onClick={() => open('login')}
            >
              {t('auth.login')}
            </Button>
            <Button
              variant="primary"
              size={compact ? 'sm' : 'md'}
              data-testid="open-register"
              onClick={() => open('register')}
            >
              {t('auth.register')}
            </Button>
          </>
        )}
      </div>
    </header>
  );
}

/**
 * Spec 2: Rewards for a guest, and for a member only while a referral promotion is open to them.
 * Its own component so the summary is asked only where the top navigation shows (not on phones).
 */
function RewardsLink({ loggedIn }: { loggedIn: boolean }) {
  const { t } = useTranslation();
  const summary = useObservable(useServices().promotionSummary$, null);
  if (loggedIn && !summary?.referralEnabled) return null;
  return <NavLink to="/member/rewardCenter">{t('nav.rewards')}</NavLink>;
}

/** The header's search button and, once tapped, the search sheet (its own chunk). */
function SearchButton() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [loaded, setLoaded] = useState(false);
  const close = useCallback(() => setOpen(false), []);
  return (
    <>
      <IconButton
        icon="search"
        label={t('games.openSearch')}
        className="header-search"
        data-testid="open-game-search"
        aria-haspopup="dialog"
        onClick={() => {
          setLoaded(true);
          setOpen(true);
        }}
      />
      {loaded && (
        <Suspense fallback={null}>
          <GameSearch open={open} onClose={close} />
        </Suspense>
      )}
    </>
  );
}

import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router-dom';
import { ConnectionIndicator } from './ConnectionIndicator';
import { Footer } from './Footer';
import { isGamePage } from './gamePages';
import { Header } from './Header';
import { SideMenu } from './SideMenu';
import { useSideMenuState } from './sideMenuState';

/** Every player route but /agent and /agentHome: side menu, header, main, footer (spec 2). */
export function Shell() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const [menuOpen, setMenuOpen] = useSideMenuState();
  const showSideMenu = !isGamePage(pathname);
  return (
    <div className="shell" data-side-menu={showSideMenu && menuOpen ? 'open' : 'closed'}>
      <a className="skip-link" href="#main">
        {t('shell.skipToContent')}
      </a>
      <Header onToggleMenu={() => setMenuOpen()} menuOpen={showSideMenu && menuOpen} />
      {showSideMenu && <SideMenu open={menuOpen} />}
      <main id="main" tabIndex={-1}>
        <Outlet />
      </main>
      <Footer />
      <ConnectionIndicator />
    </div>
  );
}

import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router-dom';
import { afterFirstScreen, useFirstScreenDrawn } from '../core/firstScreen';
import { useIsDesktop } from '../hooks/useMediaQuery';
import { BottomNav } from './BottomNav';
import { ConnectionIndicator } from './ConnectionIndicator';
import { isGamePage, isMemberCentre } from './gamePages';
import { Header } from './Header';
import { useSideMenuState } from './sideMenuState';

/** The footer is below every page's first screen: it comes once that is drawn. */
const Footer = lazy(() => import('./Footer').then((module) => ({ default: module.Footer })));

// The side menu (beside the page from the desktop breakpoint, else a drawer opened by the
// menu button) comes after the first download too, fetched once the first screen is drawn.
const loadSideMenu = () => import('./SideMenu');
const SideMenu = lazy(() => loadSideMenu().then((module) => ({ default: module.SideMenu })));
const Drawer = lazy(() =>
  import('../components/Drawer').then((module) => ({ default: module.Drawer })),
);

/**
 * Every player route but /agent and /agentHome (spec 2). Mobile first: below the desktop
 * breakpoint a compact header, the side menu as a drawer and a bottom navigation bar; from it,
 * the side menu beside the page (remembered open or closed) and the top navigation.
 */
export function Shell() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const isDesktop = useIsDesktop();
  const [menuOpen, setMenuOpen] = useSideMenuState();
  // The drawer is open for the page it was opened on: any navigation closes it.
  const [drawerPath, setDrawerPath] = useState<string | null>(null);
  const drawerOpen = !isDesktop && drawerPath === pathname;
  const showSideMenu = !isGamePage(pathname);
  // The member centre has its own menu beside the page: there the side menu is folded, so a
  // wide screen does not show two menus side by side. The menu button still unfolds it, for
  // that page only; the remembered choice is the rest of the site's.
  const ownMenu = isMemberCentre(pathname);
  const [unfoldedOn, setUnfoldedOn] = useState<string | null>(null);
  const sideOpen = ownMenu ? unfoldedOn === pathname : menuOpen;
  const firstScreenDrawn = useFirstScreenDrawn();
  useEffect(() => {
    void afterFirstScreen().then(() => loadSideMenu().catch(() => undefined));
  }, []);
  const toggle = () => {
    if (!isDesktop) setDrawerPath(drawerOpen ? null : pathname);
    else if (ownMenu) setUnfoldedOn(sideOpen ? null : pathname);
    else setMenuOpen();
  };
  return (
    <div
      className="shell"
      data-side-menu={isDesktop && showSideMenu && sideOpen ? 'open' : 'closed'}
      data-layout={isDesktop ? 'desktop' : 'phone'}
    >
      <a className="skip-link" href="#main">
        {t('shell.skipToContent')}
      </a>
      <Header
        onToggleMenu={toggle}
        menuOpen={isDesktop ? showSideMenu && sideOpen : drawerOpen}
        compact={!isDesktop}
      />
      {isDesktop
        ? showSideMenu && (
            // Its column is kept while the menu's chunk arrives, so the page does not move.
            <Suspense fallback={<aside id="side-menu" className="side-menu" hidden={!sideOpen} />}>
              <SideMenu open={sideOpen} />
            </Suspense>
          )
        : drawerPath !== null && (
            <Suspense fallback={null}>
              <Drawer
                id="side-menu"
                open={drawerOpen}
                onClose={() => setDrawerPath(null)}
                label={t('shell.sideMenu')}
              >
                <SideMenu open inDrawer />
              </Drawer>
            </Suspense>
          )}
      <main id="main" tabIndex={-1}>
        <Outlet />
      </main>
      {firstScreenDrawn && (
        <Suspense fallback={null}>
          <Footer />
        </Suspense>
      )}
      {!isDesktop && <BottomNav />}
      <ConnectionIndicator />
    </div>
  );
}

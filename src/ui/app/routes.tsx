import { isValidElement, lazy, type ReactNode, Suspense } from 'react';
import { matchRoutes, Outlet, type RouteObject } from 'react-router-dom';
import { useFirstScreenDrawn, useMarkFirstScreen } from '../core/firstScreen';
import { useSession } from '../core/session/useSession';
import { HomePage } from '../home';
import { PopupProvider } from '../core/PopupContext';
import { NotFoundPage, Popups, Shell } from '../shell';
import { NavigationEffects } from './NavigationEffects';
import { RequireAuth } from './RequireAuth';
import {
  AccountGame,
  AgentHome,
  AnnouncementPopups,
  AgentLanding,
  Chat,
  DevGallery,
  Downloads,
  GameCenter,
  GameListCenter,
  HelpCentre,
  Lottery,
  MemberCenter,
  PointMall,
  Promotions,
  Seamless,
  SupportConsole,
  BackOffice,
} from './sections';

// The reality check and the session limit (issue 17): loaded once a real member is logged in
// and the first screen is drawn.
const RealityCheck = lazy(() => import('../responsibleGaming/RealityCheck'));

function RealityCheckGate() {
  const session = useSession();
  const firstScreenDrawn = useFirstScreenDrawn();
  if (!session.isLogin || session.isTrial || session.pending || !firstScreenDrawn) return null;
  return (
    <Suspense fallback={null}>
      <RealityCheck />
    </Suspense>
  );
}

function Root() {
  // Once the session is known, the route's first screen is in this render (main.tsx waited for
  // its section): what can wait for it starts after it (firstScreen.ts). Not the announcements'
  // pop-ups: on a phone the after-login one is a full-height sheet, the first thing seen.
  useMarkFirstScreen(!useSession().pending);
  return (
    <PopupProvider>
      <NavigationEffects />
      <Outlet />
      <Popups />
      <AnnouncementPopups />
      <RealityCheckGate />
    </PopupProvider>
  );
}

const withAuth = (element: React.ReactNode) => <RequireAuth>{element}</RequireAuth>;
const realAccountOnly = (element: React.ReactNode) => (
  <RequireAuth realAccount>{element}</RequireAuth>
);
const agentOnly = (element: React.ReactNode) => (
  <RequireAuth redirectTo="/agent" agent>
    {element}
  </RequireAuth>
);

/** The player route table of spec 2 (paths match case-insensitively, as React Router does). */
export const routes: RouteObject[] = [
  {
    element: <Root />,
    children: [
      {
        element: <Shell />,
        children: [
          { index: true, element: <HomePage /> },
          ...['/index', '/index.html', '/home'].map((path) => ({ path, element: <HomePage /> })),
          { path: '/login', element: <HomePage popup="login" /> },
          { path: '/register', element: <HomePage popup="register" /> },
          { path: '/help', element: <HomePage popup="help" /> },
          // Spec 2 "Help centre URL": the help centre as a page of its own.
          { path: '/helpmc', element: <HelpCentre /> },
          { path: '/member', element: realAccountOnly(<MemberCenter />) },
          { path: '/member/:page', element: realAccountOnly(<MemberCenter />) },
          { path: '/sports', element: <GameCenter category="SPORTS" /> },
          { path: '/esports', element: <GameCenter category="ESPORTS" /> },
          { path: '/lott', element: <GameCenter category="LOTT" /> },
          { path: '/elott', element: <GameCenter category="ELOTT" /> },
          { path: '/live', element: <GameListCenter type="live" /> },
          { path: '/fish', element: <GameListCenter type="fish" /> },
          { path: '/rng', element: <GameListCenter type="rng" /> },
          { path: '/pvp', element: <GameListCenter type="pvp" /> },
          { path: '/favorite', element: withAuth(<AccountGame kind="favorite" />) },
          { path: '/recent', element: withAuth(<AccountGame kind="recent" />) },
          { path: '/lottery', element: withAuth(<Lottery kind="lottery" />) },
          { path: '/seaLottery', element: withAuth(<Lottery kind="seaLottery" />) },
          { path: '/vnLottery', element: withAuth(<Lottery kind="vnLottery" />) },
          { path: '/promotions', element: <Promotions /> },
          { path: '/pointMall', element: <PointMall /> },
          { path: '/seamless', element: realAccountOnly(<Seamless />) },
          // The side menu's app entries (config resources APP_IOS, APP_ANDROID): issue 16.
          { path: '/downloads/:platform', element: <Downloads /> },
          // The design system's gallery: only with the development tools (DEV_TOOLS=1).
          { path: '/dev/ui', element: <DevGallery /> },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
      // The live chat (issue 16): a full-height page of its own, open whatever the status.
      { path: '/chat', element: <Chat /> },
      { path: '/chat/:room', element: <Chat /> },
      // The back office has no player shell.
      { path: '/agent', element: <AgentLanding /> },
      { path: '/agentHome', element: agentOnly(<AgentHome />) },
      { path: '/agentHome/:page', element: agentOnly(<AgentHome />) },
    ],
  },
  // The support staff's console: its own login, none of the player's popups.
  { path: '/support', element: <SupportConsole /> },
  // The operator's back office: the same staff sign-in, none of the player's popups.
  { path: '/backoffice', element: <BackOffice /> },
  { path: '/backoffice/:tab', element: <BackOffice /> },
];

/** A lazy section's component (lazySection), which can start its download ahead. */
const preloadOf = (type: unknown): (() => Promise<void>) | null =>
  typeof type === 'function' && 'preload' in type && typeof type.preload === 'function'
    ? (type.preload as () => Promise<void>)
    : null;

/**
 * Loads the lazy sections the route of `pathname` shows (the page's own, inside a guard too),
 * so the first render draws the page with the shell, not a frame later. The server's page
 * preloads their chunks (server/http/site/appShell.ts), so this is mostly a wait for them.
 */
export function preloadRoute(pathname: string): Promise<void> {
  const loads = (matchRoutes(routes, pathname) ?? []).flatMap(({ route }) => {
    const element = route.element;
    if (!isValidElement<{ children?: ReactNode }>(element)) return [];
    const inner = element.props.children;
    return [element.type, isValidElement(inner) ? inner.type : null]
      .map(preloadOf)
      .filter((preload) => preload !== null)
      .map((preload) => preload());
  });
  return Promise.all(loads).then(() => undefined);
}

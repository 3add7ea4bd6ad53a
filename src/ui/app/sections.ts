import { lazySection } from './lazySection';

/** The lazily loaded sections of spec 2, each its own chunk. */
export const Promotions = lazySection(
  'Promotions',
  () => import('../sections/promotions/PromotionsPage'),
);
export const Seamless = lazySection('Seamless', () => import('../sections/seamless/SeamlessPage'));
export const Lottery = lazySection('Lottery', () => import('../sections/lottery/LotteryPage'));
export const MemberCenter = lazySection(
  'MemberCenter',
  () => import('../sections/member/MemberCenterPage'),
);
export const PointMall = lazySection(
  'PointMall',
  () => import('../sections/pointMall/PointMallPage'),
);
export const AccountGame = lazySection(
  'AccountGame',
  () => import('../sections/accountGame/AccountGamePage'),
);
export const GameListCenter = lazySection(
  'GameListCenter',
  () => import('../sections/gameList/GameListPage'),
);
export const GameCenter = lazySection(
  'GameCenter',
  () => import('../sections/gameCenter/GameCenterPage'),
);
export const AgentLanding = lazySection('AgentLanding', () => import('../agent/AgentLandingPage'));
export const AgentHome = lazySection('AgentHome', () => import('../agent/AgentHomePage'));
export const DevGallery = lazySection(
  'DevGallery',
  () => import('../sections/devGallery/DevGalleryPage'),
);

import { lazySection } from '../core/lazySection';

/** The lazily loaded sections of spec 2, each its own chunk. */
export const Promotions = lazySection('Promotions', () => import('../promotions/PromotionsPage'));
export const Seamless = lazySection('Seamless', () => import('../games/pages/SeamlessPage'));
export const Lottery = lazySection('Lottery', () => import('../games/pages/LotteryPage'));
export const MemberCenter = lazySection('MemberCenter', () => import('../member/MemberCenterPage'));
export const PointMall = lazySection('PointMall', () => import('../promotions/PointMallPage'));
export const AccountGame = lazySection(
  'AccountGame',
  () => import('../games/pages/AccountGamePage'),
);
export const GameListCenter = lazySection(
  'GameListCenter',
  () => import('../games/pages/GameListPage'),
);
export const GameCenter = lazySection('GameCenter', () => import('../games/pages/GameCenterPage'));
export const AgentLanding = lazySection('AgentLanding', () => import('../agent/AgentLandingPage'));
export const AgentHome = lazySection('AgentHome', () => import('../agent/AgentHomePage'));
// The help centre's texts are the first page's (the /help popup shares them): no section texts.
export const HelpCentre = lazySection('HelpCentre', () => import('../help/HelpCentrePage'), {
  sectionTexts: false,
});
// The app download pages (issue 16): their texts are the sections' (downloads.*).
export const Downloads = lazySection('Downloads', () => import('../downloads/DownloadPage'));
export const DevGallery = lazySection('DevGallery', () => import('../dev/DevGalleryPage'));
// The live chat with customer service and the support staff's console (issue 16).
export const Chat = lazySection('Chat', () => import('../chat/ChatPage'));
export const SupportConsole = lazySection(
  'SupportConsole',
  () => import('../chat/SupportConsolePage'),
);
// The operator's back office (issue 30): staff roles, four-eyes, the audit trail.
export const BackOffice = lazySection('BackOffice', () => import('../backOffice/BackOfficePage'));

// The announcement pop-ups (issue 16) come after the first paint: nothing of them shows before
// the announcements' answer anyway.
export const AnnouncementPopups = lazySection<object>(
  'AnnouncementPopups',
  () =>
    import('../announcements/AnnouncementPopups').then((module) => ({
      default: module.AnnouncementPopups,
    })),
  { sectionTexts: false, Loading: () => null },
);

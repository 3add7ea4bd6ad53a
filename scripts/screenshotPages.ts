/**
 * The screenshot tour's pages (`npm run screenshots`, scripts/screenshots.ts): every page a
 * visitor, a player, an agent and the operator's staff reach, by role. Plain data, so the unit
 * test (tests/unit/ui/screenshotTour.test.ts) can hold it to the route tables: every route of
 * src/ui/app/routes.tsx, every member-centre page (memberPages.ts), every agent page
 * (agentPages.ts) and every back-office tab (backOffice/tabs.ts) is either here or in
 * NOT_IN_TOUR with the reason, and every page here is a route the site has.
 */

/** Who looks: each role is one logged-in browser context per width. */
export type TourRole = 'guest' | 'player' | 'agent' | 'support' | 'backOffice';

/**
 * What is done on the page after it has settled, before the picture: opening a popup, a menu or
 * a chat (the script implements each; its type makes it implement all of them).
 */
export type TourAction =
  | 'forgotPassword'
  | 'notices'
  | 'menuDrawer'
  | 'guestChat'
  | 'accountMenu'
  | 'changePassword'
  | 'slotGame'
  | 'vendorGames'
  | 'agentMenu'
  | 'supportChat';

/** The actions as the screenshots' README tells them. */
export const ACTION_TEXTS: Record<TourAction, string> = {
  forgotPassword: 'Log in, "Forgot password?"',
  notices: 'the notice marquee',
  menuDrawer: 'the menu button',
  guestChat: 'a message sent',
  accountMenu: 'the avatar (account menu)',
  changePassword: '"Change password"',
  slotGame: "the first game's Play now",
  vendorGames: "a vendor's Play now",
  agentMenu: 'the menu button',
  supportChat: 'the first chat',
};

export interface TourPage {
  /** The pictures' name: `<id>-<width>-<light|dark>.jpg`. */
  id: string;
  title: string;
  role: TourRole;
  /** Where the page is (a path with an optional query). */
  path: string;
  action?: TourAction;
  /**
   * The popup (a `<dialog>`) the picture is about, as a CSS selector: the pop-up dismissal
   * leaves it open, and the picture waits for it.
   */
  dialog?: string;
  /** Only at these widths (a phone's menu drawer has no desktop counterpart). */
  widths?: readonly number[];
}

export const TOUR_WIDTHS = [
  { width: 390, height: 844 },
  { width: 1440, height: 900 },
] as const;

export const TOUR_SCHEMES = ['light', 'dark'] as const;

/** The member centre's pages (src/ui/member/memberPages.ts), titled as its menu titles them. */
export const MEMBER_PAGE_TITLES: Record<string, string> = {
  securityCenter: 'My account',
  transferFund: 'My wallet',
  depositv2: 'Deposit',
  withdraw: 'Withdraw',
  transferUpline: 'Transfer to upline',
  personalHistoryCopy: 'Betting record',
  transactionHistory: 'Account record',
  personalProfit: 'Profit and loss',
  bonusDetails: 'Bonus details',
  rewardCenter: 'Reward centre',
  referral: 'Invite friends',
  missionLeaderboard: 'Missions',
  messageV2: 'Messages',
  manualRebate: 'Manual rebate',
  vip: 'VIP',
  depositRecord: 'Deposit record',
  contracts: 'My contracts',
  feedback: 'Feedback',
  responsibleGaming: 'Responsible gaming',
};

/** The agent back office's pages (src/ui/agent/agentPages.ts), in its menu's order. */
export const AGENT_PAGE_TITLES: Record<string, string> = {
  agentAnnouncement: 'Announcements',
  agentTeamOverview: 'Team overview',
  registerCenter: 'Add account',
  downlineManagmentView: 'Team management',
  personalHistoryCopy: 'Team betting',
  palStatementsAgentCopy: 'User profit and loss',
  agentRevenueReport: 'My income',
  agentDownlineTransactionDetailsCopy: 'Account details',
  agentContracts: 'Contracts',
  agentDividendRecordCopy2: 'Dividend records',
  agentDailyWages2: 'Daily salary',
  agentHourSalary: 'Hourly salary',
  agentRealtimeSalary: 'Real-time salary',
  messages: 'Messages',
  customerService: 'Customer service',
};

/** The operator's back-office tabs (src/ui/backOffice/tabs.ts), in its order. */
export const BACK_OFFICE_TAB_TITLES: Record<string, string> = {
  dashboard: 'Dashboard',
  withdrawals: 'Withdrawals',
  approvals: 'Approvals (four-eyes)',
  members: 'Members',
  feedback: 'Feedback',
  promotions: 'Promotions',
  goods: 'Points-mall goods',
  redemptions: 'Redemptions',
  announcements: 'Announcements',
  vip: 'VIP and missions',
  economics: 'Economics',
  agents: 'Agents',
  staff: 'Staff',
  system: 'System',
  audit: 'Audit trail',
};

const GAME_LISTS: [string, string][] = [
  ['/rng', 'Slots'],
  ['/live', 'Live casino'],
  ['/fish', 'Fishing'],
  ['/pvp', 'Card games'],
  ['/sports', 'Sports'],
  ['/esports', 'E-sports'],
  ['/lott', 'Lottery'],
  ['/elott', 'E-lottery'],
];

const guest: TourPage[] = [
  { id: 'home', title: 'Home', role: 'guest', path: '/' },
  {
    id: 'login',
    title: 'Log in (popup)',
    role: 'guest',
    path: '/login',
    dialog: 'dialog[data-modal="login"]',
  },
  {
    id: 'register',
    title: 'Register (popup)',
    role: 'guest',
    path: '/register',
    dialog: 'dialog[data-modal="register"]',
  },
  {
    id: 'forgot-password',
    title: 'Forgot password (popup)',
    role: 'guest',
    path: '/',
    action: 'forgotPassword',
    dialog: 'dialog[data-modal="forgotPassword"]',
  },
  {
    id: 'help',
    title: 'Help (popup)',
    role: 'guest',
    path: '/help',
    dialog: 'dialog[data-modal="help"]',
  },
  {
    id: 'notices',
    title: 'Notices (popup from the marquee)',
    role: 'guest',
    path: '/',
    action: 'notices',
    dialog: 'dialog[data-modal="notices"]',
  },
  {
    id: 'menu',
    title: 'Side menu (drawer; the desktop shows it beside the page)',
    role: 'guest',
    path: '/',
    action: 'menuDrawer',
    dialog: 'dialog.drawer',
    widths: [390],
  },
  { id: 'help-centre', title: 'Help centre', role: 'guest', path: '/helpmc' },
  ...GAME_LISTS.map(([path, title]) => ({
    id: `games-${path.slice(1)}`,
    title,
    role: 'guest' as const,
    path,
  })),
  { id: 'promotions', title: 'Promotions', role: 'guest', path: '/promotions' },
  { id: 'point-mall', title: 'Points mall', role: 'guest', path: '/pointMall' },
  { id: 'downloads-ios', title: 'App download, iOS', role: 'guest', path: '/downloads/ios' },
  {
    id: 'downloads-android',
    title: 'App download, Android',
    role: 'guest',
    path: '/downloads/android',
  },
  { id: 'not-found', title: 'Page not found', role: 'guest', path: '/no-such-page' },
  {
    id: 'chat',
    title: 'Live chat (a guest, one message sent)',
    role: 'guest',
    path: '/chat',
    action: 'guestChat',
  },
  { id: 'agent-login', title: 'Agent login', role: 'guest', path: '/agent' },
  { id: 'support-login', title: 'Support console login', role: 'guest', path: '/support' },
  { id: 'backoffice-login', title: 'Back office sign-in', role: 'guest', path: '/backoffice' },
];

const player: TourPage[] = [
  { id: 'player-home', title: 'Home, logged in', role: 'player', path: '/' },
  {
    id: 'player-account-menu',
    title: 'Account menu',
    role: 'player',
    path: '/',
    action: 'accountMenu',
  },
  ...Object.entries(MEMBER_PAGE_TITLES).map(([page, title]) => ({
    id: `member-${page}`,
    title: `Member centre: ${title}`,
    role: 'player' as const,
    path: `/member/${page}`,
  })),
  {
    id: 'member-change-password',
    title: 'Change password (popup)',
    role: 'player',
    path: '/member/securityCenter',
    action: 'changePassword',
    dialog: 'dialog[data-modal="changePassword"]',
  },
  // The games first, so that the recent games (the same in both schemes) show them.
  { id: 'lottery', title: 'Lottery lobby', role: 'player', path: '/lottery' },
  { id: 'sea-lottery', title: 'SEA lottery', role: 'player', path: '/seaLottery' },
  { id: 'vn-lottery', title: 'Vietnam lottery', role: 'player', path: '/vnLottery' },
  {
    id: 'vn-lottery-game',
    title: 'Vietnam lottery, a game (betting view)',
    role: 'player',
    path: '/vnLottery?gameCode=TCG_LOTTO_VN-LOTT-001',
  },
  {
    id: 'slot-game',
    title: 'A slot game (popup, demo vendor)',
    role: 'player',
    path: '/rng',
    action: 'slotGame',
    dialog: 'dialog[data-modal="game"]',
  },
  {
    id: 'vendor-games',
    title: "A vendor's games (popup from /pvp)",
    role: 'player',
    path: '/pvp',
    action: 'vendorGames',
    dialog: 'dialog[data-modal="vendor-games"]',
  },
  { id: 'favorite', title: 'My favourites', role: 'player', path: '/favorite' },
  { id: 'recent', title: 'Recent games', role: 'player', path: '/recent' },
  { id: 'seamless', title: 'Seamless wallet', role: 'player', path: '/seamless' },
  { id: 'player-promotions', title: 'Promotions, logged in', role: 'player', path: '/promotions' },
  { id: 'player-point-mall', title: 'Points mall, logged in', role: 'player', path: '/pointMall' },
];

const agent: TourPage[] = [
  ...Object.entries(AGENT_PAGE_TITLES).map(([page, title]) => ({
    id: `agent-${page}`,
    title: `Agent: ${title}`,
    role: 'agent' as const,
    path: `/agentHome/${page}`,
  })),
  {
    id: 'agent-menu',
    title: "Agent: the pages' menu (phone)",
    role: 'agent',
    path: '/agentHome',
    action: 'agentMenu',
    dialog: 'dialog.drawer',
    widths: [390],
  },
];

const support: TourPage[] = [
  { id: 'support-console', title: 'Support console: the chats', role: 'support', path: '/support' },
  {
    id: 'support-chat',
    title: 'Support console: a chat open',
    role: 'support',
    path: '/support',
    action: 'supportChat',
  },
];

const backOffice: TourPage[] = Object.entries(BACK_OFFICE_TAB_TITLES).map(([tab, title]) => ({
  id: `backoffice-${tab}`,
  title: `Back office: ${title}`,
  role: 'backOffice' as const,
  path: `/backoffice/${tab}`,
}));

export const TOUR_PAGES: readonly TourPage[] = [
  ...guest,
  ...player,
  ...agent,
  ...support,
  ...backOffice,
];

/** Routes of src/ui/app/routes.tsx the tour does not visit as such, and why. */
export const NOT_IN_TOUR: Record<string, string> = {
  '/index': 'the home page under another address',
  '/index.html': 'the home page under another address',
  '/home': 'the home page under another address',
  '/member': 'the member centre opens on My account (/member/securityCenter)',
  '/agentHome': 'the agent back office opens on Team overview (/agentHome/agentTeamOverview)',
  '/backoffice': 'signed in, the back office opens on its first tab (/backoffice/dashboard)',
  '/chat/:room': '/chat opens the visitor’s room at /chat/<room>',
  '*': 'any unknown address: the not-found page (/no-such-page)',
  '/dev/ui': 'the design system’s gallery exists only with DEV_TOOLS=1, not for users',
};

/** The pictures of a page: one per width it is taken at and colour scheme. */
export function pictureNames(page: TourPage): { width: number; scheme: string; file: string }[] {
  return TOUR_WIDTHS.filter(({ width }) => !page.widths || page.widths.includes(width)).flatMap(
    ({ width }) =>
      TOUR_SCHEMES.map((scheme) => ({ width, scheme, file: `${page.id}-${width}-${scheme}.jpg` })),
  );
}

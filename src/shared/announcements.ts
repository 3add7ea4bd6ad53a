/**
 * Announcements (spec 3 "Announcement item", "Public state"; spec 7 MCSFE_getListAnnouncements):
 * the wire contract shared by the server's relay and the browser.
 */

/**
 * Spec 7 `types`: B banners, PL player notices, PU pop-ups, PR promotion announcements. H appears
 * in one reading of the source only; it is accepted so such a client is not refused, and it adds
 * no list of its own (the spec's response has none for it).
 */
export const announcementTypes = ['B', 'PL', 'PU', 'PR', 'H'] as const;
export type AnnouncementType = (typeof announcementTypes)[number];

/** Spec 3: the banner groups, one per place a banner shows. */
export const bannerGroups = ['w_login', 'w_register', 'w_leftmenu', 'w_home', 'w_forget'] as const;
export type BannerGroup = (typeof bannerGroups)[number];

/**
 * What a click on a banner does (spec 2 "a click opens the banner link if linkageType allows").
 * The spec names the field, not its values; ours:
 * - NONE: the banner is a picture only;
 * - INTERNAL: `link` is a site path ("/promotions"), opened by the router in the same tab;
 * - EXTERNAL: `link` is an http(s) URL, opened in a new tab without access to this page.
 */
export const linkageTypes = ['NONE', 'INTERNAL', 'EXTERNAL'] as const;
export type LinkageType = (typeof linkageTypes)[number];

/**
 * Spec 3 pop-up `execution` A/B/F. The spec gives the letters only; our reading, from the
 * flows of spec 4: B before login (the public pop-ups any visitor sees, once per session),
 * A after login (the after-login pop-up), F on an account's first login. The relay's
 * `execution` picks which of them to return (spec 7 asks for B).
 */
export const popupExecutions = ['A', 'B', 'F'] as const;
export type PopupExecution = (typeof popupExecutions)[number];

export interface Banner {
  id: string;
  groupName: BannerGroup;
  /** The image: a site path or an http(s) URL. */
  url: string;
  linkageType: LinkageType;
  /** Null for NONE. */
  link: string | null;
  /** In the asked language: the image's alternative text. */
  title: string;
}

/** Spec 3 "Announcement item": title, content (HTML, sanitised where shown), promotionType. */
export interface AnnouncementItem {
  id: string;
  title: string;
  content: string;
  promotionType: string | null;
}

export interface AnnouncementPopup {
  id: string;
  execution: PopupExecution;
  title: string;
  content: string;
  /** Shows the "Go" button to the reward centre (spec 2 "announcement popup"). */
  goReward: boolean;
}

/** Spec 3 "Announcement response": every list is present, empty when its type was not asked. */
export interface AnnouncementResponse {
  banners: Banner[];
  player: AnnouncementItem[];
  popup: AnnouncementPopup[];
  promotion: AnnouncementItem[];
  /**
   * Grows with every change of the operator's announcements (issue 16): the `announcement`
   * socket event carries the seq of its change, and a page whose answer is older asks again.
   */
  seq: number;
}

/** The `announcement` socket event: the announcements changed; fetch them again if newer. */
export interface AnnouncementEvent {
  seq: number;
}

/** One operator announcement as `npm run ops -- announce list` shows it. */
export interface OperatorAnnouncement {
  id: string;
  kind: 'notice' | 'popup';
  /** Pop-ups only: A after login, B public, F first login. */
  execution: PopupExecution | null;
  /** Per language code; EN always there. */
  title: Record<string, string>;
  content: Record<string, string>;
  goReward: boolean;
  /** Only these members see it; null: everyone. */
  accounts: string[] | null;
  startsAt: string;
  endsAt: string | null;
  /** When the operator ended it. */
  endedAt: string | null;
  state: 'scheduled' | 'showing' | 'ended';
  createdAt: string;
}

export const ANNOUNCEMENTS_RELAY = 'MCSFE_getListAnnouncements';

/** The types spec 7 asks for (H is another reading's and adds nothing). */
export const SPEC_ANNOUNCEMENT_TYPES: readonly AnnouncementType[] = ['B', 'PL', 'PU', 'PR'];

/**
 * The back office's agentAnnouncement page (spec 2): notices to the agents, newest first. The
 * spec shows the page name only; ours come from the `agentNotices` of the announcements config
 * and are read by agents only (they may speak of commissions and terms players do not see).
 */
export interface AgentAnnouncement {
  id: string;
  /** The day it was published (yyyy-MM-dd). */
  publishedAt: string;
  title: string;
  /** HTML, sanitised where shown. */
  content: string;
}

export interface AgentAnnouncementPage {
  items: AgentAnnouncement[];
  page: number;
  pageSize: number;
  total: number;
}

export const AGENT_ANNOUNCEMENTS_PATH = '/wps/agent/announcements';
/** Spec 10: announcement page size 9, a page range of 5 with 1 margin page. */
export const ANNOUNCEMENT_PAGE_SIZE = 9;

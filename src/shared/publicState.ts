import type { AnnouncementPopup, Banner } from './announcements';

/** Where spec 3's public state is served in one answer (ours: the spec names the state, not a call). */
export const PUBLIC_STATE_PATH = '/wps/publicState';

/**
 * Spec 3 "Public state" in one answer (issue 32, finding 3), under the spec's names: what the
 * header, the member centre and the home page show, for a member (with its token) or a guest.
 */
export interface PublicState {
  /** The main wallet's balance; null for a guest. */
  balance: string | null;
  currencySymbol: string;
  hasVip: boolean;
  /** The VIP level's name in the request's language; empty below the first level. */
  vipLabelName: string;
  vipRankLevel: number;
  /** Open promotions this visitor may still take part in. */
  availablePromoCount: number;
  /** Unread messages; 0 for a guest and a trial account (spec 4: trials fetch none). */
  unreadMessage: number;
  availablePromo: { type: 'REFERRAL'; enabled: boolean }[];
  /** The notice list: the marquee's items. */
  notices: { id: string; title: string }[];
  banners: Banner[];
  /** The public pop-ups, every execution (A, B, F). */
  popups: AnnouncementPopup[];
}

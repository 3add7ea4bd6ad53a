/**
 * Invite friends (spec 2 referral; issue 14): the member's invite code and link, the friends it
 * brought and where each stands, and the open referral promotion's condition.
 */
export type ReferralState = 'registered' | 'rewarded' | 'refused';

export interface ReferredFriend {
  /** Masked as on the winner board. */
  name: string;
  joinedAt: string;
  state: ReferralState;
  /** Why no reward can come: the friend registered from the inviter's address or device. */
  refusedReason: 'same_address' | 'same_device' | null;
  firstDeposit: string | null;
  turnover: string;
}

export interface ReferralView {
  code: string;
  friends: ReferredFriend[];
  /** The open referral promotion's terms, or null when none is open to this member. */
  offer: {
    code: string;
    title: string;
    amount: string;
    minFirstDeposit: string;
    minTurnover: string;
    /**
     * The friend's real-money turnover counts from its first deposit × this (at least 1), and
     * never less than `minTurnover`: a deposit alone never pays.
     */
    turnoverMultiplier: number;
  } | null;
}

/** The invite link for a code on this site (the register popup reads `referralCode`). */
export const inviteLink = (origin: string, code: string) =>
  `${origin}/register?referralCode=${encodeURIComponent(code)}`;

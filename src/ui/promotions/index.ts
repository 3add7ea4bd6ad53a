// The promotions feature's public face: the reward centre and the other pages the member centre
// shows (fetched when first shown), its red dot the shell shows, and the wagering progress the
// withdrawal page shows.
export { RewardBadge } from './RewardBadge';
export { WageringProgress } from './WageringProgress';

/** The member centre's promotions pages (reward centre, rebate, VIP, missions, referral). */
export const loadMemberCentrePages = () => import('./memberCentrePages');

// The promotions pages of the member centre, one chunk fetched when one of them is first shown
// (index.ts's loadMemberCentrePages).
export { RewardCenter } from './RewardCenter';
export { ManualRebate } from './ManualRebate';
export { VipPage } from './VipPage';
export { Missions } from './Missions';
export { Referral } from './Referral';

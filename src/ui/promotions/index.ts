// The promotions feature's public face: the reward centre the member centre shows, its red
// dot the shell shows, and the wagering progress the withdrawal page shows.
export { RewardBadge } from './RewardBadge';
export { RewardCenter } from './RewardCenter';
export { WageringProgress } from './WageringProgress';
export { ManualRebate } from './ManualRebate';
export { VipPage } from './VipPage';
export { Missions } from './Missions';
export { Referral } from './Referral';

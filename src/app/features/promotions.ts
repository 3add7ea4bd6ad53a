import { createPromotionsApi } from '../../api/promotions';
import { defineFeature } from '../feature';
import { pick } from './pick';

/**
 * Promotions, rewards and loyalty (issue 14): the list and opting in, the reward centre (claim
 * one or all, forfeit the bonus), missions, VIP, raffles, referral, the manual rebate and the
 * points mall. The red dots and the bonus being wagered are the tab's stores
 * (`useServices().rewardSummary$`, `vipStatus$`, `promotionSummary$`), which the shell shows.
 */
export const promotionsFeature = defineFeature('promotions', ({ http, sealed }) =>
  pick(createPromotionsApi(http, sealed), [
    'list',
    'optIn',
    'rewards',
    'claim',
    'claimAll',
    'forfeitBonus',
    'missions',
    'vip',
    'raffle',
    'referral',
    'rebate',
    'claimRebate',
    'points',
  ]),
);

export type PromotionsFeature = ReturnType<typeof promotionsFeature>;

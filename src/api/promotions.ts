import type { PromotionList, PromotionOptIn, PromotionState } from '../shared/promotions';
import type { MissionLeaderboard, MissionSummary } from '../shared/missions';
import type { RaffleView } from '../shared/raffle';
import type { RebateView } from '../shared/rebates';
import type { ReferralView } from '../shared/referrals';
import type { ClaimAllResult, RewardList, RewardSummary, RewardView } from '../shared/rewards';
import type { VipStatus } from '../shared/vip';
import type { Http } from './http';
import type { SealedCalls } from './sealedCalls';
import type {
  ConvertResult,
  GoodsView,
  PointConfigView,
  PointHistoryPage,
  RedemptionView,
} from '../shared/points';
import type { DeliveryAddress, DeliveryDefaults } from '../shared/deliveryAddress';

/**
 * The promotions and reward-centre calls (server/http/promotions/*.ts); guests may list the
 * promotions, the rest is for real accounts.
 */
export function createPromotionsApi(http: Http, sealed: SealedCalls) {
  return {
    // Missions (spec 7 MCSFE_getMissionSummaryDetails, MCSFE_getMissionLeaderboard).
    missions: {
      summary: (signal?: AbortSignal) =>
        http.get<MissionSummary>('/wps/relay/MCSFE_getMissionSummaryDetails', { signal }),
      leaderboard: (signal?: AbortSignal) =>
        http.get<MissionLeaderboard>('/wps/relay/MCSFE_getMissionLeaderboard', { signal }),
    },
    // The points mall (spec 7 points calls; the two that move something are E).
    points: {
      balance: () => http.get<{ points: number }>('/wps/relay/MCS2_getPointBalance'),
      goods: (signal?: AbortSignal) =>
        http.get<GoodsView[]>('/wps/relay/getPointReward', { signal }),
      redemptions: (signal?: AbortSignal) =>
        http.get<RedemptionView[]>('/wps/relay/getRedeemPointList', { signal }),
      config: (signal?: AbortSignal) =>
        http.get<PointConfigView>('/wps/relay/getPointConfig', { signal }),
      history: (page: number, signal?: AbortSignal) =>
        http.get<PointHistoryPage>('/wps/relay/ODSFE2_MemTransDet', {
          searchParams: { page, pageSize: 20 },
          signal,
        }),
      redeem: (body: {
        goodsId: string;
        paymentPassword: string;
        idempotencyKey: string;
        /** A physical good's delivery address (src/shared/deliveryAddress.ts). */
        delivery?: DeliveryAddress;
      }) => sealed<RedemptionView>('post', '/wps/relay/passwordCheck/MCS2_redeemPointReward', body),
      /** The countries delivered to and the member's last address, for the redeem dialog. */
      delivery: (signal?: AbortSignal) =>
        http.get<DeliveryDefaults>('/wps/points/delivery', { signal }),
      convert: (body: { points: number; idempotencyKey: string }) =>
        sealed<ConvertResult>('post', '/wps/relay/MCS2_convertPoint', body),
    },
    list(signal?: AbortSignal): Promise<PromotionList> {
      return http.get('/wps/promotions', { signal });
    },
    /** Opt in from a promotion's card: `sign` a deposit bonus, `join` a raffle or mission. */
    optIn(code: string, action: PromotionOptIn): Promise<{ code: string; state: PromotionState }> {
      return http.post(`/wps/promotions/${encodeURIComponent(code)}/${action}`, {});
    },
    rewards(signal?: AbortSignal): Promise<RewardList> {
      return http.get('/wps/rewards', { signal });
    },
    rewardSummary(): Promise<RewardSummary> {
      return http.get('/wps/rewards/summary');
    },
    claim(id: string): Promise<RewardView> {
      return http.post(`/wps/rewards/${encodeURIComponent(id)}/claim`, {});
    },
    claimAll(): Promise<ClaimAllResult> {
      return http.post('/wps/rewards/claim-all', {});
    },
    raffle(code: string, signal?: AbortSignal): Promise<RaffleView> {
      return http.get(`/wps/raffles/${encodeURIComponent(code)}`, { signal });
    },
    referral(signal?: AbortSignal): Promise<ReferralView> {
      return http.get('/wps/referral', { signal });
    },
    vip(signal?: AbortSignal): Promise<VipStatus> {
      return http.get('/wps/vip', { signal });
    },
    rebate(signal?: AbortSignal): Promise<RebateView> {
      return http.get('/wps/rebate', { signal });
    },
    claimRebate(): Promise<{ amount: string; claimId: string }> {
      return http.post('/wps/rebate/claim', {});
    },
    /** Gives up the bonus being wagered: what is left of it goes back, the lock is lifted. */
    forfeitBonus(): Promise<{ forfeited: string }> {
      return http.post('/wps/rewards/bonus/forfeit', {});
    },
  };
}

export type PromotionsApi = ReturnType<typeof createPromotionsApi>;

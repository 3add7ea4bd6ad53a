/** Spec 2 "Member centre pages"; securityCenter (My Account) is the default. */
export const memberPages = [
  'securityCenter',
  'transferFund',
  'depositv2',
  'withdraw',
  'transferUpline',
  'personalHistoryCopy',
  'transactionHistory',
  'personalProfit',
  'bonusDetails',
  'rewardCenter',
  'referral',
  'missionLeaderboard',
  'messageV2',
  'manualRebate',
  'vip',
  'depositRecord',
  // Spec 6 "Player: ... contracts": the contracts offered by the upline (our page name).
  'contracts',
  // Spec 5 and 7 PUT /wps/feedback (issue 16): the feedback form and the member's past feedback.
  'feedback',
  // Issue 17: limits, reality check, time-outs and self-exclusion (our page name).
  'responsibleGaming',
] as const;

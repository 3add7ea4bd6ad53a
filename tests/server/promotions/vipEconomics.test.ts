import { describe, expect, it } from 'vitest';
import { parseMoney } from '../../../src/shared/money';
import { loadPlatformConfig } from '../../../server/config/load';
import { drawRtp } from '../../../server/domain/games/demoVendor/drawEngine';
import { slotRtp } from '../../../server/domain/games/demoVendor/slotEngine';

/**
 * The shipped VIP and rebate settings never let a player come out ahead of the house by
 * churning bets (issue 14: "design every feature against abuse"): at every level, the best
 * rebate rate plus every rebate promotion plus points converted to money plus the upgrade
 * bonuses earned up to that level per unit of the turnover that earns them stay below the house
 * edge of the cheapest game.
 */
describe('VIP economics of config/platform.json', () => {
  it('keeps rebates and upgrade bonuses below the house edge at every level', async () => {
    const config = await loadPlatformConfig('config/platform.json');
    const edge = 1 - Math.max(slotRtp(), drawRtp());
    const promotionRebate = config.promotions
      .filter((promotion) => promotion.type === 'rebate')
      .reduce((sum, promotion) => sum + Number(promotion.terms.percent) / 100, 0);
    // Points: the best earn rate per 1.00 of bets, converted at the configured rate.
    const { earnPerUnit, convert } = config.points;
    const pointsBack =
      (Math.max(...Object.values(earnPerUnit).map(Number)) * Number(convert.amountPerStep)) /
      convert.step;
    // Bet missions: each day's (or week's) reward over the least turnover that earns it, all of
    // them at once (the same bets can count toward several).
    const minBet = Math.min(...config.games.betLevels.map((level) => Number(level)));
    const missionBack = config.missions.reduce((sum, mission) => {
      const goal = mission.goal;
      if (goal.kind === 'deposits') return sum;
      const turnover = goal.kind === 'validBet' ? Number(goal.amount) : goal.count * minBet;
      return sum + Number(mission.reward.amount) / turnover;
    }, 0);
    let bonuses = 0n;
    for (const level of config.vip.levels) {
      bonuses += parseMoney(level.upgradeBonus);
      const bestRebate = Math.max(...Object.values(level.rebatePercent).map(Number)) / 100;
      const turnover = Number(parseMoney(level.validBet));
      const bonusRate = turnover === 0 ? 0 : Number(bonuses) / turnover;
      const back = bestRebate + promotionRebate + bonusRate + pointsBack + missionBack;
      expect(back, `level ${level.level} gives back ${back}`).toBeLessThan(edge);
    }
  });
});

describe('bonuses not paid for by bets', () => {
  it('ask at least enough wagering that their expected cost covers them', async () => {
    const config = await loadPlatformConfig('config/platform.json');
    const edge = 1 - Math.max(slotRtp(), drawRtp());
    // A deposit bonus or a deposit mission's reward is free money unless wagering it is
    // expected to cost at least as much: multiplier × edge ≥ 1 (a deposit bonus's requirement
    // also counts the deposit, so this is the bound at its least).
    const needed = Math.ceil(1 / edge);
    // A sign-up or referral bonus costs its earner nothing either (a second account is free).
    const unpaid = ['depositBonus', 'signupBonus', 'referralReward'];
    for (const promotion of config.promotions.filter((one) => unpaid.includes(one.type))) {
      expect(Number(promotion.terms.wageringMultiplier), promotion.code).toBeGreaterThanOrEqual(
        needed,
      );
    }
    for (const mission of config.missions.filter((one) => one.goal.kind === 'deposits')) {
      expect(mission.reward.wageringMultiplier, mission.code).toBeGreaterThanOrEqual(needed);
    }
  });
});

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
    let bonuses = 0n;
    for (const level of config.vip.levels) {
      bonuses += parseMoney(level.upgradeBonus);
      const bestRebate = Math.max(...Object.values(level.rebatePercent).map(Number)) / 100;
      const turnover = Number(parseMoney(level.validBet));
      const bonusRate = turnover === 0 ? 0 : Number(bonuses) / turnover;
      const back = bestRebate + promotionRebate + bonusRate + pointsBack;
      expect(back, `level ${level.level} gives back ${back}`).toBeLessThan(edge);
    }
  });
});

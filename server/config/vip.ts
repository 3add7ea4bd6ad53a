import { z } from 'zod';
import { isKnownLanguage } from '../../src/shared/languages';
import { parseMoney } from '../../src/shared/money';

const amount = z.string().regex(/^\d{1,12}(\.\d{1,2})?$/, 'an amount such as 100 or 12.50');
/**
 * A rebate percent: at most 2 % — above the house edge of the cheapest game a player could
 * churn bets with rebates alone and come out ahead (docs/decisions.md, issue 14).
 */
const rebatePercent = z
  .string()
  .regex(/^\d(\.\d{1,2})?$/, 'a percent such as 0.3')
  .refine((value) => Number(value) <= 2, 'at most 2 (percent)');

const level = z
  .object({
    level: z.number().int().min(0).max(100),
    name: z
      .record(z.string(), z.string().min(1).max(40))
      .refine((names) => Object.keys(names).every((code) => isKnownLanguage(code)), {
        message: 'keys must be language codes (EN, ES, …)',
      })
      .refine((names) => Object.hasOwn(names, 'EN'), { message: 'needs EN' }),
    validBet: amount,
    deposit: amount,
    rebatePercent: z
      .record(z.string().regex(/^(default|[A-Z]{2,10})$/), rebatePercent)
      .refine((rates) => Object.hasOwn(rates, 'default'), { message: 'needs default' }),
    upgradeBonus: amount,
    withdrawalDailyMax: amount.nullable(),
  })
  .strict();

/**
 * VIP (issue 14): levels with names, thresholds over a period and benefits. Levels go up by one
 * from 0 (every member's, thresholds 0); each level's thresholds are at least the one's below.
 */
export const vipConfigSchema = z
  .object({
    period: z.discriminatedUnion('kind', [
      z.object({ kind: z.literal('rolling'), days: z.number().int().min(1).max(366) }).strict(),
      z.object({ kind: z.literal('calendarMonth') }).strict(),
    ]),
    /** The turnover an upgrade bonus asks for once claimed: bonus × this (0 for none). */
    upgradeBonusWagering: z.number().int().min(0).max(100),
    levels: z.array(level).min(1),
  })
  .strict()
  .superRefine((vip, ctx) => {
    vip.levels.forEach((one, index) => {
      if (one.level !== index) {
        ctx.addIssue({
          code: 'custom',
          path: ['levels', index, 'level'],
          message: `levels go 0, 1, 2… (expected ${index})`,
        });
      }
      if (index === 0 && (parseMoney(one.validBet) !== 0n || parseMoney(one.deposit) !== 0n)) {
        ctx.addIssue({
          code: 'custom',
          path: ['levels', 0],
          message: 'level 0 is every member: thresholds 0',
        });
      }
      const below = vip.levels[index - 1];
      if (
        below &&
        (parseMoney(one.validBet) < parseMoney(below.validBet) ||
          parseMoney(one.deposit) < parseMoney(below.deposit))
      ) {
        ctx.addIssue({
          code: 'custom',
          path: ['levels', index],
          message: 'thresholds must not be below the level under it',
        });
      }
    });
  });

export type VipConfig = z.infer<typeof vipConfigSchema>;

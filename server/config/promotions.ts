import { z } from 'zod';
import { isKnownLanguage } from '../../src/shared/languages';
import { PROMOTION_TYPES } from '../../src/shared/promotions';

/**
 * A promotion as the operator defines it (config/platform.json `promotions`, or
 * `npm run ops -- promotion create|update --file <json>`): checked here whatever its source.
 */
const money = z.string().regex(/^\d{1,12}(\.\d{1,2})?$/, 'an amount such as 100 or 12.50');
const percent = z
  .string()
  .regex(/^\d{1,3}(\.\d{1,2})?$/, 'a percent such as 10 or 2.5')
  .refine((value) => Number(value) > 0 && Number(value) <= 100, 'between 0 and 100');
/** Turnover to reach before a bonus unlocks: the bonus (and deposit) × this; 0 for none. */
const wageringMultiplier = z.number().int().min(0).max(100);

const content = z
  .record(
    z.string(),
    z.object({
      title: z.string().min(1).max(80),
      summary: z.string().max(240).default(''),
      terms: z.string().max(20_000).default(''),
    }),
  )
  .refine((texts) => Object.keys(texts).every((code) => isKnownLanguage(code)), {
    message: 'keys must be language codes (EN, ES, …)',
  })
  .refine((texts) => Object.hasOwn(texts, 'EN'), {
    message: 'needs EN (the fallback language)',
  });

const audience = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('all') }).strict(),
  z.object({ kind: z.literal('newMembers'), days: z.number().int().min(1).max(365) }).strict(),
  z.object({ kind: z.literal('vipAtLeast'), level: z.number().int().min(1).max(100) }).strict(),
  z.object({ kind: z.literal('agentTeam'), agent: z.string().min(1).max(40) }).strict(),
]);

const fixedReward = z.object({ amount: money, wageringMultiplier }).strict();

/** What each type needs; nothing more is accepted. */
export const promotionTermsByType = {
  depositBonus: z
    .object({
      percent,
      cap: money,
      minDeposit: money,
      wageringMultiplier,
      /**
       * Only on the member's first deposit ever (issue 28, finding 9: a welcome bonus that says
       * "first deposit" paid the first deposit after signing up, to a member who had deposited
       * before). A member who has deposited cannot sign up for it either.
       */
      firstDepositOnly: z.boolean().default(false),
    })
    .strict(),
  signupBonus: fixedReward,
  // At most 2 %, as a VIP rebate: more would let a player churn bets at a profit.
  rebate: z
    .object({
      percent: percent.refine((value) => Number(value) <= 2, 'at most 2 (percent)'),
      gameTypes: z
        .array(z.string().regex(/^[A-Z]{2,10}$/, 'a game type such as RNG'))
        .min(1)
        .optional(),
    })
    .strict(),
  raffle: z
    .object({
      ticketPer: money.refine((value) => Number(value) > 0, 'above 0'),
      drawAt: z.iso.datetime({ offset: true }),
      prizes: z
        .array(z.object({ amount: money, count: z.number().int().min(1).max(1000) }).strict())
        .min(1)
        .max(20),
      wageringMultiplier,
    })
    .strict(),
  missionReward: fixedReward,
  // Paid to the inviter once the friend's first deposit reaches `minFirstDeposit` and its
  // real-money turnover reaches that deposit × `turnoverMultiplier` (at least 1: a deposit alone
  // never pays, issue 28 finding 5), and `minTurnover` when that is more.
  referralReward: z
    .object({
      amount: money,
      wageringMultiplier,
      minFirstDeposit: money.default('0.00'),
      minTurnover: money.default('0.00'),
      turnoverMultiplier: z.number().int().min(1).max(100).default(1),
    })
    .strict(),
  // Paid once to a member whose VIP level rises to `level` (or past it) while the promotion is
  // open: on top of the level's own upgrade bonus (config `vip`), for a campaign.
  vipUpgradeBonus: z
    .object({ amount: money, wageringMultiplier, level: z.number().int().min(1).max(100) })
    .strict(),
  // The member applies from the card; the operator approves (the reward is issued) or rejects.
  appliedBonus: fixedReward,
} satisfies Record<(typeof PROMOTION_TYPES)[number], z.ZodType>;

const sitePathOrHttps = z
  .string()
  .regex(/^(\/(?!\/)\S*|https:\/\/[^\s/]+\S*)$/, 'a site path (/banners/x.svg) or an https URL');

export const promotionDefinitionSchema = z
  .object({
    code: z.string().regex(/^[A-Z0-9_]{2,32}$/, 'upper-case letters, digits and _'),
    type: z.enum(PROMOTION_TYPES),
    content,
    banner: sitePathOrHttps.nullable().default(null),
    startsAt: z.iso.datetime({ offset: true }),
    endsAt: z.iso.datetime({ offset: true }).nullable().default(null),
    audience: audience.default({ kind: 'all' }),
    terms: z.record(z.string(), z.unknown()),
  })
  .strict()
  .superRefine((value, ctx) => {
    if (value.endsAt !== null && Date.parse(value.endsAt) <= Date.parse(value.startsAt)) {
      ctx.addIssue({ code: 'custom', path: ['endsAt'], message: 'must be after startsAt' });
    }
    const terms = promotionTermsByType[value.type].safeParse(value.terms);
    if (!terms.success) {
      for (const issue of terms.error.issues) {
        ctx.addIssue({ code: 'custom', path: ['terms', ...issue.path], message: issue.message });
      }
    }
  });

export type PromotionDefinition = z.infer<typeof promotionDefinitionSchema>;

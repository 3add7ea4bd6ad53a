import { z } from 'zod';
import { isKnownLanguage } from '../../src/shared/languages';
import { GOODS_KINDS } from '../../src/shared/points';
import { refuseDuplicateCodes } from './uniqueCodes';

const amount = z.string().regex(/^\d{1,12}(\.\d{1,2})?$/, 'an amount such as 100 or 12.50');
const pointRate = z.string().regex(/^\d{1,3}(\.\d{1,2})?$/, 'points such as 1 or 0.5');

export const goodsSchema = z
  .object({
    code: z.string().regex(/^[A-Z0-9_]{2,32}$/, 'upper-case letters, digits and _'),
    name: z
      .record(z.string(), z.string().min(1).max(80))
      .refine((names) => Object.keys(names).every((code) => isKnownLanguage(code)), {
        message: 'keys must be language codes (EN, ES, …)',
      })
      .refine((names) => Object.hasOwn(names, 'EN'), { message: 'needs EN' }),
    image: z
      .string()
      .regex(/^(\/(?!\/)\S*|https:\/\/[^\s/]+\S*)$/)
      .nullable()
      .default(null),
    points: z.number().int().min(1).max(100_000_000),
    /** The cash part paid from the main wallet with the points ("amount requirement"). */
    amount: amount.default('0.00'),
    quantity: z.number().int().min(0).max(1_000_000),
    status: z.enum(['active', 'inactive']).default('active'),
    /** A physical good is shipped: its redemption asks for a delivery address. */
    kind: z.enum(GOODS_KINDS).default('virtual'),
  })
  .strict();

/**
 * Points (issue 14): earned per valid bet at a rate per game type, converted to money at a
 * fixed rate in whole steps, and spent on goods. The goods are seeded when their code is new.
 */
export const pointsConfigSchema = z
  .object({
    /** Points per 1.00 of valid bet, by game type; `default` for the others. */
    earnPerUnit: z
      .record(z.string().regex(/^(default|[A-Z]{2,10})$/), pointRate)
      .refine((rates) => Object.hasOwn(rates, 'default'), { message: 'needs default' }),
    convert: z
      .object({
        /** Points converted at a time: a conversion is a whole number of steps. */
        step: z.number().int().min(1).max(1_000_000),
        /** What one step pays. */
        amountPerStep: amount,
      })
      .strict(),
    goods: z.array(goodsSchema).default([]).superRefine(refuseDuplicateCodes),
  })
  .strict();

export type PointsConfig = z.infer<typeof pointsConfigSchema>;
export type GoodsDefinition = z.infer<typeof goodsSchema>;

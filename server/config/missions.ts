import { z } from 'zod';
import { isKnownLanguage } from '../../src/shared/languages';
import { refuseDuplicateCodes } from './uniqueCodes';

const amount = z.string().regex(/^\d{1,12}(\.\d{1,2})?$/, 'an amount such as 100 or 12.50');
const gameType = z.string().regex(/^[A-Z]{2,10}$/, 'a game type such as RNG');

const mission = z
  .object({
    code: z.string().regex(/^[A-Z0-9_]{2,32}$/, 'upper-case letters, digits and _'),
    period: z.enum(['daily', 'weekly']),
    name: z
      .record(z.string(), z.string().min(1).max(80))
      .refine((names) => Object.keys(names).every((code) => isKnownLanguage(code)), {
        message: 'keys must be language codes (EN, ES, …)',
      })
      .refine((names) => Object.hasOwn(names, 'EN'), { message: 'needs EN' }),
    goal: z.discriminatedUnion('kind', [
      z.object({ kind: z.literal('validBet'), amount, gameType: gameType.optional() }).strict(),
      z
        .object({
          kind: z.literal('rounds'),
          count: z.number().int().min(1).max(100_000),
          gameType: gameType.optional(),
        })
        .strict(),
      z.object({ kind: z.literal('deposits'), count: z.number().int().min(1).max(100) }).strict(),
    ]),
    reward: z.object({ amount, wageringMultiplier: z.number().int().min(0).max(100) }).strict(),
  })
  .strict();

/** Missions (issue 14) from configuration: codes are unique. */
export const missionsConfigSchema = z.array(mission).default([]).superRefine(refuseDuplicateCodes);

export type MissionDefinition = z.infer<typeof mission>;

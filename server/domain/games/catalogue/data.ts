import { z } from 'zod';
import { isDrawInterval, statedCadences } from '../lottery/cadence';

/**
 * The catalogue data file (server/seed/catalogue.json, written by scripts/generateCatalogue.ts):
 * categories, vendors, the vendor lanes of each category, lottery menu groups and the games
 * with their names per language. Checked with this schema before it is seeded.
 */
const code = z.string().regex(/^[A-Z0-9_]{1,30}$/);
const language = z.string().regex(/^[A-Z]{2}$/);
/** Names per language; EN is required (every other language falls back to it). */
const names = z.record(language, z.string().min(1).max(120)).refine((value) => 'EN' in value, {
  message: 'an EN name is required',
});

export const catalogueSchema = z
  .object({
    categories: z.array(z.object({ code, sort: z.number().int() }).strict()),
    vendors: z.array(
      z.object({ code, displayName: z.string().min(1).max(60), sort: z.number().int() }).strict(),
    ),
    /** A vendor may sit in several categories (JDB: RNG and FISH). */
    lanes: z.array(
      z
        .object({
          category: code,
          vendor: code,
          sort: z.number().int(),
          /** The vendor's card opens a popup game list (isGame VASSALAGE) in this category. */
          vassalage: z.boolean(),
        })
        .strict(),
    ),
    lotteryGroups: z.array(z.object({ code, sort: z.number().int(), names }).strict()),
    games: z.array(
      z
        .object({
          nodeId: z.string().regex(/^[A-Za-z0-9_-]{1,60}$/),
          vendor: code,
          gameType: code,
          gameClassify: code.nullable(),
          engine: z.enum(['slot', 'draw']),
          hotRank: z.number().int().positive().nullable(),
          sort: z.number().int(),
          /** Lottery games only: the group of the lottery menu. */
          lotteryGroup: code.nullable(),
          /**
           * Lottery games only: how often it draws, in seconds (issue 32), when the game has a
           * cadence of its own; null draws at its group's configured interval
           * (`lottery.groupIntervals`, else `lottery.drawIntervalSeconds`). A name that states a
           * cadence ("Keno · 3 Minutes") must state this one.
           */
          drawSeconds: z
            .number()
            .refine(isDrawInterval, 'whole seconds from 30 to a day, dividing a day (45, 60, 300…)')
            .nullable(),
          names,
        })
        .strict()
        .superRefine((game, context) => {
          if (game.drawSeconds !== null && (game.engine !== 'draw' || game.lotteryGroup === null)) {
            context.addIssue({
              code: 'custom',
              path: ['drawSeconds'],
              message: `${game.nodeId}: only a lottery game (engine draw, a lottery group) draws`,
            });
          }
          for (const [language, name] of Object.entries(game.names)) {
            for (const stated of statedCadences(name)) {
              if (stated === game.drawSeconds) continue;
              context.addIssue({
                code: 'custom',
                path: ['names', language],
                message:
                  `${game.nodeId}: "${name}" promises a draw every ${stated} s but the game ` +
                  (game.drawSeconds === null
                    ? 'has no drawSeconds of its own'
                    : `draws every ${game.drawSeconds} s (drawSeconds)`),
              });
            }
          }
        }),
    ),
  })
  .strict();

export type CatalogueData = z.infer<typeof catalogueSchema>;
export type CatalogueGame = CatalogueData['games'][number];

/**
 * What names are searched by: lower case, accents and marks removed (so "dragon" finds
 * "Dragón" and "ha noi" finds "Hà Nội"). Made in JavaScript, not SQL, so both engines and every
 * database locale search alike.
 */
export function searchKey(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/[đĐ]/g, 'd')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}

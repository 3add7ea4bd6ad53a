import { z } from 'zod';
import { parseRateBasisPoints } from '../../src/shared/contracts';

const percent = (most: number) =>
  z.string().refine(
    (text) => {
      try {
        const basisPoints = parseRateBasisPoints(text);
        return basisPoints >= 0 && basisPoints <= most * 100;
      } catch {
        return false;
      }
    },
    { message: `a percentage from 0 to ${most}, with up to two decimals ("0.50")` },
  );

/**
 * `economics` in config/platform.json (issue 28, finding 3): the returns budget's terms. Every
 * per-bet return that can apply to one bet, summed, must stay at or below the lowest house edge
 * of the games it applies to less `marginPercent` (server/domain/economics/returnsBudget.ts).
 */
export const economicsConfigSchema = z
  .object({
    /** What the house keeps on every bet whatever it returns: the edge less this. */
    marginPercent: percent(100),
    /**
     * A house edge per game type, for a type whose games' edge the platform cannot measure (a
     * type with no game of the built-in vendor, or a real vendor's live tables). The lower of
     * this and the measured edge counts; a type with neither counts the lowest measured edge.
     */
    houseEdge: z.record(
      z.string().regex(/^[A-Z]{2,10}$/, 'a game type such as LIVE'),
      percent(100),
    ),
  })
  .strict();

export type EconomicsConfig = z.infer<typeof economicsConfigSchema>;

/** A configuration written before the returns budget: the shipped margin, no configured edge. */
export const DEFAULT_ECONOMICS: EconomicsConfig = { marginPercent: '0.50', houseEdge: {} };

/**
 * The demo vendor's slot, its pure parts (shared by the server's engine and the game page's
 * paytable, issue 34): three reels, one payline. Each reel stops on a symbol drawn with the
 * weights below, and the paytable pays a multiple of the bet. Its return to player is computed
 * exactly from the weights and the paytable (slotRtp), not guessed. The draw itself
 * (node:crypto) stays in server/domain/games/demoVendor/slotEngine.ts.
 */
export const SLOT_SYMBOLS = ['cherry', 'lemon', 'bell', 'star', 'seven', 'diamond'] as const;
export type SlotSymbol = (typeof SLOT_SYMBOLS)[number];

/** Stops per reel for each symbol (the same strip on every reel). */
export const SLOT_WEIGHTS: Readonly<Record<SlotSymbol, number>> = {
  cherry: 8,
  lemon: 7,
  bell: 5,
  star: 4,
  seven: 2,
  diamond: 1,
};
export const SLOT_STRIP_LENGTH = Object.values(SLOT_WEIGHTS).reduce(
  (sum, weight) => sum + weight,
  0,
);

/** Three of a kind pays these multiples; exactly two cherries anywhere pay 2. */
const THREE_OF_A_KIND: Record<SlotSymbol, number> = {
  cherry: 6,
  lemon: 9,
  bell: 18,
  star: 30,
  seven: 100,
  diamond: 500,
};

export function slotMultiple(reels: readonly SlotSymbol[]): number {
  const [a, b, c] = reels;
  if (a === b && b === c) return THREE_OF_A_KIND[a!];
  const cherries = reels.filter((symbol) => symbol === 'cherry').length;
  return cherries === 2 ? 2 : 0;
}

/** The exact return to player: the expected multiple over every reel combination. */
export function slotRtp(): number {
  let expected = 0;
  for (const a of SLOT_SYMBOLS)
    for (const b of SLOT_SYMBOLS)
      for (const c of SLOT_SYMBOLS) {
        const probability =
          (SLOT_WEIGHTS[a] * SLOT_WEIGHTS[b] * SLOT_WEIGHTS[c]) / SLOT_STRIP_LENGTH ** 3;
        expected += probability * slotMultiple([a, b, c]);
      }
  return expected;
}

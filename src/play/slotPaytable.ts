// The slot's one definition is shared with the server's engine (src/shared/demoSlot.ts: its
// symbols and slotMultiple, which also give slotRtp): the paytable is read from it, never
// restated here.
import { SLOT_SYMBOLS, slotMultiple, type SlotSymbol } from '../shared/demoSlot';

export { SLOT_SYMBOLS, type SlotSymbol };

/** A winning combination: `count` of `symbol` on the line, in any position; the other reels show any other symbol. */
export interface PayLine {
  symbol: SlotSymbol;
  count: number;
  /** The win as a multiple of the bet. */
  multiple: number;
}

const REELS = 3;

/** Every reel combination (the same strip on each reel). */
function combinations(): SlotSymbol[][] {
  let all: SlotSymbol[][] = [[]];
  for (let reel = 0; reel < REELS; reel++) {
    all = all.flatMap((start) => SLOT_SYMBOLS.map((symbol) => [...start, symbol]));
  }
  return all;
}

/**
 * The paytable, asked of slotMultiple: for each symbol and count, every combination with
 * exactly that many of the symbol; when they all pay the same, that is a line. Sorted by pay.
 * Null when a paying combination is left unexplained (the engine grew a rule of another shape):
 * the game would rather show no paytable than a wrong one.
 */
function readPaytable(): PayLine[] | null {
  const combos = combinations().map((reels) => ({ reels, multiple: slotMultiple(reels) }));
  const lines: PayLine[] = [];
  for (const symbol of SLOT_SYMBOLS) {
    for (let count = REELS; count >= 1; count--) {
      const pays = new Set(
        combos
          .filter(({ reels }) => reels.filter((shown) => shown === symbol).length === count)
          .map(({ multiple }) => multiple),
      );
      const [multiple] = pays;
      if (pays.size === 1 && multiple !== undefined && multiple > 0) {
        lines.push({ symbol, count, multiple });
      }
    }
  }
  const explained = ({ reels, multiple }: { reels: SlotSymbol[]; multiple: number }) =>
    lines.some(
      (line) =>
        line.multiple === multiple &&
        reels.filter((shown) => shown === line.symbol).length === line.count,
    );
  if (!combos.every((combo) => combo.multiple === 0 || explained(combo))) return null;
  return lines.sort((a, b) => b.multiple - a.multiple || b.count - a.count);
}

let paytable: PayLine[] | null | undefined;

/** The paytable (read once, on first use); null when it cannot be described as lines. */
export function slotPaytable(): PayLine[] | null {
  if (paytable === undefined) paytable = readPaytable();
  return paytable;
}

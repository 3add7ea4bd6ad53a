import { randomInt } from 'node:crypto';
import {
  SLOT_STRIP_LENGTH,
  SLOT_SYMBOLS,
  SLOT_WEIGHTS,
  type SlotSymbol,
} from '../../../../src/shared/demoSlot';

/**
 * The demo vendor's slot on the server: each reel stops on a symbol drawn with the shared
 * weights (node:crypto). The symbols, the paytable and the exact return to player are shared
 * with the game page (src/shared/demoSlot.ts), which shows the paytable from them.
 */
export {
  SLOT_SYMBOLS,
  slotMultiple,
  slotRtp,
  type SlotSymbol,
} from '../../../../src/shared/demoSlot';

function drawSymbol(): SlotSymbol {
  let stop = randomInt(SLOT_STRIP_LENGTH);
  for (const symbol of SLOT_SYMBOLS) {
    stop -= SLOT_WEIGHTS[symbol];
    if (stop < 0) return symbol;
  }
  throw new Error('unreachable: the weights cover the strip');
}

export function spinReels(): SlotSymbol[] {
  return [drawSymbol(), drawSymbol(), drawSymbol()];
}

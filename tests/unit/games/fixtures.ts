import type { GameItem, GameVendor, WinnerEntry } from '../../../src/shared/games';

let counter = 0;

/** A game card with sensible defaults; tests override what they are about. */
export function card(overrides: Partial<GameItem> & { vassalage: string }): GameItem {
  counter += 1;
  return {
    nodeId: `${overrides.vassalage}-${counter}`,
    displayName: overrides.vassalage,
    gameName: 'Game',
    iconUrl: null,
    gameType: 'RNG',
    gameClassify: null,
    isGame: null,
    ...overrides,
  };
}

export function vendor(vassalage: string, gameType = 'RNG'): GameVendor {
  return { vassalage, displayName: vassalage, gameType };
}

export function winner(
  customerName: string,
  winAmount: string,
  at = '2025-01-01T00:00:00Z',
): WinnerEntry {
  return { customerName, winAmount, gameName: 'Fortune', vassalage: 'DEMO', at };
}

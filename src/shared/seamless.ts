/**
 * The /seamless section (issue 16; spec 2 "Seamless wallet section"): the member's single-wallet
 * view. Every game vendor of the catalogue is played by the demo vendor straight from the main
 * wallet (a bet leaves it, a win comes back to it, no transfer); the configured vendor wallets
 * are transfer wallets, which no game draws on.
 */
export interface SeamlessVendor {
  vassalage: string;
  displayName: string;
  /** The categories it has games in, in the server's order. */
  gameTypes: string[];
  games: number;
}

export interface SeamlessWallet {
  /** GCS_merchantWallet's isSingle: no transfer wallet at all. */
  isSingle: boolean;
  /** The vendors that draw on the main wallet directly. */
  direct: SeamlessVendor[];
  /** The transfer wallets (money moves in My Wallet). */
  ownWallets: string[];
}

/**
 * Raffles (issue 14): tickets from valid bets (one per `ticketPer` of turnover), drawn by the
 * server at the set time with a committed seed. The seed's SHA-256 is published while the raffle
 * is open; after the draw the seed and every entry are published, and this function — the one
 * the server draws with — gives the same winners to anyone who runs it:
 *
 * For award k (0, 1, 2…: the prizes in the order listed, each `count` times), take
 * HMAC-SHA256(key = the seed's bytes, message = the final entry list, then "#", then the
 * decimal k) as a 256-bit number, modulo the tickets still in the draw; the ticket at that
 * position (entries ordered by entry number, each holding its tickets in a row) wins, and that
 * entry's tickets leave the draw (one prize per member). Awards beyond the number of entries are
 * not made. The final entry list is every entry with tickets, by entry number, written
 * `entry:tickets` and joined by commas (`raffleEntryList`).
 *
 * Why the list (issue 28, finding 10): with the committed seed as the only entropy, whoever held
 * the seed could compute the winner before the draw and steer it with the last bet. The list is
 * fixed only when entries close, by everyone's play, so the seed alone decides nothing; the
 * draw stays reproducible by anyone from what is published.
 */
export interface RaffleEntry {
  /** The entry's number in this raffle (published; the member behind it is not). */
  entry: string;
  tickets: number;
}

export interface RafflePrize {
  amount: string;
  count: number;
}

export interface RaffleWin {
  /** Position of the prize in the flattened list (0 is the first prize's first award). */
  prize: number;
  amount: string;
  entry: string;
}

/** HMAC-SHA256(key, message) as a non-negative integer (hex in, so page and server agree). */
export type Hmac = (seedHex: string, message: string) => bigint;

export function drawRaffle(
  seedHex: string,
  entries: readonly RaffleEntry[],
  prizes: readonly RafflePrize[],
  hmac: Hmac,
): RaffleWin[] {
  const pool = [...entries]
    .filter((entry) => entry.tickets > 0)
    .sort((a, b) => (BigInt(a.entry) < BigInt(b.entry) ? -1 : 1));
  const list = raffleEntryList(pool);
  const awards = prizes.flatMap((prize) => Array.from({ length: prize.count }, () => prize.amount));
  const wins: RaffleWin[] = [];
  for (const [k, amount] of awards.entries()) {
    const total = pool.reduce((sum, entry) => sum + entry.tickets, 0);
    if (total === 0) break;
    const position = Number(hmac(seedHex, `${list}#${k}`) % BigInt(total));
    let seen = 0;
    const index = pool.findIndex((entry) => {
      seen += entry.tickets;
      return position < seen;
    });
    const [winner] = pool.splice(index, 1);
    wins.push({ prize: k, amount, entry: winner!.entry });
  }
  return wins;
}

/** The final entry list the draw mixes in: `entry:tickets` by entry number, comma-joined. */
export function raffleEntryList(entries: readonly RaffleEntry[]): string {
  return [...entries]
    .filter((entry) => entry.tickets > 0)
    .sort((a, b) => (BigInt(a.entry) < BigInt(b.entry) ? -1 : 1))
    .map((entry) => `${entry.entry}:${entry.tickets}`)
    .join(',');
}

/** What a raffle's page shows: its rule, the commitment, the member's tickets, the result. */
export interface RaffleView {
  code: string;
  ticketPer: string;
  drawAt: string;
  prizes: RafflePrize[];
  /** SHA-256 of the seed, hex: published from the start. */
  seedHash: string;
  /** The seed, hex: published once drawn. */
  seed: string | null;
  drawnAt: string | null;
  myTickets: number;
  totalTickets: number;
  /** The member's own entry number, once it has joined. */
  myEntry: string | null;
  /** After the draw: every entry and the winners (masked names), to check the draw. */
  entries: { entry: string; name: string; tickets: number }[];
  winners: { prize: number; amount: string; entry: string; name: string }[];
}

/**
 * The back office's dashboard figures (issue 30), per UTC day, money as strings with two
 * decimals. Bonus cost is house-funded money given to players (bonuses, rewards, rebates,
 * points converted) less forfeited bonus balance; GGR = bets − payouts; NGR = GGR − bonus cost.
 */
export interface DayFigures {
  day: string;
  deposits: string;
  withdrawals: string;
  bets: string;
  payouts: string;
  ggr: string;
  bonusCost: string;
  ngr: string;
  activePlayers: number;
}

export interface DashboardView {
  today: DayFigures;
  /** The last 30 days, oldest first, today last. */
  days: DayFigures[];
  /** When the server read the figures. */
  at: string;
}

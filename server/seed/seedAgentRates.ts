import type { Database } from '../db/types';

/**
 * The demo operator's own rates for its three demo agents (basis points), as an operator sets
 * them with `npm run ops -- agent rate <account> <type> <rate>`: without one, an agent holds
 * nothing and can offer no contract (issue 11). agent1 holds the shipped caps; its sub-agents
 * less, so the level difference shows. Left alone once set: the operator may change them.
 */
const DEMO_RATES: Record<string, Record<string, number>> = {
  agent1: { realTimeSalary: 150, hourlySalary: 150, dailySalary: 150, dividend: 3000 },
  agent2: { realTimeSalary: 120, hourlySalary: 120, dailySalary: 120, dividend: 2500 },
  agent3: { realTimeSalary: 100, hourlySalary: 100, dailySalary: 100, dividend: 2000 },
};

export async function seedAgentRates(db: Database): Promise<void> {
  for (const [account, rates] of Object.entries(DEMO_RATES)) {
    for (const [type, rateBp] of Object.entries(rates)) {
      await db.query(
        `insert into agent_rates (member_id, contract_type, rate_bp)
         select id, $2, $3 from members where lower(account) = lower($1)
         on conflict (member_id, contract_type) do nothing`,
        [account, type, rateBp],
      );
    }
  }
}

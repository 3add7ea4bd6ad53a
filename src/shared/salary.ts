/** GET /wps/agent/salary: an agent's salary of one contract type (issue 6, salary$ snapshot). */
export interface SalaryView {
  contractType: string;
  /**
   * The period now running, with what it has accrued so far. `settlesAt`: when its salary is
   * settled and paid to the wallet (the settlement job's first run from then pays it).
   */
  current: {
    periodStart: string;
    periodEnd: string;
    settlesAt: string;
    accrued: string;
    seq: number;
  };
  /** Ended periods not paid yet (the job pays them within a minute). */
  awaitingSettlement: string;
  /** The latest paid periods, newest first. */
  settlements: { periodStart: string; periodEnd: string; amount: string }[];
  /** How many downlines have this contract in effect with the agent (it offered them). */
  contractsInEffect: number;
  /** Contracts of this type in effect that pay the agent as their downline (0 or 1). */
  contractsHeld: number;
}

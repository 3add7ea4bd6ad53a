import type { Queryable } from './types';

/**
 * One step of a batch run in one statement (`run_steps`, migration 047): a database function of
 * some module taking (bet, args, context) and answering JSON. `require` names a field of its
 * answer without which the batch stops (SQLSTATE P0R01, `StepRefused`).
 */
export interface Step {
  fn: string;
  args: unknown;
  /** The bet it concerns (id and time filled from the context when null). */
  bet?: Record<string, unknown>;
  require?: string;
}

/** A batch stopped because a step's answer lacked what it required. */
export class StepRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'StepRefused';
  }
}

/**
 * Runs `steps` in order in one statement on `tx` (issue 31: several modules' writes in one
 * round trip) and answers each one's answer, in order.
 */
export async function runSteps(tx: Queryable, steps: readonly Step[]): Promise<unknown[]> {
  try {
    const [row] = await tx.query<{ answers: unknown[] }>('select run_steps($1::jsonb) as answers', [
      JSON.stringify(steps),
    ]);
    return row!.answers;
  } catch (error) {
    if ((error as { code?: string }).code === 'P0R01') {
      throw new StepRefused((error as Error).message);
    }
    throw error;
  }
}

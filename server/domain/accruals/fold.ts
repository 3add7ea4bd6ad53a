import type { Platform } from '../../platform/platform';
import { commit } from '../../platform/unitOfWork';
import { BET_ACCRUALS } from './bet';

/** Bets folded in one transaction at most (the rest in the next, at once). */
export const FOLD_BATCH = 500;

interface FoldState {
  running: Promise<void> | null;
  /** Asked while a fold was running: one more fold after it, shared by every asker. */
  again: Promise<void> | null;
}

const states = new WeakMap<Platform['db'], FoldState>();

/**
 * Folds every bet queued so far (migration 050, issue 31): the accruals that only count —
 * salaries, VIP progress, the manual rebate, points, missions — of many bets at once, in
 * batches of `FOLD_BATCH`, each batch one transaction with its follow-ups (a level reached, a
 * mission's reward) and published after its commit. Coalesced per database: while a fold runs,
 * the callers share one more that starts when it ends (it finds every bet queued meanwhile), so
 * under load the batches grow and the cost per bet falls. A bet calls it after its answer; a
 * read that must see every bet's accruals (a view of them, a claim, a settlement) awaits it
 * first. Bets left queued by a crash are folded by the next fold of any process.
 */
export function foldAccruals(deps: Platform): Promise<void> {
  const state = states.get(deps.db) ?? { running: null, again: null };
  states.set(deps.db, state);
  if (!state.running) {
    const running = foldAll(deps).finally(() => {
      if (state.running === running) state.running = null;
    });
    state.running = running;
    return running;
  }
  if (!state.again) {
    const again = state.running
      .catch(() => undefined)
      .then(() => {
        state.again = null;
        return foldAccruals(deps);
      });
    state.again = again;
  }
  return state.again;
}

async function foldAll(deps: Platform): Promise<void> {
  while ((await foldBatch(deps, FOLD_BATCH)) === FOLD_BATCH) {
    // A full batch: more may be queued.
  }
}

interface Folded {
  bets: number;
  folds: { fn: string; answer: unknown }[];
}

/** One batch of at most `max` queued bets, folded in one unit of work; answers how many. */
export async function foldBatch(deps: Platform, max: number): Promise<number> {
  return commit(deps, async (work) => {
    const [row] = await work.tx.query<{ folded: Folded }>('select accrual_fold($1) as folded', [
      max,
    ]);
    const folded = row!.folded;
    for (const { fn, answer } of folded.folds) {
      const step = BET_ACCRUALS.find((accrual) => accrual.folded?.fn === fn);
      await step?.folded?.settle?.(work, deps, answer);
    }
    return folded.bets;
  });
}

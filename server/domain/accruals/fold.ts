import type { Platform } from '../../platform/platform';
import { commit } from '../../platform/unitOfWork';
import { BET_ACCRUALS } from './bet';

/** Bets folded in one transaction at most (the rest in the next, at once). */
export const FOLD_BATCH = 500;

/**
 * How long a bet's accruals wait for others to be folded with (`foldSoon`). Measured (bench
 * README, "Bets through the API"): folding one bet alone costs ~2.5 ms of the database, a batch
 * ~0.25 ms a bet from 50 bets up; at a few hundred bets a second 100 ms gathers tens of bets,
 * and an agent's live salary or a player's points move a tenth of a second after the answer.
 */
export const FOLD_DELAY_MS = 100;

interface FoldState {
  running: Promise<void> | null;
  /** Asked while a fold was running: one more fold after it, shared by every asker. */
  again: Promise<void> | null;
  /** The fold `foldSoon` scheduled, shared by every bet until it starts. */
  soon: Promise<void> | null;
}

const states = new WeakMap<Platform['db'], FoldState>();

const stateOf = (deps: Platform): FoldState => {
  const state = states.get(deps.db) ?? { running: null, again: null, soon: null };
  states.set(deps.db, state);
  return state;
};

/**
 * A bet's accruals folded `FOLD_DELAY_MS` after its answer, with every bet queued by then (one
 * timer per database: the bets of those 100 ms share it). Resolves when they are folded.
 */
export function foldSoon(deps: Platform): Promise<void> {
  const state = stateOf(deps);
  if (!state.soon) {
    state.soon = new Promise<void>((resolve) => setTimeout(resolve, FOLD_DELAY_MS)).then(() => {
      state.soon = null;
      return foldAccruals(deps);
    });
  }
  return state.soon;
}

/**
 * Folds every bet queued so far (migration 050, issue 31): the accruals that only count —
 * salaries, VIP progress, the manual rebate, points, missions — of many bets at once, in
 * batches of `FOLD_BATCH`, each batch one transaction with its follow-ups (a level reached, a
 * mission's reward) and published after its commit. Coalesced per database: while a fold runs,
 * the callers share one more that starts when it ends (it finds every bet queued meanwhile). A
 * bet asks for it a moment after its answer
 * (`foldSoon`); a read that must see every bet's accruals (a view of them, a claim, a
 * settlement) awaits it first. Bets left queued by a crash are folded by the next fold of any
 * process (the jobs fold at start and on every tick).
 */
export function foldAccruals(deps: Platform): Promise<void> {
  const state = stateOf(deps);
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

/**
 * Tests only: the folds of `deps` wait until `release` is called, so the bets answered meanwhile
 * stay queued and are folded together in one batch (as bets answered within one
 * `FOLD_DELAY_MS`, or while another process folds, are). Every fold asked for meanwhile —
 * the bets' own, the jobs' — runs once after the release.
 */
export function holdFolds(deps: Platform): { release(): void } {
  const state = stateOf(deps);
  if (state.running) throw new Error('holdFolds: a fold is running; await foldAccruals first');
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve)).finally(() => {
    if (state.running === held) state.running = null;
  });
  state.running = held;
  return { release };
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

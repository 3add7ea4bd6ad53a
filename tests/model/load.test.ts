import { describe, expect, it } from 'vitest';
import { type AnyActorLogic, createActor } from 'xstate';

/**
 * Every machine the model tests walk, loaded on its own (issue 33). A machine whose definition
 * throws as it loads (a mutant of a mutation run: no initial state) breaks the import of its own
 * model tests, which Stryker's vitest runner counts as no test run at all (a survivor); loaded
 * here inside a test, it fails that test instead.
 */
const machines = import.meta.glob<Record<string, unknown>>([
  '../../src/machines/*.ts',
  '!../../src/machines/*.paths.ts',
  '!../../src/machines/errorCode.ts',
  '../../src/shared/withdrawalConfirmation.ts',
  '../../src/shared/contracts/lifecycle.ts',
  '../../src/shared/promotions.ts',
]);

describe('the machines load', () => {
  it('finds them', () => {
    expect(Object.keys(machines).length).toBeGreaterThanOrEqual(12);
  });

  it.each(Object.entries(machines))('%s', async (_file, load) => {
    const module = await load();
    expect(Object.keys(module).length).toBeGreaterThan(0);
  });
});

/** A machine's own actors, as `setup` holds them (the placeholders every caller replaces). */
const placeholdersOf = (value: unknown): [string, AnyActorLogic][] => {
  const actors = (value as { implementations?: { actors?: Record<string, unknown> } })
    .implementations?.actors;
  return Object.entries(actors ?? {}).filter(
    (entry): entry is [string, AnyActorLogic] =>
      typeof (entry[1] as { transition?: unknown }).transition === 'function',
  );
};

describe('an actor left unprovided fails loudly, naming itself', () => {
  it.each(Object.entries(machines))('%s', async (_file, load) => {
    const module = await load();
    for (const [name, logic] of Object.values(module).flatMap(placeholdersOf)) {
      // Never a silent success: a page that forgot to pass its API sees an error.
      const failure = await new Promise<unknown>((resolve) => {
        const actor = createActor(logic, { input: {} as never });
        actor.subscribe({ error: resolve, complete: () => resolve(null) });
        try {
          actor.start();
        } catch (error) {
          resolve(error);
        }
      });
      expect(String(failure), name).toBe(`Error: ${name} must be provided`);
    }
  });
});

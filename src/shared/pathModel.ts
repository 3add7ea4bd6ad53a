import type { AnyStateMachine, EventObject, SnapshotFrom } from 'xstate';

/**
 * What the paths tool needs to walk one of the app's machines (issue 15): the machine itself,
 * the events to try in each state — the user's, the server's, and those of the machine's own
 * effects (`xstate.done.actor.*`, `xstate.error.actor.*`, `xstate.after.*`), each with a label
 * that names the variant (a right or a wrong password) — and what makes two snapshots the same
 * state for coverage. Plain TypeScript, free of Node, browser and Playwright imports: the models
 * beside the machines (src/machines/*.paths.ts, src/shared/*.paths.ts) import it, and
 * tests/model replays them against the machines; what drives a site for each model (its page
 * registry) lives with the paths tool, outside src (its drivers folder).
 */
export interface PathModel<TMachine extends AnyStateMachine = AnyStateMachine> {
  /** The name testers type: `npm run paths -- <id>`. */
  id: string;
  machine: TMachine;
  /** The machine's input, when it takes one. */
  input?: unknown;
  /**
   * The events to try in a state. A label is unique within the state and stable (it is part of
   * the path's id): `submit`, `submit:wrongPassword`, `sendCode.done`, `tick`.
   */
  events: (snapshot: SnapshotFrom<TMachine>) => LabelledEvent[];
  /**
   * What distinguishes states for coverage and for the graph; the state value by default. A
   * context field belongs here when the page shows it differently (an error message), never a
   * counter that would make the graph endless.
   */
  key?: (snapshot: SnapshotFrom<TMachine>) => string;
  /**
   * Event types the machine accepts that the model deliberately never sends, with the reason
   * (`list` prints them; a missing one without a reason fails the registry test).
   */
  notDriven?: Record<string, string>;
}

export interface LabelledEvent {
  label: string;
  event: EventObject;
}

/** The state value as one string: `idle`, `form.editing` for nested states. */
export function stateValueKey(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value && typeof value === 'object') {
    return Object.entries(value as Record<string, unknown>)
      .map(([key, inner]) => {
        const rest = stateValueKey(inner);
        return rest === '' ? key : `${key}.${rest}`;
      })
      .join('|');
  }
  return '';
}

import { createHash } from 'node:crypto';
import type { AnyStateMachine } from 'xstate';
import type { GraphEdge } from './graph';

const sha = (text: string) => createHash('sha256').update(text).digest('hex');

/**
 * The machine's version: a digest of its definition (states, transitions, guards and actions
 * by name). A changed machine gives new path ids, so a replay never runs an old path's id
 * against a machine it was not made from.
 */
export function machineVersion(machine: AnyStateMachine): string {
  return sha(JSON.stringify(machine.definition)).slice(0, 8);
}

/**
 * A path's id: its model, the machine's version and its transitions, digested. The same seed
 * and version always give the same ids; `replay <id>` finds the path by it.
 */
export function pathId(model: string, version: string, steps: GraphEdge[]): string {
  const digest = sha(JSON.stringify([model, version, steps.map((step) => step.id)]));
  return `${model}-${digest.slice(0, 10)}`;
}

import { buildGraph } from './graph';
import type { PageRegistry } from './registry';

/**
 * What a page registry leaves unmapped: states of its machine's graph with no page check, and
 * event labels with no driver. Empty for a complete registry; tests/testers/paths.test.ts holds
 * every registry to that, so a state or an event added to a machine without its mapping fails.
 */
export function registryGaps(registry: PageRegistry): { states: string[]; events: string[] } {
  const graph = buildGraph(registry.model);
  const values = new Set([...graph.nodes.values()].map((node) => node.value));
  const labels = new Set(graph.edges.map((edge) => edge.label));
  return {
    states: [...values].filter((value) => !registry.states[value]).sort(),
    events: [...labels].filter((label) => !registry.events[label]).sort(),
  };
}

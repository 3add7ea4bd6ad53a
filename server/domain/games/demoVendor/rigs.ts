import type { SlotSymbol } from './slotEngine';

/**
 * A forced next outcome for one member's next round (development and tests only: the route
 * that sets it is not registered in production). Used once, then the dice are fair again.
 */
export type DemoRig = { engine: 'slot'; symbols: SlotSymbol[] } | { engine: 'draw'; drawn: number };

export function takeRig(
  rigs: Map<string, DemoRig>,
  memberId: string | null,
  engine: DemoRig['engine'],
) {
  if (memberId === null) return null;
  const rig = rigs.get(memberId);
  if (!rig || rig.engine !== engine) return null;
  rigs.delete(memberId);
  return rig;
}

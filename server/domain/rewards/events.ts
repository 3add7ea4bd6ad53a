import type { RewardEvent } from '../../../src/shared/rewards';

/** A member's rewards or bonus lock changed (committed), for the `reward` socket event. */
export interface RewardChange {
  memberId: string;
  reason: RewardEvent['reason'];
}

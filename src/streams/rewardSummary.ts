import type { Observable, ObservableInput } from 'rxjs';
import type { RewardSummary } from '../shared/rewards';
import type { SessionRole } from '../shared/identity';
import { createMemberLive } from './memberLive';

/**
 * The reward centre's red dot (rewards waiting) and the bonus being wagered (issue 14): fetched
 * at login and again on every `reward` event (a reward issued or claimed, a bet counted toward
 * the wagering, the bonus unlocked or forfeited) and after a reconnect. Null for a guest or a
 * trial account.
 */
export function createRewardSummary(deps: {
  role$: Observable<SessionRole>;
  fetch: () => ObservableInput<RewardSummary>;
  changed$: Observable<unknown>;
  reconnected$: Observable<unknown>;
}): Observable<RewardSummary | null> {
  return createMemberLive({
    ...deps,
    same: (a, b) => JSON.stringify(a) === JSON.stringify(b),
  });
}

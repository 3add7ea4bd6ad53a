import {
  catchError,
  distinctUntilChanged,
  from,
  map,
  type Observable,
  of,
  shareReplay,
  switchMap,
} from 'rxjs';
import type { PromotionList } from '../shared/promotions';
import type { SessionRole } from '../shared/identity';

/** Spec 3's public state for promotions, as far as the shell needs it. */
export interface PromotionSummary {
  availablePromoCount: number;
  /** A referral promotion is open to this member: the header then offers Rewards (spec 2). */
  referralEnabled: boolean;
}

/**
 * The member's promotion summary, asked once per login (and again at the next one); null for a
 * guest (the header shows a guest Rewards anyway) and while it loads or when it cannot be had.
 * Nothing is asked until something subscribes, and nothing is kept once nothing does.
 */
export function createPromotionSummary(deps: {
  role$: Observable<SessionRole>;
  fetch: () => Promise<PromotionList>;
}): Observable<PromotionSummary | null> {
  return deps.role$.pipe(
    distinctUntilChanged(),
    switchMap((role) =>
      role === 'guest'
        ? of(null)
        : from(deps.fetch()).pipe(
            map((list): PromotionSummary => ({
              availablePromoCount: list.availablePromoCount,
              referralEnabled: list.availablePromo.some(
                (promo) => promo.type === 'REFERRAL' && promo.enabled,
              ),
            })),
            catchError(() => of(null)),
          ),
    ),
    shareReplay({ bufferSize: 1, refCount: true }),
  );
}

import { firstValueFrom, Subject, take, toArray } from 'rxjs';
import { describe, expect, it, vi } from 'vitest';
import type { PromotionList } from '../../../src/shared/promotions';
import type { SessionRole } from '../../../src/streams/consolidatedFunds';
import { createPromotionSummary } from '../../../src/streams/promotionSummary';

const list = (referral: boolean, availableCount = 2): PromotionList => ({
  items: [],
  availablePromoCount: availableCount,
  availableCount,
  availablePromo: [{ type: 'REFERRAL', enabled: referral }],
});

describe('promotion summary (spec 3 availablePromoCount / availablePromo)', () => {
  it('asks nothing for a guest, once per login for a member, and again at the next login', async () => {
    const role$ = new Subject<SessionRole>();
    const fetch = vi
      .fn<() => Promise<PromotionList>>()
      .mockResolvedValueOnce(list(false, 3))
      .mockResolvedValueOnce(list(true, 1));
    const summary$ = createPromotionSummary({ role$, fetch });
    const seen = firstValueFrom(summary$.pipe(take(4), toArray()));
    role$.next('guest');
    role$.next('player');
    await vi.waitFor(() => expect(fetch).toHaveBeenCalledTimes(1));
    role$.next('player'); // the same role again: nothing new is asked
    role$.next('guest');
    role$.next('agent');
    expect(await seen).toEqual([
      null,
      { availablePromoCount: 3, referralEnabled: false },
      null,
      { availablePromoCount: 1, referralEnabled: true },
    ]);
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('gives null when the list cannot be had (the header then hides Rewards from members)', async () => {
    const role$ = new Subject<SessionRole>();
    const summary$ = createPromotionSummary({
      role$,
      fetch: () => Promise.reject(new Error('network')),
    });
    const first = firstValueFrom(summary$);
    role$.next('player');
    expect(await first).toBeNull();
  });
});

import { merge } from 'rxjs';
import type { Page } from '../../../shared/records';
import type { WithdrawalView } from '../../../shared/withdrawals';
import { liveList } from '../../../streams/live';
import { useServices } from '../../core/ServicesContext';
import { useLive } from '../../hooks/useLive';
import { withdrawalsFeature } from '../../../app/features/withdrawals';
import { useFeature } from '../../core/useFeature';

export type WithdrawalListState =
  | { kind: 'loading' }
  | { kind: 'failed'; code: string }
  | { kind: 'ready'; page: Page<WithdrawalView> };

/**
 * A page of the member's withdrawals, kept live by the live primitive (streams/live.ts): the
 * page from REST, then `withdrawal` socket events by version (a newer one replaces its row, an
 * older one is dropped, a new withdrawal goes on top of the first page); an event that arrives
 * while the page loads is applied on top of it; a reconnect that lost events reads the page
 * again. `apply` merges the page's own answers (an action's result) the same way.
 */
export function useWithdrawals(pageNumber: number) {
  const { realtime } = useServices();
  const withdrawalsModule = useFeature(withdrawalsFeature);
  const live = useLive<Page<WithdrawalView>, WithdrawalView>(
    String(pageNumber),
    ({ refresh$, local$ }) =>
      liveList<WithdrawalView, Page<WithdrawalView>>({
        fetch: () => withdrawalsModule.records({ page: pageNumber }),
        events$: merge(realtime.event$('withdrawal'), local$),
        keyOf: (withdrawal) => withdrawal.id,
        seqOf: (withdrawal) => withdrawal.version,
        insert: (page, withdrawal) =>
          page.page === 1 ? { ...page, items: [withdrawal, ...page.items] } : page,
        refetch$: merge(realtime.reconnected$, refresh$),
        failFirst: true,
      }),
  );
  const state: WithdrawalListState =
    live.state.kind === 'ready' ? { kind: 'ready', page: live.state.value } : live.state;
  return { state, apply: live.local, retry: live.retry };
}

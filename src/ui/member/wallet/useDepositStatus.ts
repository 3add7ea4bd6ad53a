import { filter, NEVER } from 'rxjs';
import type { DepositRecordItem } from '../../../shared/records';
import { live } from '../../../streams/live';
import { useServices } from '../../core/ServicesContext';
import { useLive } from '../../hooks/useLive';
import { recordsFeature } from '../../../app/features/records';
import { useFeature } from '../../core/useFeature';

/**
 * A deposit's status, kept live (issue 13: no polling): its record, fetched again whenever the
 * member's main balance moves (a credit does), and on a reconnect that missed events. Through
 * the live primitive, so a credit that lands while the record is on its way is not missed: the
 * balance event that arrives meanwhile fetches it again. `null` id: nothing to watch.
 */
export function useDepositStatus(id: string | null): DepositRecordItem | null {
  const { realtime } = useServices();
  const recordsModule = useFeature(recordsFeature);
  const { state } = useLive(id ?? '', () =>
    id === null
      ? NEVER
      : live({
          fetch: async () => {
            const page = await recordsModule.fetch<DepositRecordItem>('deposits', {});
            return page.items.find((item) => item.id === id) ?? null;
          },
          events$: realtime.event$('balance').pipe(filter((event) => event.wallet === 'MAIN')),
          apply: (record) => record,
          // While it is still pending, a move of the balance may be its credit: look again.
          refetchOn: (record) => record === null || record.status === 'pending',
          refetch$: realtime.reconnected$,
        }),
  );
  return state.kind === 'ready' ? state.value : null;
}

import { filter, type Observable, type ObservableInput, startWith } from 'rxjs';
import type { SalaryEvent } from '../shared/realtime';
import type { SalaryView } from '../shared/salary';
import { isNewer, live } from './live';

/** Applies one live event to the shown salary: only newer, only the running period's. */
export function applySalaryEvent(view: SalaryView, event: SalaryEvent): SalaryView {
  if (event.contractType !== view.contractType || !isNewer(event, view.current)) return view;
  if (event.periodStart !== view.current.periodStart) return view;
  return { ...view, current: { ...view.current, accrued: event.accrued, seq: event.seq } };
}

/**
 * salary$ (ARCHITECTURE, Realtime): one contract type's salary as the live primitive keeps it
 * (live.ts): the REST snapshot, then `salary` events of the running period. A settlement (the
 * paid periods changed), an event of another period (a new one started) and a reconnect that
 * lost events fetch the snapshot again, so the page never keeps a stale figure. Null until the
 * first snapshot.
 */
export function createSalaryStream(deps: {
  contractType: string;
  events$: Observable<SalaryEvent>;
  reconnected$: Observable<void>;
  fetchSnapshot: () => ObservableInput<SalaryView>;
}): Observable<SalaryView | null> {
  return live<SalaryView, SalaryEvent>({
    fetch: deps.fetchSnapshot,
    events$: deps.events$.pipe(filter((event) => event.contractType === deps.contractType)),
    apply: applySalaryEvent,
    refetchOn: (view, event) =>
      event.settled ||
      (isNewer(event, view.current) && event.periodStart !== view.current.periodStart),
    refetch$: deps.reconnected$,
  }).pipe(startWith(null));
}

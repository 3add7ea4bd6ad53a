import {
  catchError,
  defer,
  EMPTY,
  filter,
  merge,
  type Observable,
  type ObservableInput,
  scan,
  shareReplay,
  startWith,
  switchMap,
  map,
} from 'rxjs';
import type { SalaryEvent } from '../shared/realtime';
import type { SalaryView } from '../shared/salary';

type Step = { kind: 'snapshot'; view: SalaryView } | { kind: 'event'; event: SalaryEvent };

/** Applies one live event to the shown salary: only newer, only the running period's. */
export function applySalaryEvent(view: SalaryView, event: SalaryEvent): SalaryView {
  if (event.contractType !== view.contractType || event.seq <= view.current.seq) return view;
  if (event.periodStart !== view.current.periodStart) return view;
  return { ...view, current: { ...view.current, accrued: event.accrued, seq: event.seq } };
}

/**
 * salary$ (ARCHITECTURE, Realtime): the REST snapshot of one contract type, then `salary` events
 * of the running period. An event of another period (a new one started, or one was settled)
 * and every reconnect fetch the snapshot again, so the page never keeps a stale figure.
 */
export function createSalaryStream(deps: {
  contractType: string;
  events$: Observable<SalaryEvent>;
  reconnected$: Observable<void>;
  fetchSnapshot: () => ObservableInput<SalaryView>;
}): Observable<SalaryView | null> {
  const mine$ = deps.events$.pipe(filter((event) => event.contractType === deps.contractType));
  // What needs a new snapshot: a reconnect, a settlement (the paid periods changed), or an
  // event outside the period on screen.
  let shown: SalaryView | null = null;
  const refetch$ = merge(
    deps.reconnected$,
    mine$.pipe(
      filter(
        (event) =>
          event.settled || (shown !== null && event.periodStart !== shown.current.periodStart),
      ),
    ),
  );
  const snapshots$ = refetch$.pipe(
    startWith(undefined),
    switchMap(() =>
      defer(() => deps.fetchSnapshot()).pipe(
        catchError(() => EMPTY), // A failed refresh keeps the figure; the next event mends it.
      ),
    ),
  );
  return merge(
    snapshots$.pipe(map((view): Step => ({ kind: 'snapshot', view }))),
    mine$.pipe(map((event): Step => ({ kind: 'event', event }))),
  ).pipe(
    scan<Step, SalaryView | null>(
      (view, step) =>
        step.kind === 'snapshot' ? step.view : view ? applySalaryEvent(view, step.event) : view,
      null,
    ),
    map((view) => {
      shown = view;
      return view;
    }),
    startWith(null),
    shareReplay({ bufferSize: 1, refCount: true }),
  );
}

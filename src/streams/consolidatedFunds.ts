import {
  BehaviorSubject,
  catchError,
  combineLatest,
  defer,
  distinctUntilChanged,
  EMPTY,
  startWith,
  type Observable,
  type ObservableInput,
  of,
  shareReplay,
  switchMap,
} from 'rxjs';
import type { SessionRole } from '../shared/identity';

/** Spec 3 "Consolidated funds": which salary and dividend features this member has. */
export interface ConsolidatedFunds {
  dailysalreqtype: number;
  divtypereq: number;
  contracthoursalreq: number;
  realtimesalreqtype: number;
  contractmrdailysalinfotype: boolean;
  contracthoursalinfo: boolean;
  dailysalinfotype: boolean;
  divtypeinfo: boolean;
  agentPolicy: boolean;
}

/** Declared once, in src/shared/identity (with `roleOf`); re-exported for this store's users. */
export type { SessionRole };

/**
 * Spec 4: the logged-in transition fetches the consolidated funds for real accounts when the
 * agent policy is on; a trial account never asks (and gets null), nor does a guest. A failed
 * fetch gives null: the features it gates stay hidden, nothing breaks.
 */
export function createConsolidatedFunds(deps: {
  role$: Observable<SessionRole>;
  fetch: () => ObservableInput<ConsolidatedFunds>;
  /** Something that changes the funds happened (a contract moved): fetch them again. */
  changed$?: Observable<unknown>;
}) {
  const agentPolicy$ = new BehaviorSubject(false);
  const funds$: Observable<ConsolidatedFunds | null> = combineLatest([
    deps.role$.pipe(distinctUntilChanged()),
    agentPolicy$.pipe(distinctUntilChanged()),
  ]).pipe(
    switchMap(([role, agentPolicy]) =>
      (role === 'player' || role === 'agent') && agentPolicy
        ? (deps.changed$ ?? EMPTY).pipe(
            startWith(undefined),
            switchMap(() => defer(() => deps.fetch()).pipe(catchError(() => of(null)))),
          )
        : of(null),
    ),
    shareReplay({ bufferSize: 1, refCount: true }),
  );
  return {
    funds$,
    /** The site's whitelabel AGENTPOLICY3 flag, known once the status has loaded. */
    setAgentPolicy: (enabled: boolean) => agentPolicy$.next(enabled),
  };
}

export type ConsolidatedFundsStore = ReturnType<typeof createConsolidatedFunds>;

import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Observable, of, switchMap } from 'rxjs';
import { useServices } from '../core/ServicesContext';
import { useObservable } from '../hooks/useObservable';

/** A loss shorter than this (a re-handshake after login) is not worth a notice. */
const NOTICE_DELAY_MS = 1500;

/**
 * True after `ms`: rxjs's timer() would bring its asynchronous scheduler (about 2 KB) into the
 * first download for this one wait.
 */
const later = (ms: number) =>
  new Observable<boolean>((subscriber) => {
    const id = setTimeout(() => {
      subscriber.next(true);
      subscriber.complete();
    }, ms);
    return () => clearTimeout(id);
  });

/** Quiet until the live connection is lost for a moment; then a small notice until it is back. */
export function ConnectionIndicator() {
  const { t } = useTranslation();
  const { realtime } = useServices();
  const lost$ = useMemo(
    () =>
      realtime.connectionState$.pipe(
        switchMap((state) => (state === 'reconnecting' ? later(NOTICE_DELAY_MS) : of(false))),
      ),
    [realtime],
  );
  const lost = useObservable(lost$, false);
  // The state itself, for tests and support: the notice is only for a connection that was up.
  const state = useObservable(realtime.connectionState$, 'connecting');
  return (
    <div
      className="connection-indicator"
      role="status"
      aria-live="polite"
      data-connection={state}
      data-testid="connection-indicator"
    >
      {lost ? t('shell.reconnecting') : ''}
    </div>
  );
}

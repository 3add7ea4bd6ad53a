import { finalize, Observable, Subject } from 'rxjs';
import type { Services } from '../../../src/app/services';

/**
 * A realtime service for the views' tests: each event is a Subject the test pushes into, and
 * `reconnected$` stands for a reconnect that did not recover the missed events (socket.recovered
 * false). `listening()` counts the subscriptions open now, to check that leaving a page leaves
 * them all.
 */
export function fakeRealtime() {
  const events = new Map<string, Subject<unknown>>();
  const reconnected = new Subject<void>();
  let listening = 0;
  const subjectOf = (name: string) => {
    let subject = events.get(name);
    if (!subject) events.set(name, (subject = new Subject<unknown>()));
    return subject;
  };
  const watched = <T>(source$: Observable<T>) =>
    new Observable<T>((subscriber) => {
      listening += 1;
      return source$.pipe(finalize(() => (listening -= 1))).subscribe(subscriber);
    });
  const realtime = {
    event$: (name: string) => watched(subjectOf(name)),
    reconnected$: watched(reconnected),
  } as unknown as Services['realtime'];
  return {
    realtime,
    /** Pushes a socket event of this name. */
    emit: (name: string, payload: unknown = {}) => subjectOf(name).next(payload),
    /** A reconnect that did not recover the missed events. */
    reconnect: () => reconnected.next(),
    listening: () => listening,
  };
}

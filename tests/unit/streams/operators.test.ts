import { TestScheduler } from 'rxjs/testing';
import { describe, expect, it } from 'vitest';
import { type SocketLifecycleEvent, toConnectionState } from '../../../src/streams/operators';

const scheduler = () => new TestScheduler((actual, expected) => expect(actual).toEqual(expected));

describe('toConnectionState', () => {
  it('is connecting until the first connect, then reconnecting after a loss', () => {
    scheduler().run(({ cold, expectObservable }) => {
      const events: Record<string, SocketLifecycleEvent> = {
        c: 'connect',
        d: 'disconnect',
        e: 'connect_error',
        r: 'reconnect_attempt',
      };
      const source = cold('e-c-d-r-e-c|', events);
      expectObservable(source.pipe(toConnectionState())).toBe('a-b-c-----b|', {
        a: 'connecting',
        b: 'connected',
        c: 'reconnecting',
      });
    });
  });
});

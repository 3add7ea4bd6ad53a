import { TestScheduler } from 'rxjs/testing';
import { describe, expect, it } from 'vitest';
import {
  latestBySeq,
  type SocketLifecycleEvent,
  toConnectionState,
} from '../../../src/streams/operators';

const scheduler = () => new TestScheduler((actual, expected) => expect(actual).toEqual(expected));

describe('latestBySeq', () => {
  it('drops events whose seq is not above the highest seen', () => {
    scheduler().run(({ cold, expectObservable }) => {
      const values = { a: { seq: 1 }, b: { seq: 3 }, c: { seq: 2 }, d: { seq: 3 }, e: { seq: 4 } };
      const source = cold('a-b-c-d-e|', values);
      expectObservable(source.pipe(latestBySeq())).toBe('a-b-----e|', values);
    });
  });
});

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

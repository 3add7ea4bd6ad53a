import { TestScheduler } from 'rxjs/testing';
import { describe, expect, it } from 'vitest';
import type { SystemEvent } from '../../../src/shared/realtime';
import type { SystemStatusResponse } from '../../../src/shared/system';
import { createSystemStatus } from '../../../src/streams/system';

const answer = (maintenance: boolean, seq: number): SystemStatusResponse => ({
  info: {} as SystemStatusResponse['info'],
  location: { ip: '203.0.113.9' },
  maintenance,
  regionRestriction: false,
  maintenanceEnd: null,
  seq,
});
const push = (status: 0 | 1 | 2, seq: number): SystemEvent => ({
  status,
  maintenanceEnd: null,
  seq,
});

const scheduler = () => new TestScheduler((actual, expected) => expect(actual).toEqual(expected));

describe('live system status', () => {
  it('applies a push that came while the answer was on its way, drops stale ones', () => {
    scheduler().run(({ cold, hot, expectObservable }) => {
      const status$ = createSystemStatus({
        // The answer (seq 2, normal) was read before maintenance went on (seq 3).
        fetch: () => cold('---(a|)', { a: answer(false, 2) }),
        events$: hot('-m---o-x', { m: push(1, 3), o: push(0, 4), x: push(1, 3) }),
        reconnected$: hot('-'),
      });
      expectObservable(status$, '^-------!').toBe('---m-o--', {
        m: expect.objectContaining({ code: 1, seq: 3 }),
        o: expect.objectContaining({ code: 0, seq: 4 }),
      });
    });
  });

  it('asks again after a reconnect; a failed first answer is an error', () => {
    scheduler().run(({ cold, hot, expectObservable }) => {
      let asked = 0;
      const answers = [
        cold('-(a|)', { a: answer(false, 1) }),
        cold('-(b|)', { b: answer(true, 2) }),
      ];
      const status$ = createSystemStatus({
        fetch: () => answers[asked++]!,
        events$: hot('-'),
        reconnected$: hot('---r'),
      });
      expectObservable(status$, '^-----!').toBe('-a--b-', {
        a: expect.objectContaining({ code: 0, seq: 1 }),
        b: expect.objectContaining({ code: 1, seq: 2 }),
      });
      const failed$ = createSystemStatus({
        fetch: () => cold('--#', undefined, new Error('offline')),
        events$: hot('-'),
        reconnected$: hot('-'),
      });
      expectObservable(failed$).toBe('--#', undefined, new Error('offline'));
    });
  });
});

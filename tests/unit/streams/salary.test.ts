import { Subject, firstValueFrom, of, skip, take, toArray } from 'rxjs';
import { describe, expect, it, vi } from 'vitest';
import type { SalaryEvent } from '../../../src/shared/realtime';
import type { SalaryView } from '../../../src/shared/salary';
import { applySalaryEvent, createSalaryStream } from '../../../src/streams/salary';

const view = (
  accrued: string,
  seq: number,
  periodStart = '2026-11-22T05:00:00.000Z',
): SalaryView => ({
  contractType: 'realTimeSalary',
  current: {
    periodStart,
    periodEnd: '2026-11-22T05:05:00.000Z',
    settlesAt: '2026-11-22T05:06:00.000Z',
    accrued,
    seq,
  },
  awaitingSettlement: '0.00',
  settlements: [],
  contractsInEffect: 1,
  contractsHeld: 0,
});
const event = (
  accrued: string,
  seq: number,
  periodStart = '2026-11-22T05:00:00.000Z',
): SalaryEvent => ({
  contractType: 'realTimeSalary',
  accrued,
  periodStart,
  periodEnd: '2026-11-22T05:05:00.000Z',
  settled: false,
  seq,
});

describe('salary$ (snapshot then deltas)', () => {
  it('takes a newer event of the running period and drops stale ones', () => {
    expect(applySalaryEvent(view('1.00', 5), event('1.50', 6)).current.accrued).toBe('1.50');
    expect(applySalaryEvent(view('1.00', 5), event('0.50', 4)).current.accrued).toBe('1.00');
    expect(
      applySalaryEvent(view('1.00', 5), { ...event('9.00', 9), contractType: 'dividend' }).current
        .accrued,
    ).toBe('1.00');
  });

  it('shows the snapshot, then live events, and fetches again for another period', async () => {
    const events$ = new Subject<SalaryEvent>();
    const reconnected$ = new Subject<void>();
    const fetchSnapshot = vi
      .fn()
      .mockReturnValueOnce(of(view('1.00', 5)))
      .mockReturnValueOnce(of(view('0.00', 0, '2026-11-22T05:05:00.000Z')))
      .mockReturnValueOnce(of(view('0.30', 12, '2026-11-22T05:05:00.000Z')));
    const salary$ = createSalaryStream({
      contractType: 'realTimeSalary',
      events$,
      reconnected$,
      fetchSnapshot,
    });
    const seen = firstValueFrom(salary$.pipe(skip(1), take(4), toArray()));
    events$.next(event('1.20', 6));
    events$.next(event('0.10', 11, '2026-11-22T05:05:00.000Z')); // a new period began
    reconnected$.next();
    const figures = (await seen).map((shown) => shown?.current.accrued);
    // The new period's snapshot with its event on top (newer than that snapshot's seq), then
    // the reconnect's snapshot.
    expect(figures).toEqual(['1.00', '1.20', '0.10', '0.30']);
    expect(fetchSnapshot).toHaveBeenCalledTimes(3);
  });
});

describe('salary$ after a settlement', () => {
  it('reads the snapshot again when its period was paid', async () => {
    const events$ = new Subject<SalaryEvent>();
    const fetchSnapshot = vi
      .fn()
      .mockReturnValueOnce(of(view('2.00', 7)))
      .mockReturnValueOnce(
        of({
          ...view('2.00', 7),
          settlements: [{ periodStart: 'p', periodEnd: 'q', amount: '2.00' }],
        }),
      );
    const salary$ = createSalaryStream({
      contractType: 'realTimeSalary',
      events$,
      reconnected$: new Subject<void>(),
      fetchSnapshot,
    });
    const seen = firstValueFrom(salary$.pipe(skip(1), take(2), toArray()));
    events$.next({ ...event('2.00', 7), settled: true });
    const [before, after] = await seen;
    expect(before?.settlements).toEqual([]);
    expect(after?.settlements).toHaveLength(1);
  });
});

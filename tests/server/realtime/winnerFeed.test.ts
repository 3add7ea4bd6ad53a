import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { WinnerEntry } from '../../../src/shared/games';
import { coalesceWinners } from '../../../server/realtime/winnerFeed';

const win = (customerName: string, winAmount: string): WinnerEntry => ({
  customerName,
  winAmount,
  gameName: 'Demo slot',
  vassalage: 'DEMO',
  at: '2026-11-30T00:00:00.000Z',
});

describe('the public winner feed (coalesced, issue 35)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('sends a lone win at once', () => {
    const sent: string[] = [];
    const push = coalesceWinners((entry) => sent.push(entry.customerName), 1_000);
    push(win('a***1', '50.00'));
    expect(sent).toEqual(['a***1']);
    expect(vi.getTimerCount()).toBe(1);
    vi.advanceTimersByTime(1_000);
    // Nothing was held: the window closes and no timer is left.
    expect(sent).toEqual(['a***1']);
    expect(vi.getTimerCount()).toBe(0);
    push(win('b***2', '60.00'));
    expect(sent).toEqual(['a***1', 'b***2']);
  });

  it('sends the biggest of each window while wins keep coming, as money (not as text)', () => {
    const sent: string[] = [];
    const push = coalesceWinners((entry) => sent.push(entry.customerName), 1_000);
    push(win('first', '10.00'));
    push(win('small', '99.99'));
    push(win('biggest', '100.00'));
    push(win('later', '20.00'));
    push(win('broken', 'not money'));
    expect(sent).toEqual(['first']);
    vi.advanceTimersByTime(999);
    expect(sent).toEqual(['first']);
    vi.advanceTimersByTime(1);
    expect(sent).toEqual(['first', 'biggest']);
    // The next window has begun: a win in it waits for its end.
    push(win('next', '5.00'));
    expect(sent).toEqual(['first', 'biggest']);
    vi.advanceTimersByTime(1_000);
    expect(sent).toEqual(['first', 'biggest', 'next']);
    vi.advanceTimersByTime(1_000);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('sends at most one a window under a burst', () => {
    let sent = 0;
    const push = coalesceWinners(() => (sent += 1), 1_000);
    for (let second = 0; second < 10; second += 1) {
      for (let spin = 0; spin < 100; spin += 1) push(win(`p${spin}`, `${spin}.00`));
      vi.advanceTimersByTime(1_000);
    }
    // The first at once, then one at the end of each of the ten windows.
    expect(sent).toBe(11);
  });
});

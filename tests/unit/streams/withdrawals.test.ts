import { describe, expect, it } from 'vitest';
import type { WithdrawalView } from '../../../src/shared/withdrawals';
import { mergeWithdrawal } from '../../../src/streams/withdrawals';

const view = (id: string, version: number, status: WithdrawalView['status']): WithdrawalView => ({
  id,
  amount: '100.00',
  status,
  receivedAmount: null,
  remainingAmount: null,
  autoConfirmed: false,
  hasProof: false,
  createdAt: '2026-11-22T00:00:00.000Z',
  updatedAt: '2026-11-22T00:00:00.000Z',
  version,
});

describe('mergeWithdrawal (snapshot then deltas)', () => {
  const page = [view('2', 5, 'requested'), view('1', 3, 'received')];

  it('replaces a row with a newer version', () => {
    const merged = mergeWithdrawal(page, view('2', 6, 'awaitingConfirmation'), true);
    expect(merged.map((item) => item.status)).toEqual(['awaitingConfirmation', 'received']);
  });

  it('drops a stale or repeated event', () => {
    expect(mergeWithdrawal(page, view('2', 4, 'rejected'), true)).toBe(page);
    expect(mergeWithdrawal(page, view('2', 5, 'rejected'), true)).toBe(page);
  });

  it('adds an unknown withdrawal on the first page only', () => {
    expect(mergeWithdrawal(page, view('3', 7, 'requested'), true).map((item) => item.id)).toEqual([
      '3',
      '2',
      '1',
    ]);
    expect(mergeWithdrawal(page, view('3', 7, 'requested'), false)).toBe(page);
  });
});

import { afterEach, describe, expect, it, vi } from 'vitest';
import { CHUNK_LOAD_TIMEOUT_MS, withTimeout } from '../../../src/ui/core/lazySection';
import { isGamePage, isMemberCentre } from '../../../src/ui/shell/gamePages';

describe('the member centre folds the side menu beside its own', () => {
  it.each(['/member', '/member/', '/member/vip', '/Member/withdraw'])(
    '%s is the member centre',
    (path) => {
      expect(isMemberCentre(path)).toBe(true);
    },
  );
  it.each(['/', '/members', '/memberx/vip', '/agentHome'])('%s is not', (path) => {
    expect(isMemberCentre(path)).toBe(false);
  });
});

describe('game pages hide the side menu (spec 2)', () => {
  it.each(['/seamless', '/lottery', '/vnLottery', '/sealottery', '/lottert', '/seaLottery/'])(
    '%s is a game page',
    (path) => {
      expect(isGamePage(path)).toBe(true);
    },
  );
  it.each(['/', '/live', '/lott', '/seamlessly', '/member'])('%s is not', (path) => {
    expect(isGamePage(path)).toBe(false);
  });
});

describe('chunk-load timeout', () => {
  afterEach(() => vi.useRealTimers());

  it('is 120 seconds and fails a chunk that never arrives', async () => {
    vi.useFakeTimers();
    expect(CHUNK_LOAD_TIMEOUT_MS).toBe(120_000);
    const never = new Promise<never>(() => undefined);
    const result = withTimeout(never, CHUNK_LOAD_TIMEOUT_MS, () => new Error('timed out'));
    const assertion = expect(result).rejects.toThrow('timed out');
    await vi.advanceTimersByTimeAsync(CHUNK_LOAD_TIMEOUT_MS);
    await assertion;
  });

  it('passes a chunk that arrives in time', async () => {
    await expect(withTimeout(Promise.resolve('ok'), 1000, () => new Error('late'))).resolves.toBe(
      'ok',
    );
  });
});

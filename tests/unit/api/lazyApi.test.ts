import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../src/api/http';
import { lazyApi } from '../../../src/api/lazyApi';

interface Api {
  ping(value: number): Promise<number>;
  points: { balance(): Promise<{ points: number }>; self(): Promise<boolean> };
}

function realApi(): Api {
  const points = {
    balance: async () => ({ points: 7 }),
    // `this` is the object the method was called on, as on the real API.
    async self(this: unknown) {
      return this === points;
    },
  };
  return { ping: async (value) => value * 2, points };
}

describe('lazyApi', () => {
  it('loads the module on the first call only, then calls the real method, however deep', async () => {
    const load = vi.fn(async () => realApi());
    const api = lazyApi<Api>(load);
    expect(load).not.toHaveBeenCalled();
    const { points } = api;
    expect(await Promise.all([api.ping(2), points.balance(), api.points.self()])).toEqual([
      4,
      { points: 7 },
      true,
    ]);
    expect(await api.ping(5)).toBe(10);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('fails a call as a network error when the chunk does not come, and tries again next time', async () => {
    const load = vi
      .fn<() => Promise<Api>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockResolvedValue(realApi());
    const api = lazyApi<Api>(load);
    const failed = await api.ping(1).catch((error: unknown) => error);
    expect(failed).toBeInstanceOf(ApiError);
    expect((failed as ApiError).code).toBe('network_error');
    expect(await api.ping(1)).toBe(2);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('is not a thenable, so awaiting the API object does not call it', async () => {
    const load = vi.fn(async () => realApi());
    const api = lazyApi<Api>(load);
    expect(await Promise.resolve(api)).toBe(api);
    expect(load).not.toHaveBeenCalled();
  });
});

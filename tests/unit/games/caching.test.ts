import { describe, expect, it, vi } from 'vitest';
import { createGameCaches, createSessionCache } from '../../../src/app/features/games/caching';
import type { GameCategoryVendors } from '../../../src/shared/games';
import { card } from './fixtures';

/** A load the test answers by hand. */
function deferredLoads<T>() {
  const pending: { resolve: (value: T) => void; reject: (error: unknown) => void }[] = [];
  const load = vi.fn(
    () =>
      new Promise<T>((resolve, reject) => {
        pending.push({ resolve, reject });
      }),
  );
  const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
  return { load, pending, settle };
}

describe('session cache (spec 4 caching)', () => {
  it('loads once and serves the cached value, sharing a load in flight', async () => {
    const { load, pending, settle } = deferredLoads<string>();
    const cache = createSessionCache(load);
    const first = cache.get();
    const second = cache.get();
    await settle();
    pending[0]?.resolve('hot');
    expect(await first).toBe('hot');
    expect(await second).toBe('hot');
    expect(await cache.get()).toBe('hot');
    expect(cache.peek()).toBe('hot');
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('does not cache a failure: it rejects to the caller and the next get loads again', async () => {
    const load = vi.fn().mockRejectedValueOnce(new Error('down')).mockResolvedValueOnce('ok');
    const cache = createSessionCache<string>(load);
    await expect(cache.get()).rejects.toThrow('down');
    expect(cache.peek()).toBeUndefined();
    expect(await cache.get()).toBe('ok');
  });

  it('refresh keeps the old value visible until the new one lands; get waits for the new', async () => {
    const { load, pending, settle } = deferredLoads<string>();
    const cache = createSessionCache(load);
    const first = cache.get();
    await settle();
    pending[0]?.resolve('v1');
    await first;
    const refreshing = cache.refresh();
    const waiting = cache.get();
    expect(cache.peek()).toBe('v1');
    await settle();
    pending[1]?.resolve('v2');
    expect(await refreshing).toBe('v2');
    expect(await waiting).toBe('v2');
    expect(cache.peek()).toBe('v2');
  });

  it('a failed refresh keeps the old value', async () => {
    const load = vi.fn().mockResolvedValueOnce('v1').mockRejectedValueOnce(new Error('down'));
    const cache = createSessionCache<string>(load);
    await cache.get();
    await expect(cache.refresh()).rejects.toThrow('down');
    expect(await cache.get()).toBe('v1');
  });

  it('flush forgets the value and disowns a load in flight', async () => {
    const { load, pending, settle } = deferredLoads<string>();
    const cache = createSessionCache(load);
    const old = cache.get();
    await settle();
    cache.flush();
    pending[0]?.resolve('stale');
    expect(await old).toBe('stale');
    expect(cache.peek()).toBeUndefined();
    const fresh = cache.get();
    await settle();
    pending[1]?.resolve('fresh');
    expect(await fresh).toBe('fresh');
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('an older refresh answering late does not overwrite a newer one', async () => {
    const { load, pending, settle } = deferredLoads<string>();
    const cache = createSessionCache(load);
    const older = cache.refresh();
    const newer = cache.refresh();
    await settle();
    pending[1]?.resolve('new');
    pending[0]?.resolve('old');
    await Promise.all([older, newer]);
    expect(cache.peek()).toBe('new');
  });
});

describe('game caches', () => {
  function setUp() {
    let language = 'EN';
    const fetchHotGames = vi.fn(async (lang: string) => [
      card({ vassalage: 'PG', gameName: lang }),
    ]);
    const fetchVendors = vi.fn(async (lang: string): Promise<GameCategoryVendors[]> => [
      { gameCategory: lang, vendors: [] },
    ]);
    const fetchMerchantWallet = vi.fn(async () => ({ isSingle: true }));
    const caches = createGameCaches({
      language: () => language,
      fetchHotGames,
      fetchVendors,
      fetchMerchantWallet,
    });
    return {
      caches,
      fetchHotGames,
      fetchVendors,
      fetchMerchantWallet,
      setLanguage: (next: string) => (language = next),
    };
  }

  it('a language change reloads hot games and vendors in the new language', async () => {
    const t = setUp();
    await t.caches.hotGames.get();
    await t.caches.vendors.get();
    await t.caches.merchantWallet.get();
    t.setLanguage('ES');
    await t.caches.languageChanged();
    expect((await t.caches.hotGames.get())[0]?.gameName).toBe('ES');
    expect((await t.caches.vendors.get())[0]?.gameCategory).toBe('ES');
    expect(t.fetchHotGames.mock.calls.map(([lang]) => lang)).toEqual(['EN', 'ES']);
    // The merchant wallet does not depend on the language.
    expect(t.fetchMerchantWallet).toHaveBeenCalledTimes(1);
  });

  it('a failed vendor reload rejects to the caller, and hot games still reload', async () => {
    const t = setUp();
    t.fetchVendors.mockRejectedValueOnce(new Error('vendors down'));
    t.setLanguage('KO');
    await expect(t.caches.languageChanged()).rejects.toThrow('vendors down');
    expect((await t.caches.hotGames.get())[0]?.gameName).toBe('KO');
  });

  it('forgets the merchant wallet on logout', async () => {
    const t = setUp();
    await t.caches.merchantWallet.get();
    t.caches.loggedOut();
    expect(t.caches.merchantWallet.peek()).toBeUndefined();
    await t.caches.merchantWallet.get();
    expect(t.fetchMerchantWallet).toHaveBeenCalledTimes(2);
  });
});

import { describe, expect, it } from 'vitest';
import { gameIconPath, gameIconUrl, gameTitle } from '../../../src/shared/gameItem';
import { createVendorImages, pickCdnBase, resolveImage } from '../../../src/shared/gameImages';

function memoryStore() {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
  };
}

describe('vendor images (spec 3)', () => {
  const images = createVendorImages('https://img.test/');

  it('small vendor icons, default and active', () => {
    expect(images.vendorIconSmall('PG')).toBe(
      'https://img.test/TCG_PROD_IMAGES/VENDOR_ICON_SMALL/PG-DEFAULT.png',
    );
    expect(images.vendorIconSmall('PG', true)).toBe(
      'https://img.test/TCG_PROD_IMAGES/VENDOR_ICON_SMALL/PG-ACTIVE.png',
    );
  });

  it('RNG list vendor icons in three tones; a LOTT game type uses the ELOTT image', () => {
    expect(images.rngListVendor({ vassalage: 'JDB', gameType: 'RNG' }, 'WHITE')).toBe(
      'https://img.test/TCG_PROD_IMAGES/RNG_LIST_VENDOR/JDB-WHITE.png',
    );
    expect(images.rngListVendor({ vassalage: 'JDB', gameType: 'RNG' }, 'COLOR')).toMatch(
      /JDB-COLOR\.png$/,
    );
    expect(images.rngListVendor({ vassalage: 'TCG_LOTTO_VN', gameType: 'LOTT' }, 'BLACK')).toBe(
      'https://img.test/TCG_PROD_IMAGES/RNG_LIST_VENDOR/ELOTT-BLACK.png',
    );
  });

  it('submenu images by game type and vendor', () => {
    expect(images.submenu('LIVE', 'EVO')).toBe(
      'https://img.test/TCG_PROD_IMAGES/SUBMENU_IMG/STYLE4/LIVE-EVO.png',
    );
  });

  it('works on the same origin (empty base) and escapes odd codes', () => {
    expect(createVendorImages('').submenu('RNG', 'A/B')).toBe(
      '/TCG_PROD_IMAGES/SUBMENU_IMG/STYLE4/RNG-A%2FB.png',
    );
  });
});

describe('CDN base (spec 9)', () => {
  const cdns = ['https://a.cdn/', 'https://b.cdn', 'https://c.cdn'];

  it('picks one at random with the injected random', () => {
    expect(pickCdnBase(cdns, { random: () => 0 })).toBe('https://a.cdn');
    expect(pickCdnBase(cdns, { random: () => 0.5 })).toBe('https://b.cdn');
    expect(pickCdnBase(cdns, { random: () => 0.9999 })).toBe('https://c.cdn');
    // A random() of exactly 1 (not in its contract, but cheap to survive) stays in range.
    expect(pickCdnBase(cdns, { random: () => 1 })).toBe('https://c.cdn');
  });

  it('picks once per session: the remembered pick is kept while it is configured', () => {
    const store = memoryStore();
    let draws = 0;
    const random = () => (draws++ === 0 ? 0.7 : 0);
    expect(pickCdnBase(cdns, { random, store })).toBe('https://c.cdn');
    expect(pickCdnBase(cdns, { random, store })).toBe('https://c.cdn');
    expect(draws).toBe(1);
    // Configuration changed: the old pick is gone, a new one is drawn and remembered.
    expect(pickCdnBase(['https://d.cdn'], { random, store })).toBe('https://d.cdn');
    expect(store.items.get('imageCdn')).toBe('https://d.cdn');
  });

  it('keeps image and launch picks apart by key', () => {
    const store = memoryStore();
    pickCdnBase(cdns, { random: () => 0, store });
    pickCdnBase(['https://launch.cdn'], { random: () => 0, store, key: 'launchCdn' });
    expect(Object.fromEntries(store.items)).toEqual({
      imageCdn: 'https://a.cdn',
      launchCdn: 'https://launch.cdn',
    });
  });

  it('falls back to the same origin (or the given fallback) when none is configured', () => {
    expect(pickCdnBase([])).toBe('');
    expect(pickCdnBase(['  '], { fallback: 'https://img.test/' })).toBe('https://img.test');
  });
});

describe('image paths and game item fallbacks (spec 3)', () => {
  it('prefixes relative server paths with the base and keeps absolute ones', () => {
    expect(resolveImage('https://a.cdn', 'games/pg/1.png')).toBe('https://a.cdn/games/pg/1.png');
    expect(resolveImage('https://a.cdn/', '/games/pg/1.png')).toBe('https://a.cdn/games/pg/1.png');
    expect(resolveImage('', '/games/pg/1.png')).toBe('/games/pg/1.png');
    expect(resolveImage('https://a.cdn', 'https://other/1.png')).toBe('https://other/1.png');
    expect(resolveImage('https://a.cdn', '//other/1.png')).toBe('//other/1.png');
    expect(resolveImage('https://a.cdn', 'data:image/png;base64,AA')).toBe(
      'data:image/png;base64,AA',
    );
    expect(resolveImage('https://a.cdn', null)).toBeNull();
    expect(resolveImage('https://a.cdn', ' ')).toBeNull();
  });

  it('names a game by gameName, else nodeName (blank counts as missing)', () => {
    expect(gameTitle({ gameName: 'Fortune', nodeName: 'node' })).toBe('Fortune');
    expect(gameTitle({ gameName: '', nodeName: 'node' })).toBe('node');
    expect(gameTitle({ gameName: ' ', nodeName: undefined })).toBe('');
  });

  it('pictures a game by iconUrl, else showIcon, resolved against the CDN', () => {
    expect(gameIconPath({ iconUrl: 'a.png', showIcon: 'b.png' })).toBe('a.png');
    expect(gameIconPath({ iconUrl: null, showIcon: 'b.png' })).toBe('b.png');
    expect(gameIconPath({ iconUrl: '', showIcon: null })).toBeNull();
    expect(gameIconUrl({ iconUrl: null, showIcon: 'icons/b.png' }, 'https://a.cdn')).toBe(
      'https://a.cdn/icons/b.png',
    );
    expect(gameIconUrl({ iconUrl: null }, 'https://a.cdn')).toBeNull();
  });
});

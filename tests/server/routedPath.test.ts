import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { routedPath, routedPathByUrl as byUrl } from '../../server/http/app';
import { createRegionPolicy } from '../../server/domain/system/region';

describe('routedPath (the path the maintenance and region rules judge)', () => {
  it('gives what URL gives for any request line, the quick way included', () => {
    const piece = fc.constantFrom(
      '/',
      '.',
      '..',
      '%',
      '%2e',
      '%2F',
      '%77',
      '\\',
      '?',
      '#',
      ';',
      ':',
      '@',
      '~',
      ' ',
      '|',
      'wps',
      'relay',
      'a',
      'Z',
      '0',
      '-',
      '_',
      "'",
      '(',
      '*',
      '+',
      ',',
      '=',
      '&',
      '$',
      '!',
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 12 }), (pieces) => {
        const url = `/${pieces.join('')}`;
        expect(routedPath(url)).toBe(byUrl(url));
      }),
      { numRuns: 5_000 },
    );
  });

  it('takes the quick way for a plain path, and URL for every written-around one', () => {
    expect(routedPath('/wps/relay/GCSGAME_gameList?pageNo=1')).toBe('/wps/relay/GCSGAME_gameList');
    expect(routedPath('/%77ps/system/status')).toBe('/wps/system/status');
    expect(routedPath('/x/../wps/a')).toBe('/wps/a');
    expect(routedPath('//host/wps/a')).toBe('/wps/a');
    expect(routedPath('http://host/wps/a?b')).toBe('/wps/a');
    expect(routedPath('/x\\..\\wps')).toBe('/wps');
  });
});

describe('the region policy remembers each address’s answer', () => {
  const policy = createRegionPolicy({
    blockedCidrs: ['203.0.113.0/24', '2001:db8::/32'],
    blockedCountries: ['KP'],
    countryHeader: 'cf-ipcountry',
  });

  it('answers the same the second time, for both families and a mapped address', () => {
    for (let round = 0; round < 2; round++) {
      expect(policy.isRestricted({ ip: '203.0.113.9', country: null })).toBe(true);
      expect(policy.isRestricted({ ip: '::ffff:203.0.113.9', country: null })).toBe(true);
      expect(policy.isRestricted({ ip: '198.51.100.1', country: null })).toBe(false);
      expect(policy.isRestricted({ ip: '2001:db8::1', country: null })).toBe(true);
      expect(policy.isRestricted({ ip: '2001:db9::1', country: null })).toBe(false);
      expect(policy.isRestricted({ ip: 'not an address', country: null })).toBe(false);
      expect(policy.isRestricted({ ip: '198.51.100.1', country: 'kp' })).toBe(true);
    }
  });

  it('keeps answering right past the bound of remembered addresses', () => {
    for (let i = 0; i < 10_050; i++) {
      const ip = `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`;
      expect(policy.isRestricted({ ip, country: null })).toBe(false);
    }
    expect(policy.isRestricted({ ip: '203.0.113.200', country: null })).toBe(true);
  });

  it('blocks nobody by address when no range is configured', () => {
    const open = createRegionPolicy({
      blockedCidrs: [],
      blockedCountries: [],
      countryHeader: null,
    });
    expect(open.isRestricted({ ip: '203.0.113.9', country: null })).toBe(false);
  });
});

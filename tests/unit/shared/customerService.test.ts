import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  chooseCustomerService,
  obfuscateCustomerServicePath,
  revealCustomerServicePath,
} from '../../../src/shared/customerService';
import { isFeatureEnabled, statusCodeOf } from '../../../src/shared/system';

describe('customer-service path obfuscation', () => {
  it('round-trips any http(s) or site-relative URL, keyed by its last 8 characters', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.webUrl(),
          fc.webPath().map((path) => `/${path.replace(/^\//, '')}`),
        ),
        fc.stringMatching(/^[A-Za-z0-9]{8}$/),
        (url, key) => {
          const hidden = obfuscateCustomerServicePath(url, key);
          expect(hidden.endsWith(key)).toBe(true);
          expect(revealCustomerServicePath(hidden)).toBe(url);
        },
      ),
    );
  });
  it('reveals nothing for garbage or for a javascript: URL', () => {
    expect(revealCustomerServicePath('short')).toBeNull();
    expect(revealCustomerServicePath('!!!!notbase64!!Ks7Qp2Lx')).toBeNull();
    expect(
      revealCustomerServicePath(obfuscateCustomerServicePath('javascript:alert(1)', 'Ks7Qp2Lx')),
    ).toBeNull();
  });
});

describe('customer-service entries (spec 3: csType and path)', () => {
  const entry = (csType: string, url: string, key = 'Ks7Qp2Lx') => ({
    csType,
    path: obfuscateCustomerServicePath(url, key),
  });

  it('decrypts each path with its own last 8 characters', () => {
    const chat = entry('LIVE', '/chat', 'Ks7Qp2Lx');
    const help = entry('HELP', '/helpmc#live-support', 'Hm4Rt8Wz');
    expect(chat.path.slice(-8)).toBe('Ks7Qp2Lx');
    expect(help.path.slice(-8)).toBe('Hm4Rt8Wz');
    expect(revealCustomerServicePath(chat.path)).toBe('/chat');
    expect(revealCustomerServicePath(help.path)).toBe('/helpmc#live-support');
    // Another key gives something else entirely (or nothing usable).
    const swapped = chat.path.slice(0, -8) + 'Hm4Rt8Wz';
    expect(revealCustomerServicePath(swapped)).not.toBe('/chat');
  });

  it('picks the first usable entry, in the page for a path of the site, in a new tab otherwise', () => {
    expect(chooseCustomerService([entry('LIVE', '/chat'), entry('HELP', '/helpmc')])).toEqual({
      csType: 'LIVE',
      url: '/chat',
      internal: true,
    });
    expect(
      chooseCustomerService([
        { csType: 'LIVE', path: 'garbage-Ks7Qp2Lx' },
        entry('LIVE', 'javascript:alert(1)'),
        entry('TELEGRAM', 'https://t.me/aurora_support'),
      ]),
    ).toEqual({ csType: 'TELEGRAM', url: 'https://t.me/aurora_support', internal: false });
    // "//host" is another site.
    expect(chooseCustomerService([entry('LIVE', '//evil.example/chat')])?.internal).toBe(false);
    expect(chooseCustomerService([])).toBeNull();
  });
});

describe('system status helpers', () => {
  it('lets maintenance win over region restriction (spec 4)', () => {
    expect(statusCodeOf({ maintenance: true, regionRestriction: true })).toBe(1);
    expect(statusCodeOf({ maintenance: false, regionRestriction: true })).toBe(2);
    expect(statusCodeOf({ maintenance: false, regionRestriction: false })).toBe(0);
  });
  it('finds a whitelabel flag only when it and its parents are enabled', () => {
    const tree = [
      {
        modId: 'REG',
        enabled: true,
        childrenNodes: [{ modId: 'MOBILENUMREG3', enabled: true, childrenNodes: [] }],
      },
      {
        modId: 'OFF',
        enabled: false,
        childrenNodes: [{ modId: 'FREEPLAY3', enabled: true, childrenNodes: [] }],
      },
    ];
    expect(isFeatureEnabled(tree, 'MOBILENUMREG3')).toBe(true);
    expect(isFeatureEnabled(tree, 'FREEPLAY3')).toBe(false);
    expect(isFeatureEnabled(tree, 'MISSING')).toBe(false);
  });
});

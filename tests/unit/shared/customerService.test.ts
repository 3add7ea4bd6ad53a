import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
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

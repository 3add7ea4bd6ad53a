import { describe, expect, it, vi } from 'vitest';
import {
  defineFeature,
  provideFeature,
  registerWiring,
  type Wiring,
} from '../../../src/app/feature';
import type { Services } from '../../../src/app/services';

/**
 * The one way in (issue 29): a feature module is built once per tab from the composition
 * root's private wiring, never from anything a view holds.
 */
describe('feature modules', () => {
  const wiring = { http: {}, sealed: vi.fn(), merchantCode: () => 'M' } as unknown as Wiring;

  it('builds a module once per tab, from the wiring createServices registered', () => {
    const build = vi.fn((given: Wiring, services: Services) => ({ given, services }));
    const feature = defineFeature('example', build);
    const tab = {} as Services;
    const other = {} as Services;
    registerWiring(tab, wiring);
    registerWiring(other, wiring);
    const first = feature(tab);
    expect(feature(tab)).toBe(first);
    expect(first.given).toBe(wiring);
    expect(first.services).toBe(tab);
    expect(feature(other)).not.toBe(first);
    expect(build).toHaveBeenCalledTimes(2);
  });

  it('refuses services that createServices did not make (no wiring, no client)', () => {
    const feature = defineFeature('orphan', () => ({}));
    expect(() => feature({} as Services)).toThrow(/not made by createServices/);
  });

  it('lets a test put a fake module in place, without any wiring', () => {
    const feature = defineFeature('faked', () => ({ real: true }));
    const tab = {} as Services;
    provideFeature(tab, feature, { real: false });
    expect(feature(tab)).toEqual({ real: false });
  });
});

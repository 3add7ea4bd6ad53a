import { describe, expect, it } from 'vitest';
import {
  AGENT_TYPES,
  type MemberInfo,
  PLAYER_TYPE,
  roleOf,
  TRIAL_TYPE,
} from '../../../src/shared/identity';

const member = (type: number) => ({ type }) as MemberInfo;

describe('roleOf (the one rule from a member’s type to its role)', () => {
  it('makes every agent type an agent', () => {
    expect(AGENT_TYPES).toEqual([1, 2, 41, 42]);
    for (const type of AGENT_TYPES) expect(roleOf(member(type))).toBe('agent');
  });

  it('makes the trial type a trial account and any other type a player', () => {
    expect(roleOf(member(TRIAL_TYPE))).toBe('trial');
    expect(roleOf(member(PLAYER_TYPE))).toBe('player');
    expect(roleOf(member(3))).toBe('player');
    expect(roleOf(member(40))).toBe('player');
  });

  it('makes no member a guest', () => {
    expect(roleOf(null)).toBe('guest');
    expect(roleOf(undefined)).toBe('guest');
  });
});

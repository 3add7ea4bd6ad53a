import { describe, expect, it } from 'vitest';
import { avatarOf, avatars, avatarUrl } from '../../../src/shared/avatars';

describe('avatars', () => {
  it('reads the avatar back from its picture, for every one of the set', () => {
    for (const avatar of avatars) expect(avatarOf(avatarUrl(avatar))).toBe(avatar);
  });

  it('reads the default picture, an unknown name or another address as no avatar', () => {
    expect(avatarOf(avatarUrl(null))).toBeNull();
    expect(avatarOf('/avatars/default.svg')).toBeNull();
    expect(avatarOf('/avatars/unicorn.svg')).toBeNull();
    expect(avatarOf('https://example.com/avatars/star.svg')).toBeNull();
    expect(avatarOf('/avatars/star.svg?x=1')).toBeNull();
  });
});

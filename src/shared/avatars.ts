/**
 * The member's avatar (issue 16; spec 7 GET /wps/member/info/icon): one of the site's set,
 * chosen in the member centre (My Account) and stored on the member by name. No avatar chosen
 * (null) is the default picture. The pictures are the site's own SVGs under /avatars/.
 */
export const avatars = ['star', 'moon', 'sun', 'wave', 'leaf', 'flame', 'crown', 'dice'] as const;
export type Avatar = (typeof avatars)[number];

export function isAvatar(value: string): value is Avatar {
  return (avatars as readonly string[]).includes(value);
}

/** The picture of an avatar, or the default one. */
export function avatarUrl(avatar: string | null): string {
  return avatar !== null && isAvatar(avatar) ? `/avatars/${avatar}.svg` : '/avatars/default.svg';
}

/** The avatar a picture shows (avatarUrl's inverse): null for the default or an unknown one. */
export function avatarOf(iconUrl: string): Avatar | null {
  const name = /^\/avatars\/([a-z]+)\.svg$/.exec(iconUrl)?.[1];
  return name !== undefined && isAvatar(name) ? name : null;
}

/** GET /wps/member/info/icon: the member's avatar and the set to choose from. */
export interface MemberIcon {
  avatar: Avatar | null;
  iconUrl: string;
  choices: { avatar: Avatar; iconUrl: string }[];
}

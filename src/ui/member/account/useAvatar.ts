import { useCallback, useState } from 'react';
import { authFeature } from '../../../app/features/auth';
import { type Avatar, avatarOf, avatars, avatarUrl } from '../../../shared/avatars';
import { useFeature } from '../../core/useFeature';
import { useSession } from '../../core/session/useSession';

export type AvatarSave =
  { kind: 'idle' } | { kind: 'saving' } | { kind: 'saved' } | { kind: 'failed'; code: string };

/** The set to choose from: the site's own pictures, known without asking. */
const choices = avatars.map((avatar) => ({ avatar, iconUrl: avatarUrl(avatar) }));

/**
 * The member's avatar and the set, and choosing one (PUT /wps/member/info/icon): once stored,
 * the session's member takes the new picture, so the header shows it.
 *
 * The picture shown is the session member's (member info carries it), so My Account draws in
 * the same render as the page, with the header's picture already loading, instead of waiting
 * for GET /wps/member/info/icon, which says nothing the member info and the set do not.
 */
export function useAvatar() {
  const authModule = useFeature(authFeature);
  const member = useSession().member;
  const [save, setSave] = useState<AvatarSave>({ kind: 'idle' });
  // The choice shows as made at once (a radio that waited for the server would seem not to
  // take the click); a refusal puts the stored one back.
  const [pending, setPending] = useState<Avatar | null>(null);
  const choose = useCallback(
    (avatar: Avatar) => {
      setSave({ kind: 'saving' });
      setPending(avatar);
      authModule.chooseAvatar(avatar).then(
        () => {
          setPending(null);
          setSave({ kind: 'saved' });
        },
        (error: { code?: string }) => {
          setPending(null);
          setSave({ kind: 'failed', code: error.code ?? 'unknown_error' });
        },
      );
    },
    [authModule],
  );
  const icon =
    member === null ? null : { avatar: avatarOf(member.iconUrl), iconUrl: member.iconUrl, choices };
  return {
    icon,
    /** The avatar shown as chosen: the one being stored, else the stored one. */
    selected: pending,
    save,
    choose,
  };
}

import { useCallback, useMemo, useState } from 'react';
import { createMemberIconApi } from '../../../api/memberIcon';
import type { Avatar, MemberIcon } from '../../../shared/avatars';
import { useServices } from '../../core/ServicesContext';
import { useQuery } from '../../hooks/useQuery';

export type AvatarSave =
  { kind: 'idle' } | { kind: 'saving' } | { kind: 'saved' } | { kind: 'failed'; code: string };

/**
 * The member's avatar and the set (GET /wps/member/info/icon), and choosing one (PUT): once
 * stored, the session's member takes the new picture, so the header shows it.
 */
export function useAvatar() {
  const services = useServices();
  const api = useMemo(() => createMemberIconApi(services.http), [services.http]);
  const [chosen, setChosen] = useState<MemberIcon | null>(null);
  const [save, setSave] = useState<AvatarSave>({ kind: 'idle' });
  // The choice shows as made at once (a radio that waited for the server would seem not to
  // take the click); a refusal puts the stored one back.
  const [pending, setPending] = useState<Avatar | null>(null);
  const query = useQuery('member-icon', (signal) => api.get(signal));
  const choose = useCallback(
    (avatar: Avatar) => {
      setSave({ kind: 'saving' });
      setPending(avatar);
      api.choose(avatar).then(
        (icon) => {
          setChosen(icon);
          setPending(null);
          setSave({ kind: 'saved' });
          services.session.actor.send({
            type: 'session.memberUpdated',
            member: { iconUrl: icon.iconUrl },
          });
        },
        (error: { code?: string }) => {
          setPending(null);
          setSave({ kind: 'failed', code: error.code ?? 'unknown_error' });
        },
      );
    },
    [api, services.session],
  );
  return {
    query,
    icon: chosen ?? (query.state.kind === 'ready' ? query.state.value : null),
    /** The avatar shown as chosen: the one being stored, else the stored one. */
    selected: pending,
    save,
    choose,
  };
}

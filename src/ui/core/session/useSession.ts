import { useSelector } from '@xstate/react';
import type { MemberInfo, SessionRole } from '../../../shared/identity';
import { useServices } from '../ServicesContext';
import { sessionRoleOf } from '../../../machines/session';

export interface SessionView {
  /** Still finding out (token present, member info loading). */
  pending: boolean;
  /** Who the session is (`roleOf`): guest, player, trial or agent. */
  role: SessionRole;
  isLogin: boolean;
  isAgent: boolean;
  isTrial: boolean;
  member: MemberInfo | null;
}

/** Spec 3 "Login state" for any view: its role, isLogin, isAgent, isTrial (and the member). */
export function useSession(): SessionView {
  const { session } = useServices();
  return useSelector(
    session.actor,
    (snapshot) => {
      const role = sessionRoleOf(snapshot);
      return {
        pending:
          snapshot.matches('starting') ||
          snapshot.matches('loadingMember') ||
          snapshot.matches('loggingOut'),
        role,
        isLogin: role !== 'guest',
        isAgent: role === 'agent',
        isTrial: role === 'trial',
        member: snapshot.context.member,
      };
    },
    (a, b) => a.pending === b.pending && a.role === b.role && a.member === b.member,
  );
}

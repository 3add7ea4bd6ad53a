import { useSelector } from '@xstate/react';
import type { MemberInfo } from '../../../shared/identity';
import { useServices } from '../ServicesContext';

export interface SessionView {
  /** Still finding out (token present, member info loading). */
  pending: boolean;
  isLogin: boolean;
  isAgent: boolean;
  isTrial: boolean;
  member: MemberInfo | null;
}

/** Spec 3 "Login state" for any view: isLogin, isAgent, isTrial (and the member). */
export function useSession(): SessionView {
  const { session } = useServices();
  return useSelector(
    session.actor,
    (snapshot) => ({
      pending:
        snapshot.matches('starting') ||
        snapshot.matches('loadingMember') ||
        snapshot.matches('loggingOut'),
      isLogin: snapshot.matches('player') || snapshot.matches('trial') || snapshot.matches('agent'),
      isAgent: snapshot.matches('agent'),
      isTrial: snapshot.matches('trial'),
      member: snapshot.context.member,
    }),
    (a, b) =>
      a.pending === b.pending &&
      a.isLogin === b.isLogin &&
      a.isAgent === b.isAgent &&
      a.isTrial === b.isTrial &&
      a.member === b.member,
  );
}

import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { readToken } from '../../api/sessionToken';

/**
 * Spec 2 route guard: no token in session storage and the route needs one → /login (or the
 * agent landing for the back office). The server checks the token on every call regardless.
 */
export function RequireAuth({
  children,
  redirectTo = '/login',
}: {
  children: ReactNode;
  redirectTo?: string;
}) {
  const location = useLocation();
  if (!readToken())
    return (
      <Navigate to={redirectTo} replace state={{ from: location.pathname + location.search }} />
    );
  return children;
}

import { routes } from '@tools-factory/contract';
import type { ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { Spinner } from '../../../components/ui/spinner';
import { useAuth } from '../hooks/use-auth';
import { isSigningOut } from '../hooks/use-sign-out';

interface RequireAuthProps {
  /** What to protect; as a route's element, its child routes. */
  children?: ReactNode;
  /** What shows while the sign-in is being read (also what the server renders): a spinner. */
  pending?: ReactNode;
}

/**
 * A protected route (SPEC.md section 2): a spinner (or `pending`) while the sign-in is being read, the page for
 * a signed-in user, otherwise /login, remembering where the user was going (or '/' when the user
 * just pressed SIGN OUT).
 */
export function RequireAuth({ children, pending = <Spinner /> }: RequireAuthProps) {
  const auth = useAuth();
  const location = useLocation();
  if (auth.status === 'loading' || auth.status === 'completing') return pending;
  if (auth.status === 'signedOut') {
    // Signing out on purpose ends on '/', whichever page it started from (SPEC.md section 2).
    if (isSigningOut()) return <Navigate to={routes.home} replace />;
    return <Navigate to={routes.login} state={{ from: location }} replace />;
  }
  return children ?? <Outlet />;
}

import { Navigate, Outlet } from 'react-router-dom';
import { selectIsAdmin, selectIsAuthenticated, selectSessionExpired } from '../features/session/sessionSelectors';
import { useAppSelector } from './hooks';

// Guards only decide what the SPA shows; the server checks every call on its own.

function useLoginRedirect() {
  const expired = useAppSelector(selectSessionExpired);
  return expired ? '/session-expired' : '/login';
}

/** Guarded routes of R-NAV-1: anonymous visitors go to /login. */
export function RequireAuth() {
  const authenticated = useAppSelector(selectIsAuthenticated);
  const redirect = useLoginRedirect();
  return authenticated ? <Outlet /> : <Navigate to={redirect} replace />;
}

/** /admin/*: only ADMIN and SUPERADMIN; everybody else goes to /login. */
export function RequireAdmin() {
  const authenticated = useAppSelector(selectIsAuthenticated);
  const admin = useAppSelector(selectIsAdmin);
  const redirect = useLoginRedirect();
  return authenticated && admin ? <Outlet /> : <Navigate to={redirect} replace />;
}

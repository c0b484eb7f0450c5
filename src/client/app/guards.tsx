import { Navigate, Outlet } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Typography from '@mui/material/Typography';
import { CAPABILITY_DENIED, mayDo, type Capability } from '@shared/companyRoles';
import { selectIsAdmin, selectIsAuthenticated, selectSessionExpired } from '../features/session/sessionSelectors';
import { selectCompanyRole } from '../features/session/companySelectors';
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

/** The heading of a screen the buyer's role inside the company does not allow. */
export const NOT_FOR_ROLE_TITLE = 'Sección no disponible para su rol';

/**
 * Screens of a buyer's role inside the company (docs/company-people.md): a buyer whose role does not allow any of
 * `capabilities` is told so, in the words the server would answer with. Admins and visitors are left to the other guards.
 */
export function RequireCapability({ capabilities }: { capabilities: readonly Capability[] }) {
  const role = useAppSelector(selectCompanyRole);
  if (role === null || capabilities.some((capability) => mayDo(role, capability))) return <Outlet />;
  return (
    <>
      <Typography variant="h1" component="h1" gutterBottom>
        {NOT_FOR_ROLE_TITLE}
      </Typography>
      <Alert severity="info" role="status">
        {CAPABILITY_DENIED[capabilities[0]!]}
      </Alert>
    </>
  );
}

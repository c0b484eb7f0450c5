import { Navigate, Outlet } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Typography from '@mui/material/Typography';
import { CAPABILITY_DENIED, type Capability } from '@shared/companyRoles';
import { selectIsAdmin, selectIsAuthenticated, selectIsRep, selectRepresenting, selectSessionExpired } from '../features/session/sessionSelectors';
import { selectCompanyRole, selectMay } from '../features/session/companySelectors';
import { useAppSelector } from './hooks';
import { REP_CUSTOMERS_PATH } from './routePaths';

// Guards only decide what the SPA shows; the server checks every call on its own.

function useLoginRedirect() {
  const expired = useAppSelector(selectSessionExpired);
  return expired ? '/session-expired' : '/login';
}

/**
 * Guarded routes of R-NAV-1: anonymous visitors go to /login. They are a company's screens (Home, the catalogue, the
 * cart, orders, the profile…): a sales rep sees them only while representing a customer, and a rep acting for no one
 * is taken to 'Mis clientes' to choose one.
 */
export function RequireAuth() {
  const authenticated = useAppSelector(selectIsAuthenticated);
  const idleRep = useAppSelector((state) => selectIsRep(state) && !selectRepresenting(state));
  const redirect = useLoginRedirect();
  if (!authenticated) return <Navigate to={redirect} replace />;
  return idleRep ? <Navigate to={REP_CUSTOMERS_PATH} replace /> : <Outlet />;
}

/** /admin/*: only ADMIN and SUPERADMIN; everybody else goes to /login. */
export function RequireAdmin() {
  const authenticated = useAppSelector(selectIsAuthenticated);
  const admin = useAppSelector(selectIsAdmin);
  const redirect = useLoginRedirect();
  return authenticated && admin ? <Outlet /> : <Navigate to={redirect} replace />;
}

/** /rep/*: the sales reps' own screens ('Mis clientes', their orders); everybody else goes to /login. */
export function RequireRep() {
  const authenticated = useAppSelector(selectIsAuthenticated);
  const rep = useAppSelector(selectIsRep);
  const redirect = useLoginRedirect();
  return authenticated && rep ? <Outlet /> : <Navigate to={redirect} replace />;
}

/** The heading of a screen the buyer's role inside the company does not allow. */
export const NOT_FOR_ROLE_TITLE = 'Sección no disponible para su rol';

/**
 * Screens of a buyer's role inside the company (docs/company-people.md): a buyer whose role does not allow any of
 * `capabilities` (or a sales rep, for what a rep may not do: the company's people, approvals, invoices) is told so,
 * in the words the server would answer with. Admins and visitors are left to the other guards.
 */
export function RequireCapability({ capabilities }: { capabilities: readonly Capability[] }) {
  const role = useAppSelector(selectCompanyRole);
  const rep = useAppSelector(selectIsRep);
  const allowed = useAppSelector((state) => capabilities.some((capability) => selectMay(capability)(state)));
  if ((role === null && !rep) || allowed) return <Outlet />;
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

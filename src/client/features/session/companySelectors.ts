import { sessionMay, type Capability, type CompanyRole } from '@shared/companyRoles';
import type { SessionState } from './sessionSlice';

// The buyer's role inside the company they act for (docs/company-people.md), apart from sessionSelectors: the login
// page reads the session but never the roles' table.

type WithSession = { session: SessionState };

/**
 * The buyer's role inside the company they act for; null for admins, sales reps and visitors. A buyer's session kept
 * from before companies had people is the company's own login, its administrator.
 */
export const selectCompanyRole = (state: WithSession): CompanyRole | null =>
  state.session.isUser && !state.session.isRep ? (state.session.company?.role ?? 'ADMINISTRADOR') : null;
/**
 * Whether the session may do `capability` inside the company it acts for, by the rule the server's guards read
 * (`sessionMay`): a person by their role in the company; a sales rep by what a rep may do, and only while representing
 * a customer (a rep acting for no one may not browse or buy as anyone).
 */
export const selectMay = (capability: Capability) => (state: WithSession) => {
  const { role, isRep, rep } = state.session;
  if (isRep && !rep?.representing) return false;
  return sessionMay({ role: role ?? '', companyRole: selectCompanyRole(state) }, capability);
};

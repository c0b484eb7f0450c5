import { mayDo, type Capability, type CompanyRole } from '@shared/companyRoles';
import type { SessionState } from './sessionSlice';

// The buyer's role inside the company they act for (docs/company-people.md), apart from sessionSelectors: the login
// page reads the session but never the roles' table.

type WithSession = { session: SessionState };

/**
 * The buyer's role inside the company they act for; null for admins and visitors. A buyer's session kept from before
 * companies had people is the company's own login, its administrator.
 */
export const selectCompanyRole = (state: WithSession): CompanyRole | null =>
  state.session.isUser ? (state.session.company?.role ?? 'ADMINISTRADOR') : null;
/** Whether the buyer's role inside the company allows `capability` (the table the server's guards read). */
export const selectMay = (capability: Capability) => (state: WithSession) => mayDo(selectCompanyRole(state), capability);

import { isBlocked } from '@shared/blocking';
import type { SessionState } from './sessionSlice';

type WithSession = { session: SessionState };

export const selectIsAuthenticated = (state: WithSession) => state.session.isAuthenticated;
export const selectIsAdmin = (state: WithSession) => state.session.isAdmin;
export const selectIsUser = (state: WithSession) => state.session.isUser;
export const selectUsername = (state: WithSession) => state.session.username;
export const selectProfile = (state: WithSession) => state.session.profile;
export const selectSessionExpired = (state: WithSession) => state.session.expired;
export const selectLoginStatus = (state: WithSession) => state.session.status;
export const selectLoginError = (state: WithSession) => state.session.error;
export const selectLoginRut = (state: WithSession) => state.session.loginRut;
export const selectPasswordChange = (state: WithSession) => state.session.passwordChange;
/**
 * A buyer whose ERP profile carries a blocking flag (R-BLOCK-1): the cart is closed to them. Not a sales rep
 * representing a blocked customer: the rep may build the cart to quote (the order is refused; the banner says why).
 */
export const selectIsBlocked = (state: WithSession) => state.session.isUser && !state.session.isRep && isBlocked(state.session.profile);
export const selectSession = (state: WithSession) => state.session;
/** A sales rep (VENDEDOR), representing a customer or not. */
export const selectIsRep = (state: WithSession) => state.session.isRep;
/** A sales rep's ERP link, scope and represented customer (docs/sales-reps.md); null for anyone else. */
export const selectRep = (state: WithSession) => state.session.rep;
/** The customer a sales rep represents now; null when none (or not a rep). */
export const selectRepresenting = (state: WithSession) => state.session.rep?.representing ?? null;

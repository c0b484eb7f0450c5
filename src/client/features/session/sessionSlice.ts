import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { ChangePasswordRequest, LoginRequest } from '@shared/api/types';
import type { SessionCompany } from '@shared/api/types';
import { isAdminRole, type Role } from '@shared/roles';
import type { CustomerProfile } from '@shared/api/erp';
import type { RepSessionInfo } from '@shared/api/reps';
import { actingCompanyChanged, loggedOut, profileRefreshed, sessionExpired } from '@client/app/events';
import type { Flow, FlowStatus } from '@client/app/loadable';

export interface SessionState {
  token: string | null;
  id: number | null;
  role: Role | null;
  /** The compact rut the user logged in with ('76123456-0'). */
  username: string | null;
  /** The company the buyer acts for (its rut), their role in it and their name (docs/company-people.md). */
  company: SessionCompany | null;
  /** A sales rep's (VENDEDOR) ERP link, scope and the customer they represent now (docs/sales-reps.md); null for anyone else. */
  rep: RepSessionInfo | null;
  isAuthenticated: boolean;
  isAdmin: boolean;
  /** A buyer: a company's person, or a sales rep while representing a customer (the buyer's screens are theirs then). */
  isUser: boolean;
  /** A sales rep (VENDEDOR), representing a customer or not. */
  isRep: boolean;
  /** The buyer's ERP profile, loaded after login. */
  profile: CustomerProfile | null;
  /** The login flow. */
  status: FlowStatus;
  error: string | null;
  /** The last session ended by a 401: guards send to /session-expired instead of /login. */
  expired: boolean;
  /**
   * The rut of the login being tried (compact), put back in the login form when it is drawn again: an inactive user is
   * logged out and sent home, and home sends an anonymous visitor back to /login. None once a session starts.
   */
  loginRut: string | null;
  passwordChange: Flow;
}

export interface SessionStarted {
  token: string;
  id: number;
  role: Role;
  username: string;
  company: SessionCompany | null;
  rep?: RepSessionInfo | null;
}

export const anonymousSession: SessionState = {
  token: null,
  id: null,
  role: null,
  username: null,
  company: null,
  rep: null,
  isAuthenticated: false,
  isAdmin: false,
  isUser: false,
  isRep: false,
  profile: null,
  status: 'idle',
  error: null,
  expired: false,
  loginRut: null,
  passwordChange: { status: 'idle', error: null },
};

/** The state of a stored session: logged in when a token is stored; admin, buyer or rep from the role. */
export function sessionFrom(started: SessionStarted, profile: CustomerProfile | null = null): SessionState {
  const rep = started.role === 'VENDEDOR' ? (started.rep ?? null) : null;
  return {
    ...anonymousSession,
    ...started,
    rep,
    isAuthenticated: Boolean(started.token),
    isAdmin: isAdminRole(started.role),
    isUser: started.role === 'USER' || Boolean(rep?.representing),
    isRep: started.role === 'VENDEDOR',
    profile,
  };
}

const sessionSlice = createSlice({
  name: 'session',
  initialState: anonymousSession,
  reducers: {
    loginSubmitted(state, action: PayloadAction<LoginRequest>) {
      state.status = 'running';
      state.error = null;
      state.loginRut = action.payload.username;
    },
    loginSucceeded(_state, action: PayloadAction<SessionStarted>) {
      return sessionFrom(action.payload);
    },
    loginFailed(state, action: PayloadAction<string>) {
      state.status = 'failed';
      state.error = action.payload;
    },
    loginAlertClosed(state) {
      state.status = 'idle';
      state.error = null;
    },
    /** The user must change the password first: no session is stored. */
    passwordChangeRequired(state) {
      state.status = 'idle';
      state.error = null;
    },
    profileLoaded(state, action: PayloadAction<CustomerProfile>) {
      state.profile = action.payload;
    },
    logoutRequested() {
      // the saga clears the storage and announces loggedOut
    },
    passwordChangeSubmitted(state, _action: PayloadAction<ChangePasswordRequest>) {
      state.passwordChange = { status: 'running', error: null };
    },
    passwordChangeDeclined(state) {
      state.passwordChange = { status: 'idle', error: null };
    },
    passwordChangeSucceeded(state) {
      state.passwordChange = { status: 'idle', error: null };
    },
    passwordChangeFailed(state, action: PayloadAction<string>) {
      state.passwordChange = { status: 'failed', error: action.payload };
    },
    passwordChangeAlertClosed(state) {
      state.passwordChange = { status: 'idle', error: null };
    },
  },
  extraReducers: (builder) =>
    builder
      // a login refused for an inactive account logs out on its way: the rut it tried stays for the form
      .addCase(loggedOut, (state) => ({ ...anonymousSession, loginRut: state.loginRut }))
      .addCase(sessionExpired, () => ({ ...anonymousSession, expired: true }))
      // a rep started or ended representing a customer: the new token, and none of the previous customer's profile
      .addCase(actingCompanyChanged, (state, { payload }) => {
        if (!state.isRep) return;
        state.token = payload.token;
        state.rep = payload.rep;
        state.isUser = Boolean(payload.rep.representing);
        state.profile = null;
      })
      // the profile screen saved or reloaded the ERP profile: blocking and loyalty follow it
      .addCase(profileRefreshed, (state, { payload }) => {
        state.profile = payload;
      }),
});

export const {
  loginSubmitted,
  loginSucceeded,
  loginFailed,
  loginAlertClosed,
  passwordChangeRequired,
  profileLoaded,
  logoutRequested,
  passwordChangeSubmitted,
  passwordChangeDeclined,
  passwordChangeSucceeded,
  passwordChangeFailed,
  passwordChangeAlertClosed,
} = sessionSlice.actions;
export const sessionReducer = sessionSlice.reducer;

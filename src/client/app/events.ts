import { createAction } from '@reduxjs/toolkit';

// Events that several features react to. They live here because a feature never imports another one.

/** The session ended by the user's choice (logout) or because the account may not keep one (inactive). */
export const loggedOut = createAction('session/loggedOut');
/** An authenticated call answered 401: the token is no longer valid. */
export const sessionExpired = createAction('session/expired');

import type { NavigateOptions } from '../app/navigation';
import type { Dispatch } from '@reduxjs/toolkit';
import { kept } from '../app/persistence';
import { SESSION_KEYS } from '../app/sessionKeys';

/**
 * Navigation out of the login page: a page load of the SPA, marked as the continuation of the login. A navigation with state (the must-change login's rut for
 * /change-password) writes it where the SPA's router reads a location's state (`history.state.usr`) and loads that
 * address, which keeps the state. `dispatch` is the login page's store's: the mark it keeps is in session storage before
 * the page goes (app/persistence).
 */
export const fullPageNavigator = (dispatch: Dispatch) => (to: string, options?: NavigateOptions): void => {
  // the page loaded continues the login: its heading takes the focus, as after any action (app/RouteFocus)
  dispatch(kept({ [SESSION_KEYS.continuesAction]: 'X' }));
  if (options?.state !== undefined) {
    const entry = { usr: options.state, key: 'login', idx: 0 };
    if (options.replace) window.history.replaceState(entry, '', to);
    else window.history.pushState(entry, '', to);
    window.location.reload();
  } else if (options?.replace) {
    window.location.replace(to);
  } else {
    window.location.assign(to);
  }
};

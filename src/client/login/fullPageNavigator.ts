import type { NavigateOptions } from '../app/navigation';
import { SESSION_KEYS, writeItem } from '../app/sessionStorage';

/**
 * Navigation out of the login page: a page load of the SPA, marked as the continuation of the login. A navigation with state (the must-change login's rut for
 * /change-password) writes it where the SPA's router reads a location's state (`history.state.usr`) and loads that
 * address, which keeps the state.
 */
export function fullPageNavigator(to: string, options?: NavigateOptions): void {
  // the page loaded continues the login: its heading takes the focus, as after any action (app/RouteFocus)
  writeItem(SESSION_KEYS.continuesAction, 'X');
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
}

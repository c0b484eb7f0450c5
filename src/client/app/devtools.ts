import type { Action, DevToolsEnhancerOptions } from '@reduxjs/toolkit';

// Redux DevTools see every action and every state: in a production build they are off, and in development the
// passwords and tokens they would show are replaced before they leave the page.

/** What DevTools show instead of a secret. */
export const REDACTED = '[oculto]';

/** Keys whose values never reach DevTools, at any depth (compared without case: 'Authorization' too). */
const SECRET_KEYS = new Set(['password', 'confirmpassword', 'currentpassword', 'newpassword', 'passwordtax', 'token', 'authorization']);

const isSecretKey = (key: string) => SECRET_KEYS.has(key.toLowerCase());

const isPlainObject = (value: object): value is Record<string, unknown> => {
  const proto = Object.getPrototypeOf(value) as unknown;
  return proto === Object.prototype || proto === null;
};

/**
 * A copy of `value` with every secret replaced by REDACTED (an empty secret — null, undefined, '' — stays, so DevTools
 * still tell a session with a token from one without). Plain objects and arrays are copied; anything else is kept.
 */
export function redactSecrets<T>(value: T, seen = new WeakMap<object, unknown>()): T {
  if (value === null || typeof value !== 'object') return value;
  if (seen.has(value)) return seen.get(value) as T;
  if (Array.isArray(value)) {
    const copy: unknown[] = [];
    seen.set(value, copy);
    for (const item of value) copy.push(redactSecrets(item, seen));
    return copy as T;
  }
  if (!isPlainObject(value)) return value;
  const copy: Record<string, unknown> = {};
  seen.set(value, copy);
  for (const [key, item] of Object.entries(value)) {
    copy[key] = isSecretKey(key) && item !== null && item !== undefined && item !== '' ? REDACTED : redactSecrets(item, seen);
  }
  return copy as T;
}

export const actionSanitizer = <A extends Action>(action: A): A => redactSecrets(action);

export const stateSanitizer = <S>(state: S): S => redactSecrets(state);

/** configureStore's `devTools`: off in a production build; in development, with the sanitizers. */
export function devToolsOptions(dev: boolean): false | DevToolsEnhancerOptions {
  return dev ? { name: 'Portal mayorista', actionSanitizer, stateSanitizer } : false;
}

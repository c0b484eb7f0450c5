import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { ROLES, type Role } from '@shared/roles';
import type { CustomerProfile } from '@shared/api/erp';
import { actingCompanyChanged, loggedOut, sessionExpired } from './events';
import type { SessionCompany } from '@shared/api/types';
import type { RepSessionInfo } from '@shared/api/reps';
import { anonymousSession, sessionFrom, type SessionState } from '../features/session/sessionSlice';
import { ORDER_CHOICE_KEYS, SESSION_KEYS, type SessionKey } from './sessionKeys';

// What survives a reload lives in the store like everything else; this module is the one place that copies it to
// session storage and reads it back (docs/architecture.md, "What survives a reload"):
//  - the session slice's login (token, id, role, username, profile), written from the session slice itself;
//  - the `kept` slice: the other values a reload or a provider's return must find (the order summary's choices, the
//    reserve mark, the pending invoices being paid, the card or transfer payment this tab started and its once-only
//    redirect, the login page's notice, ...), one string per storage key.
// Sagas and screens change `kept` with actions and read it with selectors, so Redux DevTools and a QA scenario's
// replay see and restore it; a subscriber writes what changed after every action, time travel and replay included.

/** One string per storage key, as session storage holds it (JSON where the value is not a string). */
export type KeptState = Partial<Record<SessionKey, string>>;

const keptSlice = createSlice({
  name: 'kept',
  initialState: {} as KeptState,
  reducers: {
    /** Keeps these values; a null value forgets its key. */
    kept(state, action: PayloadAction<Partial<Record<SessionKey, string | number | null>>>) {
      for (const [key, value] of Object.entries(action.payload) as [SessionKey, string | number | null][]) {
        if (value === null) delete state[key];
        else state[key] = String(value);
      }
    },
    /** Forgets these keys. */
    forgotten(state, action: PayloadAction<readonly SessionKey[]>) {
      for (const key of action.payload) delete state[key];
    },
  },
  extraReducers: (builder) => {
    // logout (and an expired session) forget the order summary's choices with the login (R-AUTH-5)
    const forgetChoices = (state: KeptState) => {
      for (const key of ORDER_CHOICE_KEYS) delete state[key];
    };
    // and so does a rep's change of customer: the choices were the previous customer's
    builder.addCase(loggedOut, forgetChoices).addCase(sessionExpired, forgetChoices).addCase(actingCompanyChanged, forgetChoices);
  },
});

export const { kept, forgotten } = keptSlice.actions;

/** Forgets the order summary's choices: the order was placed (or paid). */
export const forgetOrderChoices = () => forgotten(ORDER_CHOICE_KEYS);

/** The whole kept slice. */
export const selectKeptState = (state: Pick<PersistedSlices, 'kept'>) => state.kept;
export const keptReducer = keptSlice.reducer;

/** The slices this module reads (every page's store has them). */
export interface PersistedSlices {
  session: SessionState;
  kept: KeptState;
}

/** A kept value, or null when there is none. */
export const selectKept = (key: SessionKey) => (state: Pick<PersistedSlices, 'kept'>) => state.kept[key] ?? null;

/** A kept JSON value, or null when there is none or it is not JSON. */
export function parseKept<T>(raw: string | null | undefined): T | null {
  if (raw === null || raw === undefined) return null;
  try {
    return JSON.parse(raw) as T;
  } catch {
    return null;
  }
}

/** Every storage key and its value as the state says it should be stored. */
export function storedFields(state: PersistedSlices): KeptState {
  const fields: KeptState = { ...state.kept };
  const { token, id, role, username, profile, company, rep } = state.session;
  if (token && id !== null && role) {
    Object.assign(fields, { [SESSION_KEYS.token]: token, [SESSION_KEYS.id]: String(id), [SESSION_KEYS.idUser]: String(id), [SESSION_KEYS.role]: role, [SESSION_KEYS.username]: username ?? '' });
    if (profile) fields[SESSION_KEYS.profile] = JSON.stringify(profile);
    if (company) fields[SESSION_KEYS.company] = JSON.stringify(company);
    if (rep) fields[SESSION_KEYS.rep] = JSON.stringify(rep);
  }
  return fields;
}

type StorageLike = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/**
 * The browser's session storage, or null when there is none. This module is the one place of the SPA that touches the
 * browser's storage (eslint.config.js and test/client/app/storageGuard.test.ts hold every other file to that); the QA
 * recorder gets its storage here too.
 * Storage can be missing or refuse writes (private mode, quota): the app keeps working without it.
 */
export function browserStorage(): StorageLike | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    return null;
  }
}

/** What session storage holds now under the keys this module owns. */
function readOwnKeys(storage: StorageLike | null): KeptState {
  const fields: KeptState = {};
  for (const key of Object.values(SESSION_KEYS)) {
    const value = storage?.getItem(key) ?? null;
    if (value !== null) fields[key] = value;
  }
  return fields;
}

/** What survives a reload, read from session storage: the preloaded state of a new page's store. */
export function loadPersistedState(storage: StorageLike | null = browserStorage()): PersistedSlices {
  const stored = readOwnKeys(storage);
  const { [SESSION_KEYS.token]: token, [SESSION_KEYS.role]: role, [SESSION_KEYS.idUser]: idUser, [SESSION_KEYS.id]: idKey, [SESSION_KEYS.username]: username, [SESSION_KEYS.profile]: profile, [SESSION_KEYS.company]: company, [SESSION_KEYS.rep]: rep, ...keptState } = stored;
  const id = Number(idUser ?? idKey);
  const session =
    !token || !role || !(ROLES as readonly string[]).includes(role) || !Number.isFinite(id)
      ? anonymousSession
      : sessionFrom(
          { token, id, role: role as Role, username: username ?? '', company: parseKept<SessionCompany>(company), rep: parseKept<RepSessionInfo>(rep) },
          parseKept<CustomerProfile>(profile),
        );
  return { session, kept: keptState };
}

interface PersistedStore {
  getState: () => PersistedSlices;
  subscribe: (listener: () => void) => () => void;
}

/**
 * Makes session storage say what the state says, after every change of the session or `kept` slices (an action, a
 * DevTools jump, a replayed step): a key whose value differs is written, one the state does not hold is removed (a
 * stale login too). Keys it does not own (the QA recorder's) are left alone. Returns the unsubscribe.
 */
export function persistToStorage(store: PersistedStore, storage: StorageLike | null = browserStorage()): () => void {
  let { session, kept: keptState } = store.getState();
  let last = readOwnKeys(storage);
  return store.subscribe(() => {
    const state = store.getState();
    if (state.session === session && state.kept === keptState) return;
    ({ session, kept: keptState } = state);
    const next = storedFields(state);
    for (const key of new Set([...Object.keys(last), ...Object.keys(next)]) as Set<SessionKey>) {
      if (next[key] === last[key]) continue;
      try {
        if (next[key] === undefined) storage?.removeItem(key);
        else storage?.setItem(key, next[key]);
      } catch {
        // refused (quota, private mode): the state still holds it for this page
      }
    }
    last = next;
  });
}

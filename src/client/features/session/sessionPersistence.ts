import { ROLES, type Role } from '@shared/roles';
import type { CustomerProfile } from '@shared/api/erp';
import { clearOrderChoices, readItem, readJson, removeItems, SESSION_KEYS, writeItem, writeJson } from '@client/app/sessionStorage';
import { anonymousSession, sessionFrom, type SessionStarted, type SessionState } from './sessionSlice';

// The session survives a page reload in session storage (R-AUTH-7), as the original portal did.

export function saveSession(session: SessionStarted): void {
  writeItem(SESSION_KEYS.token, session.token);
  writeItem(SESSION_KEYS.id, session.id);
  writeItem(SESSION_KEYS.idUser, session.id);
  writeItem(SESSION_KEYS.role, session.role);
  writeItem(SESSION_KEYS.username, session.username);
}

export function saveProfile(profile: CustomerProfile): void {
  writeJson(SESSION_KEYS.profile, profile);
}

/** Logout clears tokens, role, idUser, username and profile (R-AUTH-5); id and the order summary's choices go too. */
export function clearSession(): void {
  removeItems(SESSION_KEYS.token, SESSION_KEYS.role, SESSION_KEYS.idUser, SESSION_KEYS.id, SESSION_KEYS.username, SESSION_KEYS.profile);
  clearOrderChoices();
}

export function loadSessionState(): SessionState {
  const token = readItem(SESSION_KEYS.token);
  const role = readItem(SESSION_KEYS.role);
  const id = Number(readItem(SESSION_KEYS.idUser) ?? readItem(SESSION_KEYS.id));
  if (!token || !role || !(ROLES as readonly string[]).includes(role) || !Number.isFinite(id)) return anonymousSession;
  return sessionFrom(
    { token, id, role: role as Role, username: readItem(SESSION_KEYS.username) ?? '' },
    readJson<CustomerProfile>(SESSION_KEYS.profile),
  );
}

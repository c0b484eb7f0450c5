import type { ChangePasswordRequest, LoginResponse, SessionCompany, SessionMe } from '@shared/api/types';
import type { RepSessionInfo } from '@shared/api/reps';
import type { UserRow } from '../db/schema';
import type { SessionUser } from '../plugins/auth';
import { MSG } from '@shared/messages';
import type { Role } from '@shared/roles';
import { HttpError } from '../errors';
import { decoyHash, hashPassword, verifyPassword } from './passwords';
import type { TokenService } from './tokens';
import type { UsersRepo } from '../users/users.repo';
import { SERVER_MSG } from '../messages';
import { repSessionInfo } from '../reps/representation.service';

/** The company a user acts for, as the SPA keeps it; null for the wholesaler's admins. */
function companyOf(user: UserRow): SessionCompany | null {
  return user.userType === 'USER' && user.companyRut ? { rut: user.companyRut, role: user.companyRole, name: user.fullName } : null;
}

/**
 * A sales rep's session as the SPA keeps it, acting for `acting` (the customer this request's token acts for), or for
 * no customer (a new login clears the acting company).
 */
function repOf(user: UserRow, acting: SessionUser['rep'] | null = null): RepSessionInfo | null {
  if (user.userType !== 'VENDEDOR') return null;
  return repSessionInfo({ salesPersonCode: user.salesPersonCode, scope: user.repScope ?? 'ASIGNADOS' }, user.fullName, acting?.representing);
}

export class SecurityService {
  constructor(
    private readonly users: UsersRepo,
    private readonly tokens: TokenService,
    private readonly onSessionsRevoked: (userId: number) => void = () => {},
  ) {}

  /** Checks rut and password; unknown rut and wrong password answer the same, in the same time. */
  private async authenticate(username: string, password: string) {
    const user = await this.users.findByUsername(username);
    const ok = await verifyPassword(user?.passwordHash ?? (await decoyHash()), password);
    if (!user || !ok) throw new HttpError(401, MSG.badCredentials);
    return user;
  }

  /**
   * R-AUTH-2: an inactive user gets no session; a user who must change the password gets no
   * session either (changePassword false) and is sent to /change-password.
   */
  async login(username: string, password: string): Promise<LoginResponse> {
    const user = await this.authenticate(username, password);
    const base = { id: user.id, type: user.userType as Role, company: companyOf(user), rep: repOf(user) };
    if (!user.enabled) return { ...base, token: '', userActive: false, changePassword: true };
    if (user.mustChangePassword) return { ...base, token: '', userActive: true, changePassword: false };
    const token = await this.tokens.sign({ userId: user.id, role: base.type, username: user.username, version: user.tokenVersion });
    return { ...base, token, userActive: true, changePassword: true };
  }

  /** Who the session's token belongs to, and the company they act for. */
  async me(session: SessionUser): Promise<SessionMe> {
    const user = await this.users.findById(session.id);
    const rep = session.rep && user ? repOf(user, session.rep) : null;
    return { id: session.id, username: session.username, type: session.role, company: user ? companyOf(user) : null, rep };
  }

  /** Proven by the current password, so a user who must change it (and has no session) can. */
  async changePassword(body: ChangePasswordRequest, sessionUserId?: number): Promise<void> {
    const user = await this.authenticate(body.username, body.currentPassword).catch((e: unknown) => {
      if (e instanceof HttpError && e.status === 401) throw new HttpError(401, SERVER_MSG.currentPasswordWrong);
      throw e;
    });
    if (sessionUserId !== undefined && sessionUserId !== user.id) throw new HttpError(403, SERVER_MSG.forbidden);
    if (!user.enabled) throw new HttpError(403, MSG.inactiveUser);
    if (body.password === body.currentPassword) throw new HttpError(400, SERVER_MSG.samePassword, { password: SERVER_MSG.samePassword });
    await this.users.setPassword(user.id, await hashPassword(body.password));
    this.onSessionsRevoked(user.id);
  }
}

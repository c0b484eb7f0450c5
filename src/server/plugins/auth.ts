import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { MSG } from '../../shared/messages';
import { isAdminRole, type Role } from '../../shared/roles';
import { HttpError } from '../errors';
import type { TokenService } from '../security/tokens';
import type { UsersRepo } from '../security/usersRepo';

export interface SessionUser {
  id: number;
  role: Role;
  username: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the guards below once the token is checked. */
    sessionUser?: SessionUser;
  }
  interface FastifyInstance {
    /** Any logged-in user. */
    requireSession: preHandlerAsyncHookHandler;
    /** A buyer (USER). */
    requireBuyer: preHandlerAsyncHookHandler;
    /** ADMIN or SUPERADMIN. */
    requireAdmin: preHandlerAsyncHookHandler;
    /** Reads the token if present (routes open to visitors that act differently for users). */
    optionalSession(request: FastifyRequest): Promise<SessionUser | undefined>;
    /** Forget cached token checks of a user (after a password change, deactivation, deletion). */
    forgetSession(userId: number): void;
  }
}

interface Opts {
  tokens: TokenService;
  users: UsersRepo;
  /** How long a token check is reused before the user's state is read again (ms). */
  cacheMs?: number;
}

/** Authorization carries the bare token (spec); a "Bearer " prefix is tolerated. */
function tokenOf(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const token = header.startsWith('Bearer ') ? header.slice(7) : header;
  return token.trim() || undefined;
}

export default fp(async function auth(app: FastifyInstance, opts: Opts) {
  const cacheMs = opts.cacheMs ?? 10_000;
  // userId -> the user's current token version and state; keeps hot routes free of a query per request.
  const cache = new Map<number, { version: number; enabled: boolean; role: Role; until: number }>();

  async function currentState(userId: number) {
    const hit = cache.get(userId);
    if (hit && hit.until > Date.now()) return hit;
    const row = await opts.users.findById(userId);
    if (!row) {
      cache.delete(userId);
      return undefined;
    }
    const state = { version: row.tokenVersion, enabled: row.enabled, role: row.userType as Role, until: Date.now() + cacheMs };
    if (cache.size > 50_000) cache.clear();
    cache.set(userId, state);
    return state;
  }

  async function sessionOf(request: FastifyRequest): Promise<SessionUser | undefined> {
    if (request.sessionUser) return request.sessionUser;
    const token = tokenOf(request);
    if (!token) return undefined;
    const claims = await opts.tokens.verify(token);
    if (!claims) throw new HttpError(401, MSG.sessionExpired);
    const state = await currentState(claims.userId);
    // A password change or deactivation raises the version; a role change is taken from the database.
    if (!state || !state.enabled || state.version !== claims.version) throw new HttpError(401, MSG.sessionExpired);
    request.sessionUser = { id: claims.userId, role: state.role, username: claims.username };
    return request.sessionUser;
  }

  async function requireSession(request: FastifyRequest): Promise<SessionUser> {
    const user = await sessionOf(request);
    if (!user) throw new HttpError(401, MSG.notAuthenticated);
    return user;
  }

  app.decorate('optionalSession', sessionOf);
  app.decorate('forgetSession', (userId: number) => void cache.delete(userId));
  app.decorate('requireSession', async (request: FastifyRequest) => {
    await requireSession(request);
  });
  app.decorate('requireBuyer', async (request: FastifyRequest) => {
    const user = await requireSession(request);
    if (user.role !== 'USER') throw new HttpError(403, MSG.forbidden);
  });
  app.decorate('requireAdmin', async (request: FastifyRequest) => {
    const user = await requireSession(request);
    if (!isAdminRole(user.role)) throw new HttpError(403, MSG.forbidden);
  });
});

import type { FastifyInstance, FastifyRequest, onRequestAsyncHookHandler, onRequestHookHandler, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { MSG } from '@shared/messages';
import { CAPABILITIES, CAPABILITY_DENIED, sessionMay, type Capability, type CompanyRole } from '@shared/companyRoles';
import { isAdminRole, type RepScope, type Role } from '@shared/roles';
import { HttpError } from '../errors';
import type { TokenClaims, TokenService } from '../security/tokens';
import type { UsersRepo } from '../users/users.repo';
import { assertXsrf } from './xsrf';
import { SERVER_MSG } from '../messages';

/**
 * Who is logged in (the person: id, role, username) and which buying company they act for (companyRut, and their
 * role inside it). The two are different things (docs/company-people.md): data of a company (orders, payments,
 * invoices, its profile and people) is reached through `companyRut`, never through the person's id. Admins act for
 * no company (companyRut '').
 */
export interface SessionUser {
  id: number;
  role: Role;
  username: string;
  companyRut: string;
  companyRole: CompanyRole | null;
  /** The person's ERP contact (ContactPersonCode of the orders they place); null when none. */
  contactCode: number | null;
  /** A VENDEDOR's link to the ERP and the customer they represent (docs/sales-reps.md); null for anyone else. */
  rep: RepSession | null;
}

/** The customer a rep's session acts for: the representation its token names, still open and in the rep's scope. */
export interface ActingCustomer {
  representationId: number;
  /** The customer's ERP CardCode. */
  cardCode: string;
  /** The customer's rut as a login ('76.123.456-0'): the session's companyRut. */
  companyRut: string;
  companyName: string;
}

export interface RepSession {
  /** The rep's ERP sales employee (SalesEmployeeCode); null when the admin has not linked one (acts for no customer). */
  salesPersonCode: number | null;
  scope: RepScope;
  /** The customer the session acts for; null when it acts for none. */
  representing: ActingCustomer | null;
  /** Why the session acts for no customer though its token names one (the representation ended, the customer left the rep's scope); '' otherwise. */
  refused: string;
}

/**
 * Decides the customer a rep's token acts for, on each request (docs/sales-reps.md): the representation must be the
 * rep's, still open, and the customer still in the rep's scope as the ERP assigns it now. A string is the refusal.
 */
export interface RepresentationResolver {
  resolve(rep: { userId: number; salesPersonCode: number | null; scope: RepScope }, representationId: number): Promise<ActingCustomer | string>;
}

/**
 * Who may call a route, declared on every route as `config: { access }`:
 * - 'public': anybody (login, health, public config, the customer request); non-GET calls still need the anti-forgery token;
 * - 'provider': callbacks of the payment providers (no session, no anti-forgery token: they carry their own proof);
 * - 'session': any logged-in user (buyer or admin);
 * - 'buyer': a logged-in USER, or a VENDEDOR while representing a customer in their scope (acting as that company);
 * - 'admin': a logged-in ADMIN or SUPERADMIN;
 * - 'rep': a logged-in VENDEDOR (their customers and orders, representing).
 */
export type Access = 'public' | 'provider' | 'session' | 'buyer' | 'admin' | 'rep';
export const ACCESS_LEVELS: readonly Access[] = ['public', 'provider', 'session', 'buyer', 'admin', 'rep'];

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Who may call the route (required on every /api route: the server does not start without it). */
    access?: Access;
    /** The 403 message for a logged-in caller of the wrong role (default 'No tiene permisos para esta acción'). */
    accessDenied?: string;
    /**
     * What a 'buyer' route needs of the caller's role inside the company (any of them, when a list): required on every
     * 'buyer' route (the server does not start without it), refused with a 403 naming what the role does not allow.
     */
    capability?: Capability | readonly Capability[];
  }
  interface FastifyRequest {
    /**
     * The caller, set by the access guards once the token is checked (null before, and on public or provider routes
     * without a session). Routes whose access guarantees a user read it with `requireUser(request)`.
     */
    sessionUser: SessionUser | null;
  }
  interface FastifyInstance {
    /** Any logged-in user. */
    requireSession: onRequestAsyncHookHandler;
    /** A buyer (USER). */
    requireBuyer: onRequestAsyncHookHandler;
    /** ADMIN or SUPERADMIN. */
    requireAdmin: onRequestAsyncHookHandler;
    /** Reads the token if present (routes open to visitors that act differently for users). */
    optionalSession(request: FastifyRequest): Promise<SessionUser | undefined>;
    /** Forget cached token checks of a user, state and verified tokens (after a password change, deactivation, deletion). */
    forgetSession(userId: number): void;
    /** Every route registered and the access it declared ('GET /api/orders/:id' → 'buyer'), for the authorization tests. */
    routeAccess: ReadonlyMap<string, Access>;
    /** What each 'buyer' route needs of the caller's role inside the company, for the authorization tests. */
    routeCapabilities: ReadonlyMap<string, readonly Capability[]>;
  }
}

interface Opts {
  tokens: TokenService;
  users: UsersRepo;
  /** Resolves a rep's representation on each request; without it a rep's token acts for no customer. */
  representations?: RepresentationResolver;
  /** How long a token check is reused before the user's state is read again (ms). */
  cacheMs?: number;
}

/** A user's token version, state, role and company as last read, reused until `until` (ms). */
interface UserState {
  version: number;
  enabled: boolean;
  role: Role;
  companyRut: string;
  companyRole: CompanyRole | null;
  contactCode: number | null;
  salesPersonCode: number | null;
  repScope: RepScope | null;
  until: number;
}

/** Authorization carries the bare token (spec); a "Bearer " prefix is tolerated. */
function tokenOf(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const token = header.startsWith('Bearer ') ? header.slice(7) : header;
  return token.trim() || undefined;
}

/**
 * The caller of a route declared 'session', 'buyer' or 'admin': its guard ran before the handler and set it. A 401,
 * never a crash, should a route with another access call it.
 */
export function requireUser(request: FastifyRequest): SessionUser {
  const user = request.sessionUser;
  if (!user) throw new HttpError(401, MSG.notAuthenticated);
  return user;
}

/** Marks the guard the access hook adds, so a route copied by Fastify (its HEAD twin) does not get it twice. */
const GUARD = Symbol('accessGuard');

/**
 * The access a route declared. A GET or HEAD route outside /api is static content (the SPA and its assets, /files/)
 * and public; any other route without a declaration is a programming error caught at start-up.
 */
export function accessOf(route: Pick<RouteOptions, 'method' | 'url' | 'config'>): Access {
  const declared = (route.config as { access?: unknown } | undefined)?.access;
  if (declared !== undefined) {
    if (!ACCESS_LEVELS.includes(declared as Access)) throw new Error(`Ruta ${String(route.method)} ${route.url}: config.access inválido (${String(declared)})`);
    return declared as Access;
  }
  const methods = Array.isArray(route.method) ? route.method : [route.method];
  const staticContent = !route.url.startsWith('/api') && methods.every((m) => m === 'GET' || m === 'HEAD');
  if (staticContent) return 'public';
  throw new Error(`Ruta ${methods.join(',')} ${route.url} sin decisión de acceso: declare config.access ('public', 'provider', 'session', 'buyer' o 'admin')`);
}

/** The capabilities a route declared: required on 'buyer' routes, refused on any other (they have no company). */
export function capabilitiesOf(route: Pick<RouteOptions, 'method' | 'url' | 'config'>, access: Access): readonly Capability[] {
  const declared = (route.config as { capability?: unknown } | undefined)?.capability;
  const list = declared === undefined ? [] : Array.isArray(declared) ? (declared as unknown[]) : [declared];
  const where = `Ruta ${String(route.method)} ${route.url}`;
  if (list.some((c) => !(CAPABILITIES as readonly unknown[]).includes(c))) throw new Error(`${where}: config.capability inválido (${String(declared)})`);
  if (access === 'buyer' && list.length === 0) throw new Error(`${where}: una ruta 'buyer' declara config.capability (${CAPABILITIES.join(', ')})`);
  if (access !== 'buyer' && list.length > 0) throw new Error(`${where}: config.capability es solo para rutas 'buyer'`);
  return list as Capability[];
}

/** The caller's role inside the company allows the capability; otherwise a 403 naming what it does not allow. */
export function assertMay(user: SessionUser, capability: Capability): void {
  if (!sessionMay(user, capability)) throw new HttpError(403, CAPABILITY_DENIED[capability]);
}

export default fp(async function auth(app: FastifyInstance, opts: Opts) {
  const cacheMs = opts.cacheMs ?? 10_000;
  // userId -> the user's current token version and state; keeps hot routes free of a query per request.
  const cache = new Map<number, UserState>();

  async function currentState(userId: number): Promise<UserState | undefined> {
    const hit = cache.get(userId);
    if (hit && hit.until > Date.now()) return hit;
    const row = await opts.users.findById(userId);
    if (!row) {
      cache.delete(userId);
      return undefined;
    }
    const role = row.userType as Role;
    const buyer = role === 'USER';
    const state: UserState = {
      version: row.tokenVersion,
      enabled: row.enabled,
      role,
      companyRut: buyer ? row.companyRut : '',
      companyRole: buyer ? row.companyRole : null,
      contactCode: buyer ? row.contactCode : null,
      salesPersonCode: role === 'VENDEDOR' ? row.salesPersonCode : null,
      repScope: role === 'VENDEDOR' ? (row.repScope ?? 'ASIGNADOS') : null,
      until: Date.now() + cacheMs,
    };
    if (cache.size > 50_000) cache.clear();
    cache.set(userId, state);
    return state;
  }

  /** The caller of claims already checked against its user's current state; a revoked or disabled token is a 401. */
  function accept(request: FastifyRequest, claims: TokenClaims, state: UserState | undefined, rep: RepSession | null = null): SessionUser {
    // A password change or deactivation raises the version; a role change is taken from the database.
    if (!state || !state.enabled || state.version !== claims.version) throw new HttpError(401, MSG.sessionExpired);
    const companyRut = rep ? (rep.representing?.companyRut ?? '') : state.companyRut;
    request.sessionUser = { id: claims.userId, role: state.role, username: claims.username, companyRut, companyRole: state.companyRole, contactCode: state.contactCode, rep };
    return request.sessionUser;
  }

  /** A rep's session: the customer its token's representation acts for, decided now (never from the token alone). */
  async function repSessionOf(claims: TokenClaims, state: UserState | undefined): Promise<RepSession | null> {
    if (!state || state.role !== 'VENDEDOR' || !state.enabled || state.version !== claims.version) return null;
    const rep = { userId: claims.userId, salesPersonCode: state.salesPersonCode, scope: state.repScope ?? 'ASIGNADOS' };
    const base: RepSession = { salesPersonCode: rep.salesPersonCode, scope: rep.scope, representing: null, refused: '' };
    if (claims.representation === undefined || !opts.representations) return base;
    const acting = await opts.representations.resolve(rep, claims.representation);
    return typeof acting === 'string' ? { ...base, refused: acting } : { ...base, representing: acting };
  }

  /**
   * The caller when both caches know it (a token verified a moment ago, its user's state read less than `cacheMs` ago):
   * no promise, no await. Undefined when either has to be looked up (then `sessionOf` does it); the same checks as there.
   */
  function cachedSession(request: FastifyRequest): SessionUser | undefined {
    if (request.sessionUser) return request.sessionUser;
    const token = tokenOf(request);
    if (!token) return undefined;
    const claims = opts.tokens.cached(token, request.raw.socket);
    if (!claims) return undefined;
    const state = cache.get(claims.userId);
    // a rep's session is decided on each request (its customer may have left the rep's scope): never from the caches alone
    if (!state || state.until <= Date.now() || state.role === 'VENDEDOR') return undefined;
    return accept(request, claims, state);
  }

  async function sessionOf(request: FastifyRequest): Promise<SessionUser | undefined> {
    const known = cachedSession(request);
    if (known) return known;
    const token = tokenOf(request);
    if (!token) return undefined;
    // a token verified a moment ago is not verified again (signature); its user's state is still checked
    const claims = opts.tokens.cached(token, request.raw.socket) ?? (await opts.tokens.verify(token));
    if (!claims) throw new HttpError(401, MSG.sessionExpired);
    const state = await currentState(claims.userId);
    return accept(request, claims, state, await repSessionOf(claims, state));
  }

  async function requireSession(request: FastifyRequest): Promise<SessionUser> {
    const user = await sessionOf(request);
    if (!user) throw new HttpError(401, MSG.notAuthenticated);
    return user;
  }

  const roleAllowed: Record<'session' | 'buyer' | 'admin' | 'rep', (role: Role) => boolean> = {
    session: () => true,
    buyer: (role) => role === 'USER' || role === 'VENDEDOR',
    admin: (role) => isAdminRole(role),
    rep: (role) => role === 'VENDEDOR',
  };

  /**
   * authentication → role → anti-forgery, before the body is read, parsed or validated. A callback hook: a caller both
   * caches know is checked synchronously (the hot read routes), anyone else after the token and state lookups.
   */
  function guardFor(access: Access, denied: string, needs: readonly Capability[]): onRequestHookHandler | undefined {
    if (access === 'provider') return undefined;
    if (access === 'public') {
      return (request, _reply, done) => {
        assertXsrf(request);
        done();
      };
    }
    const allowed = roleAllowed[access];
    const check = (request: FastifyRequest, user: SessionUser) => {
      if (!allowed(user.role)) throw new HttpError(403, denied);
      // a rep reaches a company's routes only while representing a customer in their scope
      if (access === 'buyer' && user.rep && !user.rep.representing) throw new HttpError(403, user.rep.refused || SERVER_MSG.repNotRepresenting);
      if (needs.length > 0 && !needs.some((capability) => sessionMay(user, capability))) throw new HttpError(403, CAPABILITY_DENIED[needs[0]!]);
      assertXsrf(request);
    };
    return (request, _reply, done) => {
      // a throw here is Fastify's to turn into the error answer, as a rejected promise would be
      const known = cachedSession(request);
      if (known) {
        check(request, known);
        done();
        return;
      }
      requireSession(request).then(
        (user) => {
          try {
            check(request, user);
          } catch (err) {
            done(err as Error);
            return;
          }
          done();
        },
        (err: Error) => done(err),
      );
    };
  }

  app.decorateRequest('sessionUser', null);
  const table = new Map<string, Access>();
  const capabilityTable = new Map<string, readonly Capability[]>();
  // Every route declares who may call it (start-up fails otherwise).
  app.addHook('onRoute', (route) => {
    const access = accessOf(route);
    const needs = capabilitiesOf(route, access);
    for (const method of Array.isArray(route.method) ? route.method : [route.method]) {
      table.set(`${method} ${route.url}`, access);
      if (needs.length > 0) capabilityTable.set(`${method} ${route.url}`, needs);
    }
    const existing = route.onRequest ? (Array.isArray(route.onRequest) ? route.onRequest : [route.onRequest]) : [];
    if (existing.some((hook) => (hook as { [GUARD]?: true })[GUARD])) return;
    const guard = guardFor(access, route.config?.accessDenied ?? SERVER_MSG.forbidden, needs);
    if (!guard) return;
    Object.defineProperty(guard, GUARD, { value: true });
    // a public route keeps its own onRequest hooks (the address limits) first; a guarded one checks the caller first
    route.onRequest = (access === 'public' ? [...existing, guard] : [guard, ...existing]) as RouteOptions['onRequest'];
  });

  app.decorate('routeAccess', table as ReadonlyMap<string, Access>);
  app.decorate('routeCapabilities', capabilityTable as ReadonlyMap<string, readonly Capability[]>);
  app.decorate('optionalSession', sessionOf);
  app.decorate('forgetSession', (userId: number) => {
    cache.delete(userId);
    opts.tokens.forget(userId);
  });
  app.decorate('requireSession', async (request: FastifyRequest) => {
    await requireSession(request);
  });
  app.decorate('requireBuyer', async (request: FastifyRequest) => {
    const user = await requireSession(request);
    if (user.role !== 'USER' && !user.rep?.representing) throw new HttpError(403, SERVER_MSG.forbidden);
  });

  app.decorate('requireAdmin', async (request: FastifyRequest) => {
    const user = await requireSession(request);
    if (!isAdminRole(user.role)) throw new HttpError(403, SERVER_MSG.forbidden);
  });
});

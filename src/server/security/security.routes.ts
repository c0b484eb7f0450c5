import type { FastifyInstance, FastifyRequest } from 'fastify';
import { MSG } from '@shared/messages';
import { changePasswordSchema, loginSchema } from '@shared/schemas/auth';
import type { Db } from '../db/connect';
import { HttpError } from '../errors';
import { LoginLimits, type LoginLimitSettings } from './loginLimits';
import type { SecurityService } from './security.service';
import { normalizeUsername } from '../users/users.repo';
import { requireUser } from '../plugins/auth';
import { answer, MESSAGE } from '../http/responses';
import type { YupTypeProvider } from '../plugins/validation';
import { SERVER_MSG } from '../messages';

interface Opts {
  security: SecurityService;
  limits: LoginLimitSettings;
  /** Where the failed checks are counted (table login_failures), shared by every instance. */
  db: Db;
}

/**
 * Requests per minute one address may send to the password routes, right or wrong: a flood guard for the password
 * hashing (in memory, per instance), far above what people do. The login limits proper count failures only (docs/security.md).
 */
export const PASSWORD_ROUTE_FLOOD_MAX = 120;

export default async function securityRoutes(app: FastifyInstance, opts: Opts) {
  // bodies, queries and path parameters typed from the schemas that validate them
  const api = app.withTypeProvider<YupTypeProvider>();
  const { security } = opts;
  const perAddress = { max: PASSWORD_ROUTE_FLOOD_MAX, timeWindow: '1 minute' };
  // Failed password checks per address, per rut and per rut and address, in the database (loginLimits.ts).
  const limits = new LoginLimits(opts.db, opts.limits);

  /** Runs a password check under the login limits; only failures (401) count. */
  async function guarded<T>(request: FastifyRequest, check: () => Promise<T>): Promise<T> {
    const rut = normalizeUsername(String((request.body as { username?: string })?.username ?? ''));
    const verdict = await limits.check(rut, request.ip);
    if (!verdict.allowed) {
      request.log.warn({ rut, address: request.ip, reason: verdict.reason }, 'ingreso rechazado por límite de intentos');
      throw new HttpError(429, SERVER_MSG.tooManyAttempts);
    }
    try {
      return await check();
    } catch (e) {
      if (e instanceof HttpError && e.status === 401) await limits.recordFailure(rut, request.ip);
      throw e;
    }
  }

  api.post(
    '/api/security/login',
    { schema: { body: loginSchema, response: { 200: answer('LoginResponse') } }, config: { access: 'public', rateLimit: perAddress } },
    (request) => guarded(request, () => security.login(request.body.username, request.body.password)),
  );

  // Who the token belongs to: lets the SPA check a stored session when it starts.
  app.get('/api/security/me', { config: { access: 'session' }, schema: { response: { 200: answer('SessionMe') } } }, (request) => security.me(requireUser(request)));

  api.post(
    '/api/security/change-password',
    { schema: { body: changePasswordSchema, response: { 200: MESSAGE } }, config: { access: 'public', rateLimit: perAddress } },
    async (request) => {
      const session = await app.optionalSession(request).catch(() => undefined);
      await guarded(request, () => security.changePassword(request.body, session?.id));
      return { message: MSG.changePasswordDone };
    },
  );
}

import type { FastifyInstance, FastifyRequest } from 'fastify';
import { MSG } from '@shared/messages';
import { changePasswordSchema, loginSchema } from '@shared/schemas/auth';
import { setPasswordSchema, SET_PASSWORD_MSG } from '@shared/schemas/setPassword';
import type { Db } from '../db/connect';
import { HttpError } from '../errors';
import { LoginLimits, type LoginLimitSettings } from './loginLimits';
import type { SecurityService } from './security.service';
import type { PasswordSetupService } from './passwordSetup.service';
import { normalizeUsername } from '../users/users.repo';
import { requireUser } from '../plugins/auth';
import { answer, MESSAGE } from '../http/responses';
import type { YupTypeProvider } from '../plugins/validation';
import { SERVER_MSG } from '../messages';

interface Opts {
  security: SecurityService;
  /** The set-your-password links of new people (absent: the route is not offered). */
  passwordSetups?: PasswordSetupService;
  limits: LoginLimitSettings;
  /** Where the failed checks are counted (table login_failures), shared by every instance. */
  db: Db;
}

/**
 * Requests per minute one address may send to the password routes, right or wrong: a flood guard for the password
 * hashing (in memory, per instance), far above what people do. The login limits proper count failures only (docs/security.md).
 */
export const PASSWORD_ROUTE_FLOOD_MAX = 120;

/** The login limits' key of the set-your-password links' failures (a link names no rut). */
const SET_PASSWORD_LIMIT_KEY = 'set-password';

export default async function securityRoutes(app: FastifyInstance, opts: Opts) {
  // bodies, queries and path parameters typed from the schemas that validate them
  const api = app.withTypeProvider<YupTypeProvider>();
  const { security } = opts;
  const perAddress = { max: PASSWORD_ROUTE_FLOOD_MAX, timeWindow: '1 minute' };
  // Failed password checks per address, per rut and per rut and address, in the database (loginLimits.ts).
  const limits = new LoginLimits(opts.db, opts.limits);

  /**
   * Runs a password check under the login limits; only failures count (a 401, or what `failed` says). `rut` is the key
   * the failures of one account are counted under (the body's rut by default).
   */
  async function guarded<T>(
    request: FastifyRequest,
    check: () => Promise<T>,
    rut = normalizeUsername(String((request.body as { username?: string })?.username ?? '')),
    failed = (e: HttpError) => e.status === 401,
  ): Promise<T> {
    const verdict = await limits.check(rut, request.ip);
    if (!verdict.allowed) {
      request.log.warn({ rut, address: request.ip, reason: verdict.reason }, 'ingreso rechazado por límite de intentos');
      throw new HttpError(429, SERVER_MSG.tooManyAttempts);
    }
    try {
      return await check();
    } catch (e) {
      if (e instanceof HttpError && failed(e)) await limits.recordFailure(rut, request.ip);
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

  // A new person chooses a password through the single-use link of their mail (docs/company-people.md). A link that
  // is not known counts as a failed check under the login limits (all such tries share one key), so links cannot be
  // guessed at speed.
  const { passwordSetups } = opts;
  if (passwordSetups) {
    api.post(
      '/api/security/set-password',
      { schema: { body: setPasswordSchema, response: { 200: MESSAGE } }, config: { access: 'public', rateLimit: perAddress } },
      async (request) => {
        await guarded(request, () => passwordSetups.setPassword(request.body), SET_PASSWORD_LIMIT_KEY, (e) => e.message === SET_PASSWORD_MSG.invalidLink);
        return { message: SET_PASSWORD_MSG.done };
      },
    );
  }
}

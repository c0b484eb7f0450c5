import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ChangePasswordRequest, LoginRequest } from '../../shared/api/types';
import { MSG } from '../../shared/messages';
import { changePasswordSchema, loginSchema } from '../../shared/schemas/auth';
import { HttpError } from '../errors';
import type { SecurityService } from './securityService';
import { normalizeUsername } from './usersRepo';

interface Opts {
  security: SecurityService;
  limits: { maxPerAddress: number; maxPerRut: number; window: string };
}

export default async function securityRoutes(app: FastifyInstance, opts: Opts) {
  const { security, limits } = opts;
  const perAddress = { max: limits.maxPerAddress, timeWindow: limits.window };
  // Failed password checks per rut, whatever the address: a slow guesser spread over many addresses is stopped too.
  const failuresOfRut = app.createRateLimit({
    max: limits.maxPerRut,
    timeWindow: limits.window,
    keyGenerator: (req: FastifyRequest) => `rut:${normalizeUsername(String((req.body as { username?: string })?.username ?? ''))}`,
  });

  /** Runs a password check under the per-rut limit; only failures count. */
  async function guarded<T>(request: FastifyRequest, check: () => Promise<T>): Promise<T> {
    const state = await failuresOfRut(request, { increment: false });
    if (!state.isAllowed && state.remaining <= 0) throw new HttpError(429, MSG.tooManyAttempts);
    try {
      return await check();
    } catch (e) {
      if (e instanceof HttpError && e.status === 401) await failuresOfRut(request);
      throw e;
    }
  }

  app.post<{ Body: LoginRequest }>(
    '/api/security/login',
    { schema: { body: loginSchema }, config: { rateLimit: perAddress } },
    (request) => guarded(request, () => security.login(request.body.username, request.body.password)),
  );

  // Who the token belongs to: lets the SPA check a stored session when it starts.
  app.get('/api/security/me', { preHandler: app.requireSession }, async (request) => {
    const user = request.sessionUser!;
    return { id: user.id, username: user.username, type: user.role };
  });

  app.post<{ Body: ChangePasswordRequest }>(
    '/api/security/change-password',
    { schema: { body: changePasswordSchema }, config: { rateLimit: perAddress } },
    async (request) => {
      const session = await app.optionalSession(request).catch(() => undefined);
      await guarded(request, () => security.changePassword(request.body, session?.id));
      return { message: MSG.changePasswordDone };
    },
  );
}

import fastifyCookie from '@fastify/cookie';
import fastifyRateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import type { Config } from './config';
import type { Database } from './db/connect';
import healthRoutes, { type ReadinessCheck } from './health/routes';
import auth from './plugins/auth';
import errors from './plugins/errors';
import spa from './plugins/spa';
import validation from './plugins/validation';
import xsrf from './plugins/xsrf';
import securityRoutes from './security/routes';
import { SecurityService } from './security/securityService';
import { TokenService } from './security/tokens';
import { UsersRepo } from './security/usersRepo';

export interface AppDeps {
  config: Pick<Config, 'jwtSecret' | 'tokenTtl' | 'publicUrl' | 'clientDir' | 'login' | 'brandName'>;
  database: Database;
  /** Extra readiness checks (the ERP, …) beside the database. */
  readiness?: Record<string, ReadinessCheck>;
  logger?: FastifyServerOptions['logger'];
}

/** Builds the API and SPA server from its dependencies; tests call it and use `inject`. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, database } = deps;
  const app = Fastify({
    logger: deps.logger ?? false,
    trustProxy: true,
    bodyLimit: 1024 * 1024,
    requestIdHeader: 'x-request-id',
    ajv: undefined,
  });

  const users = new UsersRepo(database.db);
  const tokens = new TokenService(config.jwtSecret, config.tokenTtl);

  await app.register(errors);
  await app.register(validation);
  await app.register(fastifyCookie);
  await app.register(fastifyRateLimit, { global: false });
  await app.register(xsrf, { secure: config.publicUrl.startsWith('https://') });
  await app.register(auth, { tokens, users });

  const security = new SecurityService(users, tokens, (userId) => app.forgetSession(userId));
  await app.register(securityRoutes, { security, limits: config.login });
  await app.register(healthRoutes, { checks: { database: database.ping, ...deps.readiness } });

  await app.register(spa, { clientDir: config.clientDir });
  app.addHook('onClose', async () => {
    await database.close();
  });
  return app;
}

import type { FastifyInstance } from 'fastify';
import type { HealthResponse, ReadyResponse } from '@shared/api/types';
import { readyQuerySchema } from '@shared/schemas/params';
import { answer } from '../http/responses';
import type { YupTypeProvider } from '../plugins/validation';

export type ReadinessCheck = () => Promise<void>;

/**
 * /api/health: the process answers. /api/ready: its dependencies answer (start-up, monitoring); `?only=database` the
 * instance's own only (a reverse proxy's health check: docs/scale-out.md).
 */
export default async function healthRoutes(app: FastifyInstance, opts: { checks: Record<string, ReadinessCheck> }) {
  app.get('/api/health', { config: { access: 'public' }, schema: { response: { 200: answer('HealthResponse') } } }, async (): Promise<HealthResponse> => ({ status: 'ok' }));

  app.withTypeProvider<YupTypeProvider>().get(
    '/api/ready',
    { config: { access: 'public' }, schema: { querystring: readyQuerySchema, response: { 200: answer('ReadyResponse'), 503: answer('ReadyResponse') } } },
    async (request, reply): Promise<ReadyResponse> => {
      const only = request.query.only ? new Set(request.query.only.split(',').map((name) => name.trim())) : undefined;
      const entries = await Promise.all(
        Object.entries(opts.checks)
          .filter(([name]) => !only || only.has(name))
          .map(async ([name, check]) => {
            try {
              await check();
              return [name, 'ok'] as const;
            } catch (err) {
              request.log.warn({ err, check: name }, 'dependencia no disponible');
              return [name, 'unavailable'] as const;
            }
          }),
      );
      const checks = Object.fromEntries(entries);
      const ready = entries.every(([, state]) => state === 'ok');
      reply.status(ready ? 200 : 503);
      return { status: ready ? 'ok' : 'unavailable', checks };
    },
  );
}

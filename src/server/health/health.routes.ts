import type { FastifyInstance } from 'fastify';
import type { HealthResponse, ReadyResponse } from '@shared/api/types';
import { answer } from '../http/responses';

export type ReadinessCheck = () => Promise<void>;

/** /api/health: the process answers. /api/ready: its dependencies answer (for load balancers and start-up). */
export default async function healthRoutes(app: FastifyInstance, opts: { checks: Record<string, ReadinessCheck> }) {
  app.get('/api/health', { config: { access: 'public' }, schema: { response: { 200: answer('HealthResponse') } } }, async (): Promise<HealthResponse> => ({ status: 'ok' }));

  app.get('/api/ready', { config: { access: 'public' }, schema: { response: { 200: answer('ReadyResponse'), 503: answer('ReadyResponse') } } }, async (request, reply): Promise<ReadyResponse> => {
    const entries = await Promise.all(
      Object.entries(opts.checks).map(async ([name, check]) => {
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
  });
}

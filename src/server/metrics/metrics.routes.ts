import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest, onResponseHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { isLoopbackAddress } from '../dev/faultRoutes';
import { HttpError } from '../errors';
import type { PortalMetrics } from './metrics';

export const METRICS_MSG = {
  forbidden: 'Las métricas solo se entregan a esta misma máquina o con METRICS_TOKEN',
  badToken: 'Token de métricas inválido',
} as const;

function sameToken(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * Who may read /metrics: a caller on this machine (the connection and the client address the trusted proxies report
 * both loopback: a proxy on this machine forwarding someone else does not count), or anybody with
 * `Authorization: Bearer <METRICS_TOKEN>` when the token is configured.
 */
export function assertMetricsCaller(request: FastifyRequest, token: string | undefined): void {
  const header = request.headers.authorization;
  if (token && header?.startsWith('Bearer ')) {
    if (sameToken(header.slice(7).trim(), token)) return;
    throw new HttpError(401, METRICS_MSG.badToken);
  }
  if (isLoopbackAddress(request.socket.remoteAddress) && isLoopbackAddress(request.ip)) return;
  throw new HttpError(403, METRICS_MSG.forbidden);
}

/** Something done with every answer once it is sent (the request log of app.ts). */
export type AnswerListener = (request: FastifyRequest, reply: FastifyReply) => void;

/**
 * The request latency of every route: each route gets its own onResponse hook at registration (onRoute) with its
 * timer (pattern and method) in the closure, so the hot path reads nothing off the request but its status and time;
 * the same hook hands the answer to `listener` (the request log), so an answer runs one onResponse hook for both. Call
 * before any route is added. An answer no route matched (404, 405) is timed as 'unmatched' by the hook this returns,
 * which the not-found handler must be given (`setNotFoundHandler({ onResponse })`, plugins/spa.ts): no matched
 * route runs it.
 */
export function timeRequests(app: FastifyInstance, metrics: Pick<PortalMetrics, 'observeUnmatched' | 'requestTimer'>, listener?: AnswerListener): onResponseHookHandler {
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const existing = route.onResponse ? (Array.isArray(route.onResponse) ? route.onResponse : [route.onResponse]) : [];
    const timers = new Map(methods.map((method) => [method, metrics.requestTimer(route.url, method)]));
    const timer: onResponseHookHandler = listener
      ? (request, reply, done) => {
          timers.get(request.method)?.(reply.statusCode, reply.elapsedTime);
          listener(request, reply);
          done();
        }
      : (request, reply, done) => {
          timers.get(request.method)?.(reply.statusCode, reply.elapsedTime);
          done();
        };
    route.onResponse = [...existing, timer];
  });
  return (request, reply, done) => {
    metrics.observeUnmatched(request.method, reply.statusCode, reply.elapsedTime);
    listener?.(request, reply);
    done();
  };
}

/** GET /metrics in Prometheus' text format. */
export default fp(async function metricsRoutes(app: FastifyInstance, opts: { metrics: PortalMetrics; token?: string }) {
  const { metrics, token } = opts;
  app.get(
    '/metrics',
    { config: { access: 'public' }, onRequest: async (request) => assertMetricsCaller(request, token) },
    async (_request, reply) => reply.header('content-type', metrics.contentType).header('cache-control', 'no-store').send(await metrics.text()),
  );
});

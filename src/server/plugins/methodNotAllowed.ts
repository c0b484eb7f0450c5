// A known API path asked with a method it does not take is answered 405 with `Allow` (RFC 9110, 15.5.6), not 404:
// a client learns that the address is right and which methods it takes.
import FindMyWay from 'find-my-way';
import type { FastifyInstance } from 'fastify';

/**
 * Records every /api route as it is added (an onRoute hook: call it before any route is registered) and answers which
 * methods a path takes, in the order they were registered; an empty list for a path no route matches.
 */
export function apiMethodIndex(app: FastifyInstance): (url: string) => string[] {
  const router = FindMyWay();
  const methods: FindMyWay.HTTPMethod[] = [];
  const noop = () => undefined;
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/')) return;
    for (const given of Array.isArray(route.method) ? route.method : [route.method]) {
      const method = given.toUpperCase() as FindMyWay.HTTPMethod;
      if (router.hasRoute(method, route.url)) continue;
      router.on(method, route.url, noop);
      if (!methods.includes(method)) methods.push(method);
    }
  });
  return (url) => {
    const path = url.split('?')[0] ?? url;
    return methods.filter((method) => router.find(method, path) !== null);
  };
}

import type { FastifyPluginAsync } from 'fastify';
import type { RouteDeps } from '../app';

// Filled by the cart and orders work.
const routes: FastifyPluginAsync<RouteDeps> = async () => {};
export default routes;

import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { cartAddSchema, cartBulkSchema, cartItemParams, cartUpdateSchema } from '@shared/schemas/cart';
import { userIdParams } from '@shared/schemas/params';
import type { RouteDeps } from '../routeDeps';
import { HttpError } from '../errors';
import { idempotent } from '../http/idempotency';
import { IdempotencyStore } from '../http/idempotency.repo';
import { CartRepo } from './cart.repo';
import { CartService } from './cart.service';
import { requireUser } from '../plugins/auth';
import { answer } from '../http/responses';
import type { YupTypeProvider } from '../plugins/validation';
import { SERVER_MSG } from '../messages';

/** The server cart (R-CART-1). Buyers only, each reaching only its own cart; prices are the server's. */
const cartRoutes: FastifyPluginAsync<RouteDeps> = async (app, deps) => {
  // bodies, queries and path parameters typed from the schemas that validate them
  const api = app.withTypeProvider<YupTypeProvider>();
  const cart = new CartService(deps.db, new CartRepo(deps.db), deps.erp, deps.customers);

  // Admins have no cart (R-BLOCK-2): say so rather than a bare "forbidden".
  const guard = { config: { access: 'buyer' as const, capability: 'buy' as const, accessDenied: SERVER_MSG.cartNotForAdmins } };
  /** The path's userId must be the caller's own. */
  const ownUser = (request: FastifyRequest<{ Params: { userId: number } }>) => {
    const user = requireUser(request);
    if (request.params.userId !== user.id) throw new HttpError(403, SERVER_MSG.forbidden);
    return user;
  };

  api.post('/api/user/cart', { ...guard, schema: { body: cartAddSchema, response: { 201: answer('CartItem') } } }, async (request, reply) => {
    return reply.status(201).send(await cart.add(requireUser(request), request.body));
  });

  // Many sizes in one request (grid, quick order): per-line results, docs/ordering.md. Optional Idempotency-Key
  // (docs/exactly-once.md): a repeat replays the first answer, stored in the add's own transaction.
  const keys = new IdempotencyStore(deps.db, { log: app.log });
  api.post('/api/user/cart/bulk', { ...guard, schema: { body: cartBulkSchema, response: { 200: answer('CartBulkResponse') } } }, (request, reply) =>
    idempotent(keys, request, reply, 'cart', async (recorder) => ({
      status: 200,
      body: await cart.addMany(requireUser(request), request.body, recorder && ((tx, body) => recorder.record(tx, { status: 200, body }))),
    })),
  );

  api.put('/api/user/cart', { ...guard, schema: { body: cartUpdateSchema, response: { 200: answer('CartItem') } } }, (request) =>
    cart.update(requireUser(request), request.body),
  );

  api.get('/api/user/cart/find-by-userid/:userId', { ...guard, schema: { params: userIdParams, response: { 200: answer('CartResponse') } } }, (request) =>
    cart.view(ownUser(request)),
  );

  api.get('/api/user/cart/count-cart/:userId', { ...guard, schema: { params: userIdParams, response: { 200: { type: 'integer' } } } }, (request) =>
    cart.count(ownUser(request)),
  );

  api.delete(
    '/api/user/cart/clear-cart/:userId',
    { ...guard, schema: { params: userIdParams } },
    async (request, reply) => {
      await cart.clear(ownUser(request));
      return reply.status(204).send();
    },
  );

  api.delete('/api/user/cart/:id', { ...guard, schema: { params: cartItemParams } }, async (request, reply) => {
    await cart.remove(requireUser(request), request.params.id);
    return reply.status(204).send();
  });
};

export default cartRoutes;

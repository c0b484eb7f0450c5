import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { ReorderResponse } from '@shared/api/ordering';
import { orderIdParams } from '@shared/schemas/orders';
import { docEntryParams } from '@shared/schemas/params';
import type { RouteDeps } from '../routeDeps';
import { CartRepo } from '../cart/cart.repo';
import { CartService } from '../cart/cart.service';
import { idempotent } from '../http/idempotency';
import { IdempotencyStore } from '../http/idempotency.repo';
import { answer } from '../http/responses';
import { OrderRepo } from '../orders/orders.repo';
import { requireUser } from '../plugins/auth';
import { ReorderService, type ReorderAddedHook } from './reorder.service';
import type { YupTypeProvider } from '../plugins/validation';
import { SERVER_MSG } from '../messages';

/**
 * Reorder (docs/ordering.md): the lines of one of the buyer's earlier orders back in its cart, at today's prices and
 * stock, through the bulk add; the answer says what changed on each line.
 */
const reorderRoutes: FastifyPluginAsync<RouteDeps> = async (app, deps) => {
  // bodies, queries and path parameters typed from the schemas that validate them
  const api = app.withTypeProvider<YupTypeProvider>();
  const reorder = new ReorderService({
    cart: new CartService(deps.db, new CartRepo(deps.db), deps.erp, deps.customers),
    orders: new OrderRepo(deps.db),
    erp: deps.erp,
    customers: deps.customers,
  });
  const buyer = { config: { access: 'buyer' as const, capability: 'buy' as const, accessDenied: SERVER_MSG.cartNotForAdmins } };
  const response = { 200: answer('ReorderResponse') };

  // Optional Idempotency-Key, in the cart adds' scope (docs/exactly-once.md): a repeat replays the first answer, stored
  // in the add's own transaction.
  const keys = new IdempotencyStore(deps.db, { log: app.log });
  const once = (request: FastifyRequest, reply: FastifyReply, run: (onAdded: ReorderAddedHook | undefined) => Promise<ReorderResponse>) =>
    idempotent(keys, request, reply, 'cart', async (recorder) => ({
      status: 200,
      body: await run(recorder && ((tx, body) => recorder.record(tx, { status: 200, body }))),
    }));

  api.post('/api/user/orders/:id/reorder', { ...buyer, schema: { params: orderIdParams, response } }, (request, reply) =>
    once(request, reply, (onAdded) => reorder.fromPortalOrder(requireUser(request), request.params.id, onAdded)),
  );

  api.post('/api/user/b1/purchase-history/:docEntry/reorder', { ...buyer, schema: { params: docEntryParams, response } }, (request, reply) =>
    once(request, reply, (onAdded) => reorder.fromErpOrder(requireUser(request), request.params.docEntry, onAdded)),
  );
};

export default reorderRoutes;

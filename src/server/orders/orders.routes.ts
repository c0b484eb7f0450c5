import fastifyFormbody from '@fastify/formbody';
import type { FastifyPluginAsync } from 'fastify';
import { createOrderSchema, orderIdParams, submitOrderSchema, updateOrderStateSchema } from '@shared/schemas/orders';
import type { RouteDeps } from '../routeDeps';
import { CartRepo } from '../cart/cart.repo';
import { CartService } from '../cart/cart.service';
import { idempotent } from '../http/idempotency';
import { IdempotencyStore } from '../http/idempotency.repo';
import { ERP_ORDER_JOB, createErpOrderHandler } from './erpOrderJob';
import { OrderRepo } from './orders.repo';
import { creationFailure, OrderService, type OrderCreatedHook, type SubmissionKind } from './orders.service';
import { requireUser } from '../plugins/auth';
import { answer } from '../http/responses';
import type { YupTypeProvider } from '../plugins/validation';

/** Orders, their ERP submission and their state (R-ORD-1). Buyers only, each on its own orders. */
const orderRoutes: FastifyPluginAsync<RouteDeps> = async (app, deps) => {
  // bodies, queries and path parameters typed from the schemas that validate them
  const api = app.withTypeProvider<YupTypeProvider>();
  // The spec posts the state change as form data; JSON works too. Scoped to this plugin.
  if (!app.hasContentTypeParser('application/x-www-form-urlencoded')) await app.register(fastifyFormbody);

  const orders = new OrderRepo(deps.db);
  const cart = new CartService(deps.db, new CartRepo(deps.db), deps.erp, deps.customers);
  const service = new OrderService({ ...deps, orders, cart });
  deps.worker.register(ERP_ORDER_JOB, createErpOrderHandler({ orders, erp: deps.erp, log: app.log }));

  const buyer = { config: { access: 'buyer' as const, capability: 'buy' as const } };
  // any person of the company sees its orders
  const reader = { config: { access: 'buyer' as const, capability: 'browse' as const } };
  const submission = { 200: answer('OrderSubmissionResponse'), 202: answer('OrderSubmissionResponse') };

  // Optional Idempotency-Key: a repeat replays the first answer; the answer is stored in the order's own transaction.
  const keys = new IdempotencyStore(deps.db, { log: app.log });
  api.post('/api/orders', { ...buyer, schema: { body: createOrderSchema, response: { 201: answer('Order') } } }, (request, reply) =>
    idempotent(keys, request, reply, 'orders', async (recorder) => {
      const record: OrderCreatedHook | undefined = recorder && ((tx, order) => recorder.record(tx, { status: 201, body: order }));
      try {
        return { status: 201, body: await service.create(requireUser(request), request.body, record) };
      } catch (error) {
        const answer = creationFailure(error);
        // the cause stays in the log; the buyer reads that no order was made
        if (answer !== error) request.log.warn({ err: error }, 'no se creó el pedido');
        throw answer;
      }
    }),
  );

  api.get('/api/orders/:id', { ...reader, schema: { params: orderIdParams, response: { 200: answer('Order') } } }, (request) =>
    service.get(requireUser(request), request.params.id),
  );

  const submissions: ReadonlyArray<[string, SubmissionKind]> = [
    ['/api/user/b1/reserve', 'reserve'],
    ['/api/user/b1/ov', 'ov'],
  ];
  for (const [path, kind] of submissions) {
    api.post(path, { ...buyer, schema: { body: submitOrderSchema, response: submission } }, async (request, reply) => {
      const result = await service.submit(requireUser(request), request.body.orderReference, kind);
      return reply.status(result.status).send(result.body);
    });
  }

  api.post(
    '/api/orders/update/state/order',
    { ...buyer, schema: { body: updateOrderStateSchema, response: submission } },
    async (request, reply) => {
      const result = await service.updateState(requireUser(request), request.body);
      return reply.status(result.status).send(result.body);
    },
  );
};

export default orderRoutes;

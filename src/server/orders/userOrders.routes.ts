import type { FastifyInstance } from 'fastify';
import { userOrderListQuerySchema, userOrderParamsSchema } from '@shared/schemas/userOrders';
import { answer } from '../http/responses';
import { requireUser } from '../plugins/auth';
import type { UserOrdersService } from './userOrders.service';
import type { YupTypeProvider } from '../plugins/validation';

/** 'Mis pedidos' (buyers): their own portal orders, page by page, and one with its steps, lines and totals. */
export default async function userOrdersRoutes(app: FastifyInstance, opts: { userOrders: UserOrdersService }) {
  // bodies, queries and path parameters typed from the schemas that validate them
  const api = app.withTypeProvider<YupTypeProvider>();
  const { userOrders } = opts;
  const buyer = { config: { access: 'buyer' as const, capability: 'browse' as const } };

  api.get(
    '/api/user/orders',
    { ...buyer, schema: { querystring: userOrderListQuerySchema, response: { 200: answer('BuyerOrderList') } } },
    (request) => userOrders.list(requireUser(request), request.query),
  );

  api.get(
    '/api/user/orders/:id',
    { ...buyer, schema: { params: userOrderParamsSchema, response: { 200: answer('BuyerOrderDetail') } } },
    (request) => userOrders.detail(requireUser(request), request.params.id),
  );
}

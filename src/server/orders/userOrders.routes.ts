import type { FastifyInstance } from 'fastify';
import { userOrderListQuerySchema, userOrderParamsSchema, type UserOrderListQuery } from '@shared/schemas/userOrders';
import { answer } from '../http/responses';
import { requireUser } from '../plugins/auth';
import type { UserOrdersService } from './userOrders.service';

/** 'Mis pedidos' (buyers): their own portal orders, page by page, and one with its steps, lines and totals. */
export default async function userOrdersRoutes(app: FastifyInstance, opts: { userOrders: UserOrdersService }) {
  const { userOrders } = opts;
  const buyer = { config: { access: 'buyer' as const } };

  app.get<{ Querystring: UserOrderListQuery }>(
    '/api/user/orders',
    { ...buyer, schema: { querystring: userOrderListQuerySchema, response: { 200: answer('BuyerOrderList') } } },
    (request) => userOrders.list(requireUser(request), request.query),
  );

  app.get<{ Params: { id: string } }>(
    '/api/user/orders/:id',
    { ...buyer, schema: { params: userOrderParamsSchema, response: { 200: answer('BuyerOrderDetail') } } },
    (request) => userOrders.detail(requireUser(request), request.params.id),
  );
}

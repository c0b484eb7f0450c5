import type { FastifyInstance } from 'fastify';
import { REP_ORDER_MSG, repOrderListQuerySchema, repOrderParamsSchema } from '@shared/schemas/repOrders';
import { answer } from '../http/responses';
import { requireUser } from '../plugins/auth';
import type { YupTypeProvider } from '../plugins/validation';
import type { RepOrdersService } from './repOrders.service';

/** 'Mis pedidos del vendedor' (docs/sales-reps.md): the rep's orders and their customers', read-only. */
export default async function repOrdersRoutes(app: FastifyInstance, opts: { repOrders: RepOrdersService }) {
  const api = app.withTypeProvider<YupTypeProvider>();
  const { repOrders } = opts;
  const rep = { config: { access: 'rep' as const, accessDenied: REP_ORDER_MSG.onlyReps } };

  api.get('/api/rep/orders', { ...rep, schema: { querystring: repOrderListQuerySchema, response: { 200: answer('RepOrderList') } } }, (request) =>
    repOrders.list(requireUser(request), request.query),
  );

  api.get('/api/rep/orders/:id', { ...rep, schema: { params: repOrderParamsSchema, response: { 200: answer('RepOrderDetail') } } }, (request) =>
    repOrders.detail(requireUser(request), request.params.id),
  );
}

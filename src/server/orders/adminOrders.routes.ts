import type { FastifyInstance } from 'fastify';
import { adminOrderListQuerySchema, adminOrderParamsSchema } from '@shared/schemas/adminOrders';
import { sendCsv, toCsv } from '../http/csv';
import { answer } from '../http/responses';
import { ORDER_CSV, type AdminOrdersService } from './adminOrders.service';
import type { YupTypeProvider } from '../plugins/validation';

/**
 * 'Pedidos' of the admin area (ADMIN and SUPERADMIN): every portal order (search, filters, sort, pages, CSV) and one
 * order's detail with its payments, jobs and timeline. The cheque photo stays behind its own admin download
 * (payments/cheque.routes.ts).
 */
export default async function adminOrdersRoutes(app: FastifyInstance, opts: { orders: AdminOrdersService }) {
  // bodies, queries and path parameters typed from the schemas that validate them
  const api = app.withTypeProvider<YupTypeProvider>();
  const { orders } = opts;
  const admin = { config: { access: 'admin' as const } };

  api.get(
    '/api/admin/orders',
    { ...admin, schema: { querystring: adminOrderListQuerySchema, response: { 200: answer('AdminOrderList') } } },
    async (request, reply) => {
      if (request.query.format === 'csv') return sendCsv(reply, 'pedidos', toCsv(ORDER_CSV, await orders.exportRows(request.query)));
      return orders.list(request.query);
    },
  );

  api.get(
    '/api/admin/orders/:id',
    { ...admin, schema: { params: adminOrderParamsSchema, response: { 200: answer('AdminOrderDetail') } } },
    (request) => orders.detail(request.params.id),
  );
}

import type { FastifyInstance } from 'fastify';
import { customerIdParams } from '@shared/schemas/params';
import type { ErpService } from '../erp/erp.service';
import type { CustomerDirectory } from '../profile/customers.service';
import { requireUser } from '../plugins/auth';
import { listOf } from '../http/responses';
import type { YupTypeProvider } from '../plugins/validation';

/** The buyer's open invoices (spec: Pagos Pendientes). */
export default async function pendingRoutes(app: FastifyInstance, opts: { erp: ErpService; customers: CustomerDirectory }) {
  // bodies, queries and path parameters typed from the schemas that validate them
  const api = app.withTypeProvider<YupTypeProvider>();
  api.get(
    '/api/user/b1/pending-payments/:customerId',
    { config: { access: 'buyer', capability: 'finance' }, schema: { params: customerIdParams, response: { 200: listOf('PendingDocument') } } },
    async (request) => opts.erp.pendingInvoices(await opts.customers.assertOwn(requireUser(request), request.params.customerId)),
  );
}

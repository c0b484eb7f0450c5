import type { FastifyInstance } from 'fastify';
import { customerIdParams, docEntryParams } from '@shared/schemas/params';
import type { ErpService } from '../erp/erp.service';
import type { CustomerDirectory } from '../profile/customers.service';
import { requireUser } from '../plugins/auth';
import { preparedPerValue, sendPrepared } from '../http/preparedBody';
import { listOf } from '../http/responses';

/** Transports for the order summary and the buyer's purchase history, read from the ERP. */
export default async function historyRoutes(app: FastifyInstance, opts: { erp: ErpService; customers: CustomerDirectory }) {
  const { erp, customers } = opts;

  // held in memory by the ERP service: serialized, compressed and tagged once per list
  const transports = preparedPerValue();
  app.get('/api/user/b1/tipo-transport', { config: { access: 'buyer' }, schema: { response: { 200: listOf('Transport') } } }, async (request, reply) =>
    sendPrepared(request, reply, transports(reply, await erp.listTransports())),
  );

  app.get<{ Params: { customerId: string } }>(
    '/api/user/b1/purchase-history/:customerId',
    { config: { access: 'buyer' }, schema: { params: customerIdParams, response: { 200: listOf('PurchaseHistoryHeader') } } },
    async (request) => erp.purchaseHistory(await customers.assertOwn(requireUser(request), request.params.customerId)),
  );

  app.get<{ Params: { docEntry: number } }>(
    '/api/user/b1/purchase-history-det/:docEntry',
    { config: { access: 'buyer' }, schema: { params: docEntryParams, response: { 200: listOf('PurchaseHistoryLine') } } },
    async (request) => erp.purchaseHistoryLines(request.params.docEntry, await customers.cardCodeOf(requireUser(request))),
  );
}

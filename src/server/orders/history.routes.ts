import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { PurchaseHistoryHeader } from '@shared/api/erp';
import { customerIdParams, docEntryParams } from '@shared/schemas/params';
import type { Db } from '../db/connect';
import { orders } from '../db/schema';
import type { ErpService } from '../erp/erp.service';
import type { CustomerDirectory } from '../profile/customers.service';
import { requireUser } from '../plugins/auth';
import { preparedPerValue, PREPARED, sendPrepared } from '../http/preparedBody';
import { listOf } from '../http/responses';

/**
 * The portal order number beside each ERP document that is that portal order: the document's NumAtCard names an order
 * the portal holds for the same customer (one query for the whole history); any other NumAtCard is left out.
 */
async function withPortalNumbers(db: Db | undefined, cardCode: string, history: PurchaseHistoryHeader[]): Promise<PurchaseHistoryHeader[]> {
  const named = [...new Set(history.map((h) => h.ordenPortal).filter((n): n is string => Boolean(n)))];
  let known = new Set<string>();
  if (db && named.length) {
    const rows = await db
      .select({ number: orders.purchaseOrderNumber })
      .from(orders)
      .where(and(eq(orders.cardCode, cardCode), inArray(orders.purchaseOrderNumber, named)));
    known = new Set(rows.map((r) => r.number ?? ''));
  }
  return history.map((h) => ({ ...h, ordenPortal: h.ordenPortal && known.has(h.ordenPortal) ? h.ordenPortal : '' }));
}

/** Transports for the order summary and the buyer's purchase history, read from the ERP. */
export default async function historyRoutes(app: FastifyInstance, opts: { erp: ErpService; customers: CustomerDirectory; db?: Db }) {
  const { erp, customers } = opts;

  // held in memory by the ERP service: serialized, compressed and tagged once per list
  const transports = preparedPerValue();
  app.get('/api/user/b1/tipo-transport', { ...PREPARED, config: { access: 'buyer' }, schema: { response: { 200: listOf('Transport') } } }, async (request, reply) =>
    sendPrepared(request, reply, transports(reply, await erp.listTransports())),
  );

  app.get<{ Params: { customerId: string } }>(
    '/api/user/b1/purchase-history/:customerId',
    { config: { access: 'buyer' }, schema: { params: customerIdParams, response: { 200: listOf('PurchaseHistoryHeader') } } },
    async (request) => {
      const cardCode = await customers.assertOwn(requireUser(request), request.params.customerId);
      return withPortalNumbers(opts.db, cardCode, await erp.purchaseHistory(cardCode));
    },
  );

  app.get<{ Params: { docEntry: number } }>(
    '/api/user/b1/purchase-history-det/:docEntry',
    { config: { access: 'buyer' }, schema: { params: docEntryParams, response: { 200: listOf('PurchaseHistoryLine') } } },
    async (request) => erp.purchaseHistoryLines(request.params.docEntry, await customers.cardCodeOf(requireUser(request))),
  );
}

import type { FastifyInstance } from 'fastify';
import { customerIdParams, docEntryParams } from '@shared/schemas/params';
import { requireUser } from '../plugins/auth';
import { preparedPerValue, PREPARED, sendPrepared } from '../http/preparedBody';
import { listOf } from '../http/responses';
import type { PurchaseHistoryService } from './history.service';
import type { YupTypeProvider } from '../plugins/validation';

/** Transports for the order summary and the buyer's purchase history, read from the ERP. */
/** The purchase history: a finance person's, and a buyer's (who buys again from it). */
const HISTORY = ['finance', 'buy'] as const;

export default async function historyRoutes(app: FastifyInstance, opts: { history: PurchaseHistoryService }) {
  // bodies, queries and path parameters typed from the schemas that validate them
  const api = app.withTypeProvider<YupTypeProvider>();
  const { history } = opts;

  // held in memory by the ERP service: serialized, compressed and tagged once per list
  const transports = preparedPerValue();
  app.get('/api/user/b1/tipo-transport', { ...PREPARED, config: { access: 'buyer', capability: 'buy' }, schema: { response: { 200: listOf('Transport') } } }, async (request, reply) =>
    sendPrepared(request, reply, transports(reply, await history.transports())),
  );

  api.get(
    '/api/user/b1/purchase-history/:customerId',
    { config: { access: 'buyer', capability: HISTORY }, schema: { params: customerIdParams, response: { 200: listOf('PurchaseHistoryHeader') } } },
    async (request) => history.history(requireUser(request), request.params.customerId),
  );

  api.get(
    '/api/user/b1/purchase-history-det/:docEntry',
    { config: { access: 'buyer', capability: HISTORY }, schema: { params: docEntryParams, response: { 200: listOf('PurchaseHistoryLine') } } },
    async (request) => history.lines(requireUser(request), request.params.docEntry),
  );
}

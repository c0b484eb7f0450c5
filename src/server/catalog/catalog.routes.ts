import type { FastifyInstance } from 'fastify';
import { isAdminRole } from '@shared/roles';
import { massOfferSchema, skuParams, type MassOfferRequest } from '@shared/schemas/params';
import { ErpError, ERP_MESSAGES } from '../erp/errors';
import { sendPrepared } from '../http/preparedBody';
import type { CatalogService } from './catalog.service';
import { requireUser } from '../plugins/auth';

export default async function catalogRoutes(app: FastifyInstance, opts: { catalog: CatalogService }) {
  const { catalog } = opts;
  const session = { config: { access: 'session' as const } };

  // Hot paths: answered from the in-memory snapshot, pre-serialized and pre-compressed, with ETag.
  app.get('/api/user/b1/catalog', session, async (request, reply) => sendPrepared(request, reply, (await catalog.snapshot()).tree));
  app.get('/api/user/b1/catalog/products', session, async (request, reply) => sendPrepared(request, reply, (await catalog.snapshot()).items));
  app.get('/api/user/b1/products', session, async (request, reply) => {
    const snap = await catalog.snapshot();
    return sendPrepared(request, reply, isAdminRole(requireUser(request).role) ? snap.productsForAdmins : snap.productsForBuyers);
  });

  app.get<{ Params: { sku: string } }>(
    '/api/user/b1/catalog/find/by/sku/:sku',
    { ...session, schema: { params: skuParams } },
    async (request) => {
      const item = (await catalog.snapshot()).itemBySku.get(request.params.sku);
      if (!item) throw new ErpError({ status: 404, code: 'ERP_NOT_FOUND', message: ERP_MESSAGES.productNotFound });
      return item;
    },
  );

  // Fresh stock and prices from the ERP.
  app.get<{ Params: { sku: string } }>(
    '/api/user/b1/products-detail/:sku',
    { ...session, schema: { params: skuParams } },
    (request) => catalog.detail(request.params.sku),
  );

  app.get<{ Params: { sku: string } }>(
    '/api/user/b1/offer-sku/:sku',
    { ...session, schema: { params: skuParams } },
    (request) => catalog.offer(request.params.sku),
  );

  app.post<{ Body: MassOfferRequest }>(
    '/api/user/b1/masivo-sku',
    { ...session, schema: { body: massOfferSchema } },
    (request) => catalog.massOffers(request.body.items.map((i) => i.code)),
  );
}

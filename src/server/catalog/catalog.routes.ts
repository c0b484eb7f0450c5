import type { FastifyInstance } from 'fastify';
import { isAdminRole } from '@shared/roles';
import { massOfferSchema, skuParams } from '@shared/schemas/params';
import { ErpError, ERP_MESSAGES } from '../erp/errors';
import { PREPARED, sendPrepared } from '../http/preparedBody';
import type { CatalogService, CatalogSnapshot } from './catalog.service';
import { requireUser } from '../plugins/auth';
import { answer, listOf } from '../http/responses';
import type { YupTypeProvider } from '../plugins/validation';

/** POST /user/b1/masivo-sku: the offer percentage of each code. */
const MASS_OFFERS = {
  type: 'array',
  items: { type: 'object', properties: { itemCode: { type: 'string' }, descuento: { type: 'number' } } },
} as const;

export default async function catalogRoutes(app: FastifyInstance, opts: { catalog: CatalogService }) {
  // bodies, queries and path parameters typed from the schemas that validate them
  const api = app.withTypeProvider<YupTypeProvider>();
  const { catalog } = opts;
  const session = { config: { access: 'session' as const } };
  const prepared = { ...PREPARED, ...session };

  // Hot paths: answered from the in-memory snapshot, pre-serialized and pre-compressed, with ETag.
  app.get('/api/user/b1/catalog', { ...prepared, schema: { response: { 200: answer('CatalogueTree') } } }, async (request, reply) => sendPrepared(request, reply, (await catalog.snapshot()).tree));
  app.get('/api/user/b1/catalog/products', { ...prepared, schema: { response: { 200: listOf('CatalogueItem') } } }, async (request, reply) => sendPrepared(request, reply, (await catalog.snapshot()).items));
  // Answered in the same tick while the snapshot is current (no promise, the hottest read of the portal); a request that
  // must wait for the ERP gets the same answer when the snapshot arrives.
  app.get('/api/user/b1/products', { ...prepared, schema: { response: { 200: listOf('ProductListItem') } } }, (request, reply) => {
    const send = (snap: CatalogSnapshot) => {
      sendPrepared(request, reply, isAdminRole(requireUser(request).role) ? snap.productsForAdmins : snap.productsForBuyers);
    };
    const snap = catalog.currentSnapshot();
    if (!snap) return catalog.snapshot().then(send);
    send(snap);
    return undefined;
  });

  api.get(
    '/api/user/b1/catalog/find/by/sku/:sku',
    { ...session, schema: { params: skuParams, response: { 200: answer('CatalogueItem') } } },
    async (request) => {
      const item = (await catalog.snapshot()).itemBySku.get(request.params.sku);
      if (!item) throw new ErpError({ status: 404, code: 'ERP_NOT_FOUND', message: ERP_MESSAGES.productNotFound });
      return item;
    },
  );

  // Stock and prices as the ERP had them a few seconds ago at most (one read per style for every buyer: no buyer's own
  // prices in it), serialized by the response schema once per read and sent like the hot paths above: in the same tick
  // while the body kept for the style is current, after the reads otherwise.
  api.get(
    '/api/user/b1/products-detail/:sku',
    { ...prepared, schema: { params: skuParams, response: { 200: answer('ProductDetail') } } },
    (request, reply) => {
      const kept = catalog.currentDetailBody(request.params.sku);
      if (kept) {
        sendPrepared(request, reply, kept);
        return undefined;
      }
      return catalog.detailBody(request.params.sku, (detail) => reply.serialize(detail) as string).then((body) => {
        sendPrepared(request, reply, body);
      });
    },
  );

  api.get(
    '/api/user/b1/offer-sku/:sku',
    { ...session, schema: { params: skuParams, response: { 200: answer('OfferLookupResult') } } },
    (request) => catalog.offer(request.params.sku),
  );

  api.post(
    '/api/user/b1/masivo-sku',
    { ...session, schema: { body: massOfferSchema, response: { 200: MASS_OFFERS } } },
    (request) => catalog.massOffers(request.body.items.map((i) => i.code)),
  );
}

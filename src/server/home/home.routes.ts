import type { FastifyInstance } from 'fastify';
import { isAdminRole } from '@shared/roles';
import { skuParams } from '@shared/schemas/params';
import type { HomeService } from './home.service';
import { requireUser } from '../plugins/auth';
import { answer, listOf } from '../http/responses';

/** Home (banner and offers) and the product content record; every route needs a session (buyer or admin). */
export default async function homeRoutes(app: FastifyInstance, opts: { home: HomeService }) {
  const { home } = opts;
  const session = { config: { access: 'session' as const } };

  app.get('/api/user/home', { ...session, schema: { response: { 200: listOf('HomeOfferCard') } } }, () => home.womenCards());
  app.get('/api/user/home/men', { ...session, schema: { response: { 200: listOf('HomeOfferCard') } } }, () => home.menCards());
  app.get('/api/user/home/banner', { ...session, schema: { response: { 200: answer('HomeBanner') } } }, () => home.banner());
  app.get('/api/user/home/offer', { ...session, schema: { response: { 200: listOf('OfferItem') } } }, () => home.offers());
  app.get<{ Params: { sku: string } }>('/api/user/home/offer/:sku', { ...session, schema: { params: skuParams, response: { 200: answer('OfferItem') } } }, (request) => home.offer(request.params.sku));

  app.get<{ Params: { sku: string } }>('/api/user/products/:sku', { ...session, schema: { params: skuParams, response: { 200: answer('ProductContent') } } }, (request) =>
    home.productContent(request.params.sku, isAdminRole(requireUser(request).role)),
  );
}

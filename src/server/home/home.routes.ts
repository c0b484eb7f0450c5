import type { FastifyInstance } from 'fastify';
import { isAdminRole } from '@shared/roles';
import { skuParams } from '@shared/schemas/params';
import type { HomeService } from './home.service';
import { requireUser } from '../plugins/auth';
import { answer, listOf } from '../http/responses';
import type { YupTypeProvider } from '../plugins/validation';

/** Home (banner and offers) and the product content record; every route needs a session (buyer or admin). */
export default async function homeRoutes(app: FastifyInstance, opts: { home: HomeService }) {
  // bodies, queries and path parameters typed from the schemas that validate them
  const api = app.withTypeProvider<YupTypeProvider>();
  const { home } = opts;
  const session = { config: { access: 'session' as const } };

  app.get('/api/user/home', { ...session, schema: { response: { 200: listOf('HomeOfferCard') } } }, () => home.womenCards());
  app.get('/api/user/home/men', { ...session, schema: { response: { 200: listOf('HomeOfferCard') } } }, () => home.menCards());
  app.get('/api/user/home/banner', { ...session, schema: { response: { 200: answer('HomeBanner') } } }, () => home.banner());
  app.get('/api/user/home/offer', { ...session, schema: { response: { 200: listOf('OfferItem') } } }, () => home.offers());
  api.get('/api/user/home/offer/:sku', { ...session, schema: { params: skuParams, response: { 200: answer('OfferItem') } } }, (request) => home.offer(request.params.sku));

  api.get('/api/user/products/:sku', { ...session, schema: { params: skuParams, response: { 200: answer('ProductContent') } } }, (request) =>
    home.productContent(request.params.sku, isAdminRole(requireUser(request).role)),
  );
}

import type { FastifyInstance } from 'fastify';
import { isAdminRole } from '@shared/roles';
import { skuParams } from '@shared/schemas/params';
import type { HomeService } from './home.service';
import { requireUser } from '../plugins/auth';

/** Home (banner and offers) and the product content record; every route needs a session (buyer or admin). */
export default async function homeRoutes(app: FastifyInstance, opts: { home: HomeService }) {
  const { home } = opts;
  const session = { config: { access: 'session' as const } };
  const bySku = { ...session, schema: { params: skuParams } };

  app.get('/api/user/home', session, () => home.womenCards());
  app.get('/api/user/home/men', session, () => home.menCards());
  app.get('/api/user/home/banner', session, () => home.banner());
  app.get('/api/user/home/offer', session, () => home.offers());
  app.get<{ Params: { sku: string } }>('/api/user/home/offer/:sku', bySku, (request) => home.offer(request.params.sku));

  app.get<{ Params: { sku: string } }>('/api/user/products/:sku', bySku, (request) =>
    home.productContent(request.params.sku, isAdminRole(requireUser(request).role)),
  );
}

import type { FastifyPluginAsync } from 'fastify';
import {
  SAVED_LIST_MSG,
  savedListAddSchema,
  savedListChangeSchema,
  savedListIdParams,
  savedListQuantitiesSchema,
  savedListSchema,
  savedListStyleParams,
  savedListToCartSchema,
} from '@shared/schemas/savedLists';
import type { RouteDeps } from '../routeDeps';
import { idempotent } from '../http/idempotency';
import { IdempotencyStore } from '../http/idempotency.repo';
import { requireUser } from '../plugins/auth';
import { answer, MESSAGE } from '../http/responses';
import type { YupTypeProvider } from '../plugins/validation';
import { SERVER_MSG } from '../messages';
import { SavedListsService } from './savedLists.service';

/**
 * The buyer's saved lists (docs/saved-lists.md): the caller's own and the company's shared ones. Reading and 'to cart'
 * are for any reader of a list; every change is for its owner (403 for a colleague, 404 for a list one may not see).
 * Buyers only, as the cart: a rep while representing a customer keeps their own lists for that customer.
 */
const savedListsRoutes: FastifyPluginAsync<Pick<RouteDeps, 'db' | 'erp' | 'customers'>> = async (app, deps) => {
  // bodies, queries and path parameters typed from the schemas that validate them
  const api = app.withTypeProvider<YupTypeProvider>();
  const lists = new SavedListsService(deps.db, deps.erp, deps.customers);
  const guard = { config: { access: 'buyer' as const, capability: 'buy' as const, accessDenied: SERVER_MSG.cartNotForAdmins } };

  api.get('/api/user/saved-lists', { ...guard, schema: { response: { 200: answer('SavedListList') } } }, (request) => lists.list(requireUser(request)));

  api.post('/api/user/saved-lists', { ...guard, schema: { body: savedListSchema, response: { 201: answer('SavedList') } } }, async (request, reply) =>
    reply.status(201).send(await lists.create(requireUser(request), request.body.name)),
  );

  api.get('/api/user/saved-lists/:id', { ...guard, schema: { params: savedListIdParams, response: { 200: answer('SavedListDetail') } } }, (request) =>
    lists.detail(requireUser(request), request.params.id),
  );

  api.patch(
    '/api/user/saved-lists/:id',
    { ...guard, schema: { params: savedListIdParams, body: savedListChangeSchema, response: { 200: answer('SavedList') } } },
    (request) => lists.change(requireUser(request), request.params.id, request.body),
  );

  api.delete('/api/user/saved-lists/:id', { ...guard, schema: { params: savedListIdParams, response: { 200: MESSAGE } } }, async (request) => {
    await lists.remove(requireUser(request), request.params.id);
    return { message: SAVED_LIST_MSG.deleted };
  });

  api.post(
    '/api/user/saved-lists/:id/styles',
    { ...guard, schema: { params: savedListIdParams, body: savedListAddSchema, response: { 200: answer('SavedListStyleAdded') } } },
    (request) => lists.addStyle(requireUser(request), request.params.id, request.body.style),
  );

  api.put(
    '/api/user/saved-lists/:id/styles/:style',
    { ...guard, schema: { params: savedListStyleParams, body: savedListQuantitiesSchema, response: { 200: MESSAGE } } },
    async (request) => {
      await lists.setQuantities(requireUser(request), request.params.id, request.params.style, request.body.quantities);
      return { message: SAVED_LIST_MSG.quantitiesSaved };
    },
  );

  api.delete('/api/user/saved-lists/:id/styles/:style', { ...guard, schema: { params: savedListStyleParams, response: { 200: MESSAGE } } }, async (request) => {
    await lists.removeStyle(requireUser(request), request.params.id, request.params.style);
    return { message: SAVED_LIST_MSG.styleRemoved };
  });

  // One bulk add of the list's quantities (docs/ordering.md), under the same optional Idempotency-Key as
  // POST /api/user/cart/bulk (docs/exactly-once.md): a repeat replays the first answer, stored in the add's transaction.
  const keys = new IdempotencyStore(deps.db, { log: app.log });
  api.post(
    '/api/user/saved-lists/:id/to-cart',
    { ...guard, schema: { params: savedListIdParams, body: savedListToCartSchema, response: { 200: answer('CartBulkResponse') } } },
    (request, reply) =>
      idempotent(keys, request, reply, 'cart', async (recorder) => ({
        status: 200,
        body: await lists.toCart(requireUser(request), request.params.id, recorder && ((tx, body) => recorder.record(tx, { status: 200, body }))),
      })),
  );
};

export default savedListsRoutes;

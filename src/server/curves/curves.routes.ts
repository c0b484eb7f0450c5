import type { FastifyPluginAsync } from 'fastify';
import { CURVE_MSG, curveIdParams, curveSchema } from '@shared/schemas/curves';
import type { RouteDeps } from '../routeDeps';
import { requireUser } from '../plugins/auth';
import { answer, MESSAGE } from '../http/responses';
import { CurvesService } from './curves.service';
import type { YupTypeProvider } from '../plugins/validation';
import { SERVER_MSG } from '../messages';

/**
 * The buyer's own size curves (docs/size-grid.md): GET lists them with the suggested ones; POST, PUT and DELETE write
 * the caller's own (another buyer's curve is 404). Buyers only: admins have no cart to fill.
 */
const curvesRoutes: FastifyPluginAsync<Pick<RouteDeps, 'db'>> = async (app, deps) => {
  // bodies, queries and path parameters typed from the schemas that validate them
  const api = app.withTypeProvider<YupTypeProvider>();
  const curves = new CurvesService(deps.db);
  const guard = { config: { access: 'buyer' as const, capability: 'buy' as const, accessDenied: SERVER_MSG.cartNotForAdmins } };

  app.get('/api/user/curves', { ...guard, schema: { response: { 200: answer('SizeCurveList') } } }, (request) => curves.list(requireUser(request).id));

  api.post('/api/user/curves', { ...guard, schema: { body: curveSchema, response: { 201: answer('SizeCurve') } } }, async (request, reply) =>
    reply.status(201).send(await curves.create(requireUser(request).id, request.body)),
  );

  api.put(
    '/api/user/curves/:id',
    { ...guard, schema: { params: curveIdParams, body: curveSchema, response: { 200: answer('SizeCurve') } } },
    (request) => curves.update(requireUser(request).id, request.params.id, request.body),
  );

  api.delete('/api/user/curves/:id', { ...guard, schema: { params: curveIdParams, response: { 200: MESSAGE } } }, async (request) => {
    await curves.remove(requireUser(request).id, request.params.id);
    return { message: CURVE_MSG.deleted };
  });
};

export default curvesRoutes;

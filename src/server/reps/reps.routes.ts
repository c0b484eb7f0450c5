import type { FastifyInstance, FastifyPluginAsync, onResponseHookHandler } from 'fastify';
import { repCardCodeParams, repCustomersQuerySchema, repEmptySchema } from '@shared/schemas/reps';
import { AuditLog } from '../audit/auditLog';
import type { Db } from '../db/connect';
import { answer } from '../http/responses';
import { requireUser } from '../plugins/auth';
import type { YupTypeProvider } from '../plugins/validation';
import type { RepCustomersService } from './repCustomers.service';
import type { RepresentationService } from './representation.service';

/**
 * The sales reps' own routes (docs/sales-reps.md): 'Mis clientes', and starting and ending representing a customer.
 * While representing, the rep uses the buyer routes as the customer (plugins/auth.ts decides the acting company on each
 * request).
 */
const repsRoutes: FastifyPluginAsync<{ representations: RepresentationService; customers: RepCustomersService }> = async (app, { representations, customers }) => {
  const api = app.withTypeProvider<YupTypeProvider>();
  const rep = { config: { access: 'rep' as const, accessDenied: 'Solo un vendedor puede atender clientes' } };
  const represented = answer('RepresentResponse');

  api.get('/api/rep/customers', { ...rep, schema: { querystring: repCustomersQuerySchema, response: { 200: answer('RepCustomerList') } } }, (request) =>
    customers.list(requireUser(request), request.query),
  );

  // the literal before the parameter: 'end' is no CardCode
  api.post('/api/rep/represent/end', { ...rep, schema: { body: repEmptySchema, response: { 200: represented } } }, (request) => representations.end(requireUser(request)));

  api.post('/api/rep/represent/:cardCode', { ...rep, schema: { params: repCardCodeParams, body: repEmptySchema, response: { 200: represented } } }, (request) =>
    representations.represent(requireUser(request), request.params.cardCode),
  );
};

export default repsRoutes;

const METHOD_ACTION = { POST: 'create', PUT: 'update', PATCH: 'update', DELETE: 'delete' } as const;

/**
 * Every change a rep makes while representing a customer is audited as '{rep} en nombre de {company}': one row per
 * request that changed something (a non-GET answered below 400), naming the route, after the answer is sent. The hook
 * is given only to the routes that change something (a method of METHOD_ACTION), as they are added: a GET (the hot
 * reads) never runs it. Call before any such route is added.
 */
export function auditRepresentedActions(app: FastifyInstance, db: Db): void {
  const audit: onResponseHookHandler = (request, reply, done) => {
    const action = METHOD_ACTION[request.method as keyof typeof METHOD_ACTION];
    const user = request.sessionUser;
    const acting = user?.rep?.representing;
    if (!action || !user || !acting || reply.statusCode >= 400) return done();
    AuditLog.record(db, {
      actor: user,
      action,
      entity: 'representation',
      entityId: acting.representationId,
      details: { route: `${request.method} ${request.routeOptions.url ?? request.url}`, status: reply.statusCode },
    }).then(
      () => done(),
      (err: unknown) => {
        request.log.error({ err }, 'auditoría de vendedor: no se pudo registrar');
        done();
      },
    );
  };
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (!methods.some((method) => method in METHOD_ACTION)) return;
    // starting and ending a representation audit themselves, in their own transaction
    if (route.url.startsWith('/api/rep/represent')) return;
    const existing = route.onResponse ? (Array.isArray(route.onResponse) ? route.onResponse : [route.onResponse]) : [];
    route.onResponse = [...existing, audit];
  });
}

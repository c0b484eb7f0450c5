import type { FastifyInstance } from 'fastify';
import { userIdParams } from '@shared/schemas/params';
import { updateProfileSchema } from '@shared/schemas/profile';
import { HttpError } from '../errors';
import type { ErpService } from '../erp/erp.service';
import type { CustomerDirectory } from './customers.service';
import { requireUser } from '../plugins/auth';
import { preparedPerValue, PREPARED, sendPrepared } from '../http/preparedBody';
import { answer, listOf } from '../http/responses';
import type { YupTypeProvider } from '../plugins/validation';
import { SERVER_MSG } from '../messages';

export default async function profileRoutes(app: FastifyInstance, opts: { erp: ErpService; customers: CustomerDirectory }) {
  // bodies, queries and path parameters typed from the schemas that validate them
  const api = app.withTypeProvider<YupTypeProvider>();
  const { erp, customers } = opts;

  api.get(
    '/api/user/b1/profile/:userId',
    { config: { access: 'buyer', capability: 'browse' }, schema: { params: userIdParams, response: { 200: answer('CustomerProfile') } } },
    async (request) => {
      const user = requireUser(request);
      if (request.params.userId !== user.id) throw new HttpError(403, SERVER_MSG.forbidden);
      return customers.profileOf(user);
    },
  );

  api.post(
    '/api/user/b1/update-profile',
    { config: { access: 'buyer', capability: 'people' }, schema: { body: updateProfileSchema, response: { 200: answer('CustomerProfile') } } },
    async (request) => {
      const cardCode = await customers.assertOwn(requireUser(request), request.body.businessPartner);
      const { giro, mail, telefono, direcciones } = request.body;
      return erp.updateCustomer(cardCode, { giro, mail, telefono, direcciones });
    },
  );

  // the ERP's reference lists, held in memory by the ERP service: each list serialized, compressed and tagged once
  const regions = preparedPerValue();
  const countries = preparedPerValue();
  app.get('/api/user/b1/region', { ...PREPARED, config: { access: 'session' }, schema: { response: { 200: listOf('Region') } } }, async (request, reply) =>
    sendPrepared(request, reply, regions(reply, await erp.listRegions())),
  );
  app.get('/api/user/b1/pais', { ...PREPARED, config: { access: 'session' }, schema: { response: { 200: listOf('Country') } } }, async (request, reply) =>
    sendPrepared(request, reply, countries(reply, await erp.listCountries())),
  );
}

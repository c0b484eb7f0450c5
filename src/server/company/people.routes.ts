import type { FastifyPluginAsync } from 'fastify';
import { PEOPLE_MSG, personAddSchema, personChangeSchema, personIdParams, personStateSchema } from '@shared/schemas/companyPeople';
import type { CompanyPersonAnswer } from '@shared/api/companyPeople';
import { requireUser } from '../plugins/auth';
import { answer, listOf } from '../http/responses';
import type { YupTypeProvider } from '../plugins/validation';
import { UsersRepo } from '../users/users.repo';
import { createContactActiveHandler, ERP_CONTACT_ACTIVE_JOB } from './contactActiveJob';
import { PeopleService, type PeopleDeps } from './people.service';

/**
 * 'Mi empresa → Personas' (docs/company-people.md): the people of the caller's company, for its Administrador. A person
 * of another company is a 404.
 */
const peopleRoutes: FastifyPluginAsync<PeopleDeps> = async (app, deps) => {
  // bodies, queries and path parameters typed from the schemas that validate them
  const api = app.withTypeProvider<YupTypeProvider>();
  const people = new PeopleService(deps);
  // the ERP contact follows a deactivation or reactivation through the outbox
  deps.worker.register(ERP_CONTACT_ACTIVE_JOB, createContactActiveHandler({ users: new UsersRepo(deps.db), erp: deps.erp, customers: deps.customers, log: app.log }));
  const guard = { config: { access: 'buyer' as const, capability: 'people' as const } };
  const person = answer('CompanyPersonAnswer');

  app.get('/api/user/company/people', { ...guard, schema: { response: { 200: listOf('CompanyPerson') } } }, (request) => people.list(requireUser(request)));

  api.post('/api/user/company/people', { ...guard, schema: { body: personAddSchema, response: { 201: person } } }, async (request, reply) => {
    const added: CompanyPersonAnswer = { person: await people.add(requireUser(request), request.body), message: PEOPLE_MSG.added };
    return reply.status(201).send(added);
  });

  api.put(
    '/api/user/company/people/:id',
    { ...guard, schema: { params: personIdParams, body: personChangeSchema, response: { 200: person } } },
    async (request): Promise<CompanyPersonAnswer> => ({ person: await people.change(requireUser(request), request.params.id, request.body), message: PEOPLE_MSG.changed }),
  );

  api.post(
    '/api/user/company/people/:id/deactivate',
    { ...guard, schema: { params: personIdParams, body: personStateSchema, response: { 200: person } } },
    async (request): Promise<CompanyPersonAnswer> => ({ person: await people.setActive(requireUser(request), request.params.id, false), message: PEOPLE_MSG.deactivated }),
  );

  // a new set-your-password link by mail (the first expired, or the password was forgotten)
  api.post(
    '/api/user/company/people/:id/password-link',
    { ...guard, schema: { params: personIdParams, body: personStateSchema, response: { 200: person } } },
    async (request): Promise<CompanyPersonAnswer> => ({ person: await people.sendPasswordLink(requireUser(request), request.params.id), message: PEOPLE_MSG.linkSent }),
  );

  api.post(
    '/api/user/company/people/:id/reactivate',
    { ...guard, schema: { params: personIdParams, body: personStateSchema, response: { 200: person } } },
    async (request): Promise<CompanyPersonAnswer> => ({ person: await people.setActive(requireUser(request), request.params.id, true), message: PEOPLE_MSG.reactivated }),
  );
};

export default peopleRoutes;

import type { FastifyInstance } from 'fastify';
import type { AdminSalesPersonList, AdminUser, DeleteUserResponse, ErpCustomerLookup } from '@shared/api/adminUsers';
import { USER_MSG, erpCustomerParamsSchema, isNewUserId, userIdParamsSchema, userSaveSchema, userListQuerySchema, usernameParamsSchema, type UserCreateForm, type UserUpdateForm } from '@shared/schemas/users';
import type { Db } from '../db/connect';
import type { ErpService } from '../erp/erp.service';
import type { Outbox } from '../jobs/outbox.repo';
import { HttpError } from '../errors';
import { AdminUsersService } from './users.service';
import { requireUser } from '../plugins/auth';
import { answer, listOf } from '../http/responses';
import { sendCsv, toCsv } from '../http/csv';
import { CompanyNames } from '../profile/companyNames';
import { AdminUserList, USER_CSV } from './userList.service';
import type { YupTypeProvider } from '../plugins/validation';

interface Opts {
  db: Db;
  /** A buyer's rut must be an ERP customer (creation, and the form's look-up). */
  erp: ErpService;
  /** Where a person's deactivation or reactivation queues their ERP contact's follow-up (company/contactActiveJob.ts). */
  outbox?: Outbox;
  /** The buyers' company names for the paged list (absent: a private cache of its own). */
  companies?: CompanyNames;
}

/**
 * Users (R-ADM-USR-1 to R-ADM-USR-4): list, one by id or by rut, create or update (POST, with an id it updates),
 * delete; the ERP's active sales employees for a sales rep's form. ADMIN and SUPERADMIN only; what each may touch is the service's.
 */
export default async function adminUsersRoutes(app: FastifyInstance, opts: Opts) {
  // bodies, queries and path parameters typed from the schemas that validate them
  const api = app.withTypeProvider<YupTypeProvider>();
  const service = new AdminUsersService(opts.db, (userId) => app.forgetSession(userId), opts.erp, opts.outbox);
  // the role is checked in onRequest (plugins/auth.ts), before the body is even parsed or validated
  const admin = { config: { access: 'admin' as const } };

  app.get('/api/admin/users', { ...admin, schema: { response: { 200: listOf('AdminUser') } } }, (request): Promise<AdminUser[]> => service.list(requireUser(request)));

  // 'Usuarios' page by page: search, filters, sort, the ERP company, CSV (src/shared/api/adminUsers.ts).
  const list = new AdminUserList({ db: opts.db, companies: opts.companies ?? new CompanyNames(opts.erp), salesPersons: () => opts.erp.salesPersons() });
  api.get(
    '/api/admin/users/list',
    { ...admin, schema: { querystring: userListQuerySchema, response: { 200: answer('AdminUserPage') } } },
    async (request, reply) => {
      const actor = requireUser(request);
      if (request.query.format === 'csv') return sendCsv(reply, 'usuarios', toCsv(USER_CSV, await list.exportRows(actor, request.query)));
      return list.page(actor, request.query);
    },
  );

  api.get(
    '/api/admin/users/find/by/:username',
    { ...admin, schema: { params: usernameParamsSchema, response: { 200: answer('AdminUser') } } },
    (request): Promise<AdminUser> => service.findByUsername(requireUser(request), request.params.username),
  );

  // The company a new buyer's rut belongs to in the ERP, shown by the form before saving.
  api.get(
    '/api/admin/users/erp-customer/:rut',
    { ...admin, schema: { params: erpCustomerParamsSchema, response: { 200: answer('ErpCustomerLookup') } } },
    async (request): Promise<ErpCustomerLookup> => {
      const customer = await service.erpCustomer(request.params.rut);
      if (!customer) throw new HttpError(404, USER_MSG.notErpCustomer);
      return customer;
    },
  );

  // The ERP's active sales employees, for the form of a sales rep (VENDEDOR).
  app.get('/api/admin/sales-persons', { ...admin, schema: { response: { 200: answer('AdminSalesPersonList') } } }, (): Promise<AdminSalesPersonList> => service.activeSalesPersons());

  api.get(
    '/api/admin/users/:id',
    { ...admin, schema: { params: userIdParamsSchema, response: { 200: answer('AdminUser') } } },
    (request): Promise<AdminUser> => service.get(requireUser(request), request.params.id),
  );

  api.post('/api/admin/users', { ...admin, schema: { body: userSaveSchema, response: { 200: answer('AdminUser'), 201: answer('AdminUser') } } }, async (request, reply) => {
    const body = request.body;
    if (!isNewUserId((body as UserUpdateForm).id)) return service.update(requireUser(request), body as UserUpdateForm);
    return reply.code(201).send(await service.create(requireUser(request), body as UserCreateForm));
  });

  api.delete(
    '/api/admin/users/:id',
    { ...admin, schema: { params: userIdParamsSchema, response: { 200: answer('DeleteUserResponse') } } },
    async (request): Promise<DeleteUserResponse> => {
      await service.delete(requireUser(request), request.params.id);
      return { message: USER_MSG.deleted };
    },
  );
}

import type { FastifyPluginAsync } from 'fastify';
import { approveSchema, rejectApprovalSchema } from '@shared/schemas/companyApprovals';
import { orderIdParams } from '@shared/schemas/orders';
import { CartRepo } from '../cart/cart.repo';
import { CartService } from '../cart/cart.service';
import { answer } from '../http/responses';
import type { OrderMailService } from '../mail/orderMail.service';
import { OrderRepo } from '../orders/orders.repo';
import { requireUser } from '../plugins/auth';
import type { YupTypeProvider } from '../plugins/validation';
import type { RouteDeps } from '../routeDeps';
import { ApprovalsRepo } from './approvals.repo';
import { ApprovalService } from './approvals.service';

/**
 * Mi empresa: Por aprobar (docs/company-people.md): the acting company's orders that wait for its approval, and the
 * approver's decision. Aprobadores and Administradores only ('approve'); another company's order is a 404.
 */
const approvalsRoutes: FastifyPluginAsync<RouteDeps & { orderMail: OrderMailService }> = async (app, deps) => {
  const api = app.withTypeProvider<YupTypeProvider>();
  const cartRepo = new CartRepo(deps.db);
  const service = new ApprovalService({
    ...deps,
    orders: new OrderRepo(deps.db),
    approvals: new ApprovalsRepo(deps.db),
    cart: new CartService(deps.db, cartRepo, deps.erp, deps.customers),
    cartRepo,
    log: app.log,
  });
  const approver = { config: { access: 'buyer' as const, capability: 'approve' as const } };

  api.get('/api/user/company/approvals', { ...approver, schema: { response: { 200: answer('CompanyApprovalList') } } }, (request) =>
    service.list(requireUser(request)),
  );

  api.post(
    '/api/user/company/approvals/:id/approve',
    // a 409 of changed prices or stock carries `approval`: what changed and the order as it is now
    { ...approver, schema: { params: orderIdParams, body: approveSchema, response: { 200: answer('CompanyApprovalDecision') } } },
    (request) => service.approve(requireUser(request), request.params.id, request.body.total),
  );

  api.post(
    '/api/user/company/approvals/:id/reject',
    { ...approver, schema: { params: orderIdParams, body: rejectApprovalSchema, response: { 200: answer('CompanyApprovalDecision') } } },
    (request) => service.reject(requireUser(request), request.params.id, request.body.reason),
  );
};

export default approvalsRoutes;

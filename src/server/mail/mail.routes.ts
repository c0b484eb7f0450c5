import type { FastifyInstance } from 'fastify';
import { orderMailSchema } from '@shared/schemas/orders';
import type { OrderMailService } from './orderMail.service';
import { requireUser } from '../plugins/auth';
import { MESSAGE } from '../http/responses';
import type { YupTypeProvider } from '../plugins/validation';

/** POST /api/user/sendmail/order: the notification of a reservation (R-MAIL-1; docs/mail.md). */
export default async function mailRoutes(app: FastifyInstance, opts: { orderMail: OrderMailService }) {
  // bodies, queries and path parameters typed from the schemas that validate them
  const api = app.withTypeProvider<YupTypeProvider>();
  const { orderMail } = opts;
  api.post(
    '/api/user/sendmail/order',
    { config: { access: 'buyer', capability: 'buy' }, schema: { body: orderMailSchema, response: { 202: MESSAGE } } },
    async (request, reply) => reply.code(202).send(await orderMail.notify(requireUser(request), request.body)),
  );
}

import type { FastifyInstance } from 'fastify';
import { CUSTOMER_REQUEST_MSG, customerRequestSchema } from '@shared/schemas/customerRequest';
import { HttpError } from '../errors';
import type { CustomerRequestService } from './customerRequest.service';
import { MESSAGE } from '../http/responses';
import type { YupTypeProvider } from '../plugins/validation';

/**
 * Requests one address may send per window: enough for a real office, too few for a mail cannon. Counted after the
 * body is validated (preHandler): a form the server refused sent no mail and does not use up the visitor's five.
 */
export const CUSTOMER_REQUEST_LIMIT = { max: 5, timeWindow: '1 hour', hook: 'preHandler' } as const;

/**
 * POST /api/user/sendmail: the customer creation request, anonymous, validated with the form's schema, limited per
 * address. `senderTo` is ignored: a visitor cannot choose where the mail goes.
 */
export default async function customerRequestRoutes(app: FastifyInstance, opts: { customerRequests: CustomerRequestService }) {
  // bodies, queries and path parameters typed from the schemas that validate them
  const api = app.withTypeProvider<YupTypeProvider>();
  api.post(
    '/api/user/sendmail',
    {
      schema: { body: customerRequestSchema, response: { 202: MESSAGE } },
      config: {
        access: 'public',
        rateLimit: {
          ...CUSTOMER_REQUEST_LIMIT,
          errorResponseBuilder: () => new HttpError(429, CUSTOMER_REQUEST_MSG.tooManyRequests),
        },
      },
    },
    async (request, reply) => reply.code(202).send(await opts.customerRequests.send(request.body)),
  );
}

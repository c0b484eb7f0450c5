import type { FastifyInstance } from 'fastify';
import { CUSTOMER_REQUEST_MSG, customerRequestSchema } from '@shared/schemas/customerRequest';
import { HttpError } from '../errors';
import type { CustomerRequestService } from './customerRequest.service';
import type { Db } from '../db/connect';
import { parseWindowMs } from '../security/loginLimits';
import { SharedLimit } from '../security/sharedLimit';
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
export default async function customerRequestRoutes(app: FastifyInstance, opts: { customerRequests: CustomerRequestService; db: Db }) {
  // CUSTOMER_REQUEST_LIMIT counted in the database, so every instance counts the same requests (docs/scale-out.md);
  // the plugin's in-memory count of the same limit stays in front of it, sparing the query to a flood on one instance
  const shared = new SharedLimit(opts.db, 'customer-request', CUSTOMER_REQUEST_LIMIT.max, parseWindowMs(CUSTOMER_REQUEST_LIMIT.timeWindow));
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
    async (request, reply) => {
      if (!(await shared.allow(request.ip))) throw new HttpError(429, CUSTOMER_REQUEST_MSG.tooManyRequests);
      return reply.code(202).send(await opts.customerRequests.send(request.body));
    },
  );
}

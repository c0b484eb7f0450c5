import type { FastifyInstance } from 'fastify';
import { orderIdParams } from '@shared/schemas/orders';
import { paymentLinkCreateSchema, paymentLinkPaySchema, paymentLinkTokenParams } from '@shared/schemas/paymentLinks';
import type { PaymentProvider } from '@shared/payments';
import { idempotent } from '../http/idempotency';
import { IdempotencyStore } from '../http/idempotency.repo';
import { answer } from '../http/responses';
import { requireUser } from '../plugins/auth';
import type { YupTypeProvider } from '../plugins/validation';
import type { PaymentsArea } from './area';

/** The customer's page reads and pays a link without a session: limited per address like the other public routes. */
const publicLink = { access: 'public' as const, rateLimit: { max: 60, timeWindow: '1 minute' } };

/**
 * The payment link (docs/sales-reps.md#payment-link): a representing rep sends it (Idempotency-Key: a repeat answers
 * the same link, one mail), the customer reads and pays it without logging in.
 */
export default async function paymentLinkRoutes(app: FastifyInstance, opts: { area: PaymentsArea }) {
  const api = app.withTypeProvider<YupTypeProvider>();
  const { links } = opts.area;
  const keys = new IdempotencyStore(opts.area.service.db, { log: app.log });
  const buyer = { config: { access: 'buyer' as const, capability: 'buy' as const } };

  api.post(
    '/api/orders/:id/payment-link',
    { ...buyer, schema: { params: orderIdParams, body: paymentLinkCreateSchema, response: { 200: answer('PaymentLinkStatus') } } },
    (request, reply) =>
      idempotent(keys, request, reply, 'paymentLink', async (recorder) => ({
        status: 200,
        body: await links.send(requireUser(request), request.params.id, recorder),
      })),
  );

  api.get('/api/orders/:id/payment-link', { ...buyer, schema: { params: orderIdParams, response: { 200: answer('PaymentLinkStatus') } } }, (request) =>
    links.current(requireUser(request), request.params.id),
  );

  api.get(
    '/api/public/payment-links/:token',
    { config: publicLink, schema: { params: paymentLinkTokenParams, response: { 200: answer('PaymentLinkView') } } },
    async (request, reply) => reply.header('cache-control', 'no-store').send(await links.view(request.params.token)),
  );

  api.post(
    '/api/public/payment-links/:token/pay',
    { config: publicLink, schema: { params: paymentLinkTokenParams, body: paymentLinkPaySchema, response: { 200: answer('PaymentLinkPayResponse') } } },
    (request) => links.pay(request.params.token, request.body.provider as PaymentProvider),
  );
}

import fastifyFormbody from '@fastify/formbody';
import type { FastifyInstance, FastifyPluginAsync, FastifyReply } from 'fastify';
import { idempotent } from '../http/idempotency';
import { IdempotencyStore } from '../http/idempotency.repo';
import type { PaymentsArea } from './area';
import paymentLinkRoutes from './paymentLinks.routes';
import { KHIPU_NOTIFY_PATH } from './khipu.service';
import { payPreviewSchema } from '@shared/schemas/account';
import { erpPaymentSchema, khipuCreateSchema, paymentIdParams, tokenParams, webpayCreateSchema, webpayUpdateSchema } from '@shared/schemas/payments';
import { WEBPAY_RETURN_PATH } from './webpay.service';
import { requireUser } from '../plugins/auth';
import type { YupTypeProvider } from '../plugins/validation';
import { answer } from '../http/responses';

export interface PaymentRoutesOptions {
  area: PaymentsArea;
  /** How long pay-invoice / pay-account wait for the ERP before answering PENDING. Default 5 000 ms. */
  deliverNowMs?: number;
}

/** Callbacks of the providers: no session and no anti-forgery token (they carry their own proof), a rate limit. */
const providerCallback = { access: 'provider' as const, xsrf: false, rateLimit: { max: 300, timeWindow: '1 minute' } };

/**
 * Card (WebPay Plus) and bank-transfer (Khipu) payments (R-PAY-WEB-1, R-PAY-KHI-1), the providers' callbacks, and the
 * ERP registration the browser asks about. Buyers reach only their own payments.
 */
const paymentRoutes: FastifyPluginAsync<PaymentRoutesOptions> = async (app, opts) => {
  // bodies, queries and path parameters typed from the schemas that validate them
  const api = app.withTypeProvider<YupTypeProvider>();
  const { area } = opts;
  // Webpay's return comes as an urlencoded form (POST) or a query (GET). Scoped to this plugin.
  if (!app.hasContentTypeParser('application/x-www-form-urlencoded')) await app.register(fastifyFormbody);
  // an order's payment is a buyer's, pending invoices' a finance person's: the service checks which one the payment is
  const buyer = { config: { access: 'buyer' as const, capability: ['buy', 'finance'] as const } };
  // Optional Idempotency-Key on the creates: the provider is called outside any transaction, its answer stored after.
  const keys = new IdempotencyStore(area.service.db, { log: app.log });

  // --- WebPay Plus ---

  api.post('/api/user/tbk/create', { ...buyer, schema: { body: webpayCreateSchema, response: { 200: answer('WebpayCreateResponse') } } }, (request, reply) =>
    idempotent(keys, request, reply, 'webpay', async () => ({ status: 200, body: await area.webpay.create(requireUser(request), request.body) })),
  );

  api.put('/api/user/tbk/confirm/:token', { ...buyer, schema: { params: tokenParams, response: { 200: answer('CardPaymentResult') } } }, (request) =>
    area.webpay.confirm(requireUser(request), request.params.token),
  );

  api.get('/api/user/tbk/state/:token', { ...buyer, schema: { params: tokenParams, response: { 200: answer('CardPaymentResult') } } }, (request) =>
    area.webpay.state(requireUser(request), request.params.token),
  );

  api.post(
    '/api/user/tbk/update-tbk',
    { ...buyer, schema: { body: webpayUpdateSchema, response: { 200: answer('CardPaymentResult') } } },
    (request) => area.webpay.state(requireUser(request), (request.body.token || request.body.token_ws || request.body.TBK_TOKEN)!),
  );

  const webpayReturn = async (params: Record<string, unknown>, reply: FastifyReply) => {
    const location = await area.webpay.handleReturn(params);
    return reply.header('cache-control', 'no-store').redirect(location, 303);
  };
  // WebPay's return has no schema: whatever it sends is read by handleReturn, which checks it against the payment
  // eslint-disable-next-line no-restricted-syntax
  app.get<{ Querystring: Record<string, unknown> }>(WEBPAY_RETURN_PATH, { config: providerCallback }, (request, reply) =>
    webpayReturn({ ...(request.query ?? {}) }, reply),
  );
  // eslint-disable-next-line no-restricted-syntax
  app.post<{ Querystring: Record<string, unknown>; Body: unknown }>(WEBPAY_RETURN_PATH, { config: providerCallback }, (request, reply) => {
    const body = request.body && typeof request.body === 'object' ? (request.body as Record<string, unknown>) : {};
    return webpayReturn({ ...(request.query ?? {}), ...body }, reply);
  });

  // --- Khipu ---

  api.post('/api/user/khipu/payments', { ...buyer, schema: { body: khipuCreateSchema, response: { 200: answer('KhipuCreateResponse') } } }, (request, reply) =>
    idempotent(keys, request, reply, 'khipu', async () => ({ status: 200, body: await area.khipu.create(requireUser(request), request.body) })),
  );

  api.get('/api/user/khipu/payments/:id', { ...buyer, schema: { params: paymentIdParams, response: { 200: answer('TransferPaymentStatus') } } }, (request) =>
    area.khipu.status(requireUser(request), request.params.id),
  );

  api.post('/api/user/khipu/payments/:id/confirm', { ...buyer, schema: { params: paymentIdParams, response: { 200: answer('TransferPaymentStatus') } } }, (request) =>
    area.khipu.status(requireUser(request), request.params.id),
  );

  await app.register(khipuNotifyRoute, { area });
  await app.register(paymentLinkRoutes, { area });

  // --- the netted payment of the cuenta corriente: what a selection charges (the create resolves it the same way) ---

  api.post(
    '/api/user/account/pay/preview',
    { config: { access: 'buyer', capability: 'finance' }, schema: { body: payPreviewSchema, response: { 200: answer('AccountPayPreview') } } },
    (request) => area.service.previewDocuments(requireUser(request), request.body.documents),
  );

  // --- the ERP registration of a confirmed payment ---

  const erpRoute = (path: string, kind: 'invoice' | 'account') =>
    api.post(path, { ...buyer, schema: { body: erpPaymentSchema, response: { 200: answer('ErpPaymentResponse'), 202: answer('ErpPaymentResponse') } } }, async (request, reply) => {
      const answer = await area.service.erpAnswer(requireUser(request), request.body.paymentId, kind, opts.deliverNowMs);
      return reply.status(answer.erp === 'SENT' ? 200 : 202).send(answer);
    });
  erpRoute('/api/user/b1/pay-invoice', 'invoice');
  erpRoute('/api/user/b1/pay-account', 'account');
};

/**
 * Khipu's notification in its own scope: the body is kept as raw bytes (the signature covers them exactly as sent;
 * a re-serialised JSON would not match).
 */
async function khipuNotifyRoute(app: FastifyInstance, opts: { area: PaymentsArea }) {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 256 * 1024 }, (_request, body, done) => done(null, body));
  app.post(KHIPU_NOTIFY_PATH, { config: providerCallback }, async (request, reply) => {
    const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
    const answer = await opts.area.khipu.notify(raw, request.headers['x-khipu-signature']);
    return reply.status(answer.status).send({ status: answer.status, message: answer.message });
  });
}

export default paymentRoutes;

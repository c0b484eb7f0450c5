// Builds the payments area: the provider-neutral service, WebPay and Khipu, the ERP payment jobs on the outbox worker
// and the reconciler. app.ts builds it once and registers its routes; main.ts gives it the providers' clients.
import type { FastifyBaseLogger } from 'fastify';
import type { DteProvider } from '../account/dteProvider';
import { CartRepo } from '../cart/cart.repo';
import type { Db } from '../db/connect';
import type { ErpService } from '../erp/erp.service';
import type { KhipuClient } from '../integrations/khipu';
import type { WebpayClient } from '../integrations/webpay';
import type { OutboxWorker } from '../jobs/outbox';
import type { Outbox } from '../jobs/outbox.repo';
import { PaymentReconciler } from '../jobs/reconciler';
import { OrderRepo } from '../orders/orders.repo';
import type { CustomerDirectory } from '../profile/customers.service';
import { createErpPaymentHandler } from './erpPaymentJobs';
import { KhipuPayments } from './khipu.service';
import { PaymentLinkService } from './paymentLinks.service';
import { PaymentRepo } from './payments.repo';
import { ERP_PAY_INVOICES_JOB, ERP_PAYMENT_JOB, PaymentService } from './payments.service';
import { WebpayPayments } from './webpay.service';

/** The payment providers and their settings (AppDeps.payments). */
export interface PaymentProviders {
  webpay: WebpayClient;
  khipu: KhipuClient;
  /** Khipu's merchant secret (notification signatures). */
  khipuSecret: string;
  /** Khipu's receiver_id; notifications and payments of another one are never settled. Absent: not checked. */
  khipuReceiverId?: number;
  /** WebPay: nothing committed this long after create → EXPIRED. Default 16 min. */
  webpayExpireAfterMs?: number;
  /** Khipu: a charge's lifetime (expires_date). Default 2 h. */
  khipuExpireAfterMs?: number;
  /** Khipu: notifications signed further than this from now, in the past or the future, are refused. Default 15 min. */
  khipuNotifyWindowMs?: number;
  /** The reconciler: pause between runs (default 30 s), minimum age (60 s); `autoStart: false` leaves it stopped. */
  reconciler?: { intervalMs?: number; minAgeMs?: number; autoStart?: boolean };
  /** A card/transfer order whose payment never started is canceled (its lines back in the cart) after this. Default 30 min. */
  abandonedOrderAfterMs?: number;
  /** How long a rep's payment link can be used (PAYMENT_LINK_TTL). Default 48 h; its order waits for it that long. */
  paymentLinkTtlMs?: number;
}

export interface PaymentsArea {
  service: PaymentService;
  webpay: WebpayPayments;
  khipu: KhipuPayments;
  reconciler: PaymentReconciler;
  links: PaymentLinkService;
}

export function createPayments(deps: {
  db: Db;
  erp: ErpService;
  customers: CustomerDirectory;
  outbox: Outbox;
  worker: OutboxWorker;
  publicUrl: string;
  brandName: string;
  mailDomain: string;
  /** Seals the payment links in their queued mails. */
  sealKey: Buffer;
  log: FastifyBaseLogger;
  providers: PaymentProviders;
  /** The SII state of the documents (a ceded invoice is never paid here). Default: the B1 provider. */
  dte?: DteProvider;
}): PaymentsArea {
  const { db, erp, providers, log } = deps;
  const repo = new PaymentRepo(db);
  const orders = new OrderRepo(db);
  const service = new PaymentService({ ...deps, repo, orders, cart: new CartRepo(db), abandonedOrderAfterMs: providers.abandonedOrderAfterMs });
  const webpay = new WebpayPayments({ service, client: providers.webpay, publicUrl: deps.publicUrl, log, expireAfterMs: providers.webpayExpireAfterMs });
  const khipu = new KhipuPayments({
    service,
    client: providers.khipu,
    secret: providers.khipuSecret,
    receiverId: providers.khipuReceiverId,
    publicUrl: deps.publicUrl,
    brandName: deps.brandName,
    log,
    expireAfterMs: providers.khipuExpireAfterMs,
    notifyWindowMs: providers.khipuNotifyWindowMs,
  });
  const handler = createErpPaymentHandler({ payments: repo, orders, erp, log });
  deps.worker.register(ERP_PAYMENT_JOB, handler);
  deps.worker.register(ERP_PAY_INVOICES_JOB, handler);
  const reconciler = new PaymentReconciler({
    repo,
    handlers: { WEBPAY: (p) => webpay.reconcile(p), KHIPU: (p) => khipu.reconcile(p) },
    intervalMs: providers.reconciler?.intervalMs,
    minAgeMs: providers.reconciler?.minAgeMs,
    sweepAbandonedOrders: () => orders.cancelAbandoned(providers.abandonedOrderAfterMs ?? 30 * 60_000),
    logger: log,
  });
  const links = new PaymentLinkService({ ...deps, orders, service, webpay, khipu, ttlMs: providers.paymentLinkTtlMs });
  return { service, webpay, khipu, reconciler, links };
}

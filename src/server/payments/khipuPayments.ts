// Khipu v3 bank-transfer payments (PROTOCOLS.md §2): create, the state read from Khipu (the /return page polls it),
// the signed notification, and the reconciler's check of pending ones. Reaching return_url proves nothing: only the
// API or a correctly signed notification confirms money.
import type { FastifyBaseLogger } from 'fastify';
import type { KhipuCreateRequest, KhipuCreateResponse, TransferPaymentStatus } from '../../shared/api/payments';
import { fill } from '../../shared/messages';
import { isKhipuPaid, PROVIDER_NAMES, transferTransactionId } from '../../shared/payments';
import type { PaymentRow } from '../db/schema';
import { HttpError } from '../errors';
import {
  isKhipuError,
  parseKhipuNotification,
  verifyNotificationSignature,
  type KhipuClient,
  type KhipuNotification,
  type KhipuPayment,
} from '../integrations/khipu';
import type { SessionUser } from '../plugins/auth';
import type { PaymentService } from './paymentService';
import { PAYMENT_TEXTS } from './texts';

export const KHIPU_NOTIFY_PATH = '/api/payments/khipu/notify';
export const TRANSFER_RETURN_PATH = '/return';

type StoredKhipuResult = Partial<KhipuPayment> & { portal_note?: string; notification?: boolean };

export interface KhipuPaymentsOptions {
  service: PaymentService;
  client: KhipuClient;
  /** The merchant secret that signs notifications. */
  secret: string;
  /** The collection account (receiver_id); notifications and payments of another one are refused. Absent: not checked. */
  receiverId?: number;
  publicUrl: string;
  brandName: string;
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
  /** A charge can be paid for this long (its expires_date); a pending one older is deleted at Khipu and EXPIRED. Default 2 h. */
  expireAfterMs?: number;
}

export class KhipuPayments {
  private readonly inflight = new Map<string, Promise<PaymentRow>>();
  private readonly expireAfterMs: number;

  constructor(private readonly opts: KhipuPaymentsOptions) {
    this.expireAfterMs = opts.expireAfterMs ?? 2 * 3_600_000;
  }

  /** POST /user/khipu/payments: the caller's order or pending invoices; amount, subject and URLs are the server's. */
  async create(user: SessionUser, request: KhipuCreateRequest): Promise<KhipuCreateResponse> {
    const { service, client, publicUrl, brandName } = this.opts;
    const target = await service.resolveTarget(user, 'KHIPU', request.invoices?.length ? { invoices: request.invoices } : { orderReference: request.orderReference });
    const now = Date.now();
    const folios = target.invoices.map((i) => i.folio).join(', ');
    const number = target.order?.purchaseOrderNumber ?? '';
    const subject = (target.order ? fill(PAYMENT_TEXTS.subjectOrder, { number, brand: brandName }) : fill(PAYMENT_TEXTS.subjectInvoices, { folios, brand: brandName })).slice(0, 255);
    const body = target.order ? fill(PAYMENT_TEXTS.bodyOrder, { number, brand: brandName }) : fill(PAYMENT_TEXTS.bodyInvoices, { folios, brand: brandName });
    const payment = await service.start(user, 'KHIPU', target, {
      reference: (attempt) => transferTransactionId(now + attempt),
      reuseWithinMs: this.expireAfterMs - 5 * 60_000,
      create: async (p) => {
        const back = `${publicUrl}${TRANSFER_RETURN_PATH}?paymentId=${encodeURIComponent(p.reference)}`;
        const answer = await client.createPayment({
          amount: p.amount,
          currency: 'CLP',
          subject,
          body,
          transaction_id: p.reference,
          return_url: back,
          cancel_url: `${back}&cancel=1`,
          notify_url: `${publicUrl}${KHIPU_NOTIFY_PATH}`,
          notify_api_version: '3.0',
          expires_date: new Date(p.createdAt.getTime() + this.expireAfterMs).toISOString(),
        });
        return { providerId: answer.payment_id, url: answer.payment_url, answer };
      },
      providerError: (error) => providerError(error),
    });
    return { payment_id: payment.providerId ?? '', payment_url: payment.paymentUrl ?? '', amount: payment.amount, currency: 'CLP', transaction_id: payment.reference };
  }

  /**
   * GET /user/khipu/payments/{id} and POST …/{id}/confirm (id = Khipu's payment_id, or the transaction_id the return
   * URL carries): reads Khipu while the payment is open and applies a final answer.
   */
  async status(user: SessionUser, id: string): Promise<TransferPaymentStatus> {
    const payment = await this.opts.service.ownPayment(user, 'KHIPU', id);
    let current: PaymentRow;
    try {
      current = await this.refresh(payment, 'poll');
    } catch (error) {
      throw providerError(error);
    }
    return this.view(current);
  }

  /** The reconciler: applies a final answer of Khipu, or expires a charge nobody paid in time. */
  async reconcile(payment: PaymentRow): Promise<void> {
    if (!payment.providerId) {
      if ((await this.opts.service.repo.ageMs(payment.id)) > 10 * 60_000) await this.opts.service.repo.deleteUnstarted(payment.id);
      return;
    }
    await this.refresh(payment, 'reconciler');
  }

  /**
   * POST /api/payments/khipu/notify: the raw body exactly as received, its x-khipu-signature checked with the merchant
   * secret; receiver_id and amount checked against the payment. Answers the HTTP status for Khipu: 200 also for
   * duplicates and for payments that are not this portal's (Khipu stops retrying), 401/400 for a forgery.
   */
  async notify(rawBody: Buffer, signature: string | string[] | undefined): Promise<{ status: number; message: string }> {
    const { service, log, secret, receiverId } = this.opts;
    if (!verifyNotificationSignature(rawBody, signature, secret)) {
      log.warn({ signature }, 'khipu: notificación con firma inválida');
      return { status: 401, message: PAYMENT_TEXTS.notificationBadSignature };
    }
    let notification: KhipuNotification;
    try {
      notification = parseKhipuNotification(rawBody);
    } catch {
      return { status: 400, message: PAYMENT_TEXTS.notificationBadBody };
    }
    if (receiverId !== undefined && notification.receiver_id !== receiverId) {
      log.warn({ paymentId: notification.payment_id, receiverId: notification.receiver_id }, 'khipu: notificación de otro cobrador');
      return { status: 400, message: PAYMENT_TEXTS.notificationWrongReceiver };
    }
    const payment =
      (await service.find('KHIPU', notification.payment_id)) ??
      (typeof notification.transaction_id === 'string' ? await service.find('KHIPU', notification.transaction_id) : undefined);
    if (!payment || (payment.providerId && payment.providerId !== notification.payment_id)) {
      log.warn({ paymentId: notification.payment_id, transactionId: notification.transaction_id }, 'khipu: notificación de un pago desconocido');
      return { status: 200, message: PAYMENT_TEXTS.notificationReceived };
    }
    if (payment.outcomeAppliedAt) return { status: 200, message: PAYMENT_TEXTS.notificationReceived }; // a repeat
    const evidence: StoredKhipuResult = { ...(notification as Partial<KhipuPayment>), status: 'done', status_detail: 'normal', notification: true };
    const problem = this.mismatch(payment, notification);
    if (problem) {
      log.error({ paymentId: payment.id, khipuId: notification.payment_id, problem }, 'khipu: la notificación no coincide con el pago; no se da por pagado');
      await service.applyOutcome(payment.id, 'REJECTED', { ...evidence, status_detail: 'mismatch', portal_note: problem }, { source: 'notification' });
    } else {
      await service.applyOutcome(payment.id, 'PAID', evidence, { numOc: this.numOc(payment, notification), source: 'notification' });
    }
    return { status: 200, message: PAYMENT_TEXTS.notificationReceived };
  }

  /** Reads Khipu once per payment at a time and applies a final state. */
  refresh(payment: PaymentRow, source: string): Promise<PaymentRow> {
    if (payment.outcomeAppliedAt || !payment.providerId) return Promise.resolve(payment);
    const id = payment.providerId;
    let running = this.inflight.get(id);
    if (!running) {
      running = this.readAndApply(payment, id, source).finally(() => this.inflight.delete(id));
      this.inflight.set(id, running);
    }
    return running;
  }

  private async readAndApply(payment: PaymentRow, id: string, source: string): Promise<PaymentRow> {
    const { client, service, log } = this.opts;
    let answer: KhipuPayment;
    try {
      answer = await client.getPayment(id);
    } catch (error) {
      if (isKhipuError(error) && error.code === 'KHIPU_NOT_FOUND' && (await service.repo.ageMs(payment.id)) > this.expireAfterMs) {
        return (await service.applyOutcome(payment.id, 'EXPIRED', { portal_note: 'Khipu no conoce el pago' }, { source })).payment;
      }
      throw error;
    }
    if (isKhipuPaid(answer)) {
      const problem = this.mismatch(payment, answer);
      if (problem) {
        log.error({ paymentId: payment.id, khipuId: id, problem }, 'khipu: el pago no coincide con lo cobrado; no se da por pagado');
        return (await service.applyOutcome(payment.id, 'REJECTED', { ...answer, portal_note: problem }, { source })).payment;
      }
      return (await service.applyOutcome(payment.id, 'PAID', answer, { numOc: this.numOc(payment, answer), source })).payment;
    }
    // done but not money: rejected by the payer, marked as abuse, reversed.
    if (answer.status === 'done') return (await service.applyOutcome(payment.id, 'REJECTED', answer, { source })).payment;
    if (answer.status === 'pending' && (await this.expired(payment, answer))) {
      try {
        await client.deletePayment(id); // so it can no longer be paid
      } catch (error) {
        if (!(isKhipuError(error) && error.code === 'KHIPU_NOT_FOUND')) {
          log.warn({ err: error, paymentId: payment.id }, 'khipu: no se pudo anular un cobro vencido; se revisará de nuevo');
          await service.repo.saveEvidence(payment.id, answer);
          return (await service.repo.byId(payment.id)) ?? payment;
        }
      }
      return (await service.applyOutcome(payment.id, 'EXPIRED', answer, { source })).payment;
    }
    await service.repo.saveEvidence(payment.id, answer);
    return (await service.repo.byId(payment.id)) ?? payment;
  }

  private async expired(payment: PaymentRow, answer: KhipuPayment): Promise<boolean> {
    const expires = answer.expires_date ? Date.parse(answer.expires_date) : Number.NaN;
    if (Number.isFinite(expires) && expires <= Date.now()) return true;
    return (await this.opts.service.repo.ageMs(payment.id)) > this.expireAfterMs;
  }

  /** Why Khipu's answer is not the charge the portal made (amount, receiver, transaction id), or null. */
  private mismatch(payment: PaymentRow, answer: { amount: number; receiver_id?: number; transaction_id?: unknown; currency?: unknown }): string | null {
    if (answer.amount !== payment.amount) return `monto ${answer.amount} en vez de ${payment.amount}`;
    if (this.opts.receiverId !== undefined && answer.receiver_id !== undefined && answer.receiver_id !== this.opts.receiverId) {
      return `cobrador ${answer.receiver_id} en vez de ${this.opts.receiverId}`;
    }
    if (typeof answer.transaction_id === 'string' && answer.transaction_id !== '' && answer.transaction_id !== payment.reference) {
      return `transaction_id ${answer.transaction_id} en vez de ${payment.reference}`;
    }
    if (typeof answer.currency === 'string' && answer.currency !== '' && answer.currency !== 'CLP') return `moneda ${answer.currency}`;
    return null;
  }

  /** The order's numOc: the provider's transaction id (the one the portal gave, echoed by Khipu), else its payment id. */
  private numOc(payment: PaymentRow, answer: { transaction_id?: unknown; payment_id: string }): string {
    return typeof answer.transaction_id === 'string' && answer.transaction_id ? answer.transaction_id : answer.payment_id || payment.reference;
  }

  /** The stored state as the /return page shows it. */
  async view(payment: PaymentRow): Promise<TransferPaymentStatus> {
    const order = await this.opts.service.orderOf(payment);
    const r = (payment.result ?? {}) as StoredKhipuResult;
    const paid = payment.state === 'PAID';
    return {
      payment_id: payment.providerId ?? '',
      amount: payment.amount,
      currency: typeof r.currency === 'string' && r.currency ? r.currency : 'CLP',
      status: typeof r.status === 'string' ? r.status : paid ? 'done' : 'pending',
      status_detail: typeof r.status_detail === 'string' ? r.status_detail : paid ? 'normal' : 'pending',
      transaction_id: payment.reference,
      funds_source: typeof r.funds_source === 'string' ? r.funds_source : '',
      receipt_url: typeof r.receipt_url === 'string' ? r.receipt_url : '',
      state: payment.state,
      purpose: payment.purpose,
      orderReference: order?.purchaseOrderNumber ?? null,
      orderState: order?.orderState ?? null,
      provider: 'KHIPU',
    };
  }
}

/** A Khipu failure as the API answers it: unreachable or slow → 503; refused → 502. Other errors pass unchanged. */
export function providerError(error: unknown): Error {
  const provider = PROVIDER_NAMES.KHIPU;
  if (!isKhipuError(error)) return error instanceof Error ? error : new Error(String(error));
  if (!error.retryable) return new HttpError(502, fill(PAYMENT_TEXTS.providerRefused, { provider }));
  return new HttpError(503, fill(PAYMENT_TEXTS.providerUnavailable, { provider }));
}

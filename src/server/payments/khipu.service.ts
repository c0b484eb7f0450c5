// Khipu v3 bank-transfer payments: create, and one way to settle a charge, from Khipu's own answer to
// GET /v3/payments/{id}. The browser's polls, the signed notification and the reconciler all go through settle():
// reaching return_url proves nothing, and a notification (even correctly signed and fresh) only says "read this
// payment now"; its body never decides anything.
import type { FastifyBaseLogger } from 'fastify';
import type { KhipuCreateResponse, TransferPaymentStatus } from '@shared/api/payments';
import { fill } from '@shared/messages';
import { PROVIDER_NAMES, transferTransactionId } from '@shared/payments';
import type { PaymentRow } from '../db/schema';
import { HttpError } from '../errors';
import {
  isKhipuError,
  isKhipuNotPaid,
  isKhipuPaid,
  notificationSubject,
  notificationTimestampMs,
  verifyNotificationSignature,
  type KhipuClient,
  type KhipuPayment,
} from '../integrations/khipu';
import type { SessionUser } from '../plugins/auth';
import { foliosOf } from './accountPay';
import { paymentTargetOf, type PaymentService, type PaymentTargetInput, type ResolvedTarget } from './payments.service';
import { PAYMENT_TEXTS } from './texts';

export const KHIPU_NOTIFY_PATH = '/api/payments/khipu/notify';
export const TRANSFER_RETURN_PATH = '/return';

/** What the portal keeps of Khipu's latest answer (the payment's `result`), with a note when it decided nothing. */
type StoredKhipuResult = Partial<KhipuPayment> & { portal_note?: string };

/** Spanish answers to Khipu's notifier that the shared payment texts do not have. */
export const KHIPU_NOTIFY_TEXTS = {
  stale: 'Notificación fuera del plazo aceptado: su fecha de firma es muy antigua o futura',
  notRegistered: 'El pago aún se está registrando: reintente más tarde',
} as const;

/** Notifications signed further than this from now (past or future) are refused. Default 15 min. */
export const KHIPU_NOTIFY_WINDOW_MS = 15 * 60_000;

/**
 * What Khipu's own answer (GET /v3/payments/{id}) says about one of the portal's charges:
 * - `paid`: done + normal / marked-paid-by-receiver, and it is exactly the charge the portal made;
 * - `notPaid`: done + rejected-by-payer / marked-as-abuse / reversed (the same charge);
 * - `open`: pending or verifying (nothing yet);
 * - `mismatch`: not the charge the portal made (another payment_id or transaction_id, receiver, currency or amount):
 *   nothing is decided on it, neither paid nor canceled;
 * - `unknown`: a status the portal does not know (nothing is decided either).
 */
export type KhipuVerdict =
  | { kind: 'paid' }
  | { kind: 'notPaid' }
  | { kind: 'open'; status: 'pending' | 'verifying' }
  | { kind: 'mismatch'; problem: string }
  | { kind: 'unknown'; problem: string };

/** The expected charge: the payment row's Khipu id, transaction id and amount (whole CLP). */
export type KhipuCharge = Pick<PaymentRow, 'providerId' | 'reference' | 'amount'>;

/** Judges Khipu's own answer against the charge the portal made (receiverId: ours, when configured). */
export function judgeKhipuAnswer(charge: KhipuCharge, answer: KhipuPayment, receiverId?: number): KhipuVerdict {
  if (answer.payment_id !== charge.providerId) return { kind: 'mismatch', problem: `payment_id ${answer.payment_id} en vez de ${charge.providerId}` };
  if (answer.transaction_id !== charge.reference) {
    return { kind: 'mismatch', problem: `transaction_id ${String(answer.transaction_id)} en vez de ${charge.reference}` };
  }
  if (receiverId !== undefined && answer.receiver_id !== receiverId) {
    return { kind: 'mismatch', problem: `cobrador ${String(answer.receiver_id)} en vez de ${receiverId}` };
  }
  if (answer.currency !== 'CLP') return { kind: 'mismatch', problem: `moneda ${String(answer.currency)} en vez de CLP` };
  if (answer.amount !== charge.amount) return { kind: 'mismatch', problem: `monto ${answer.amount} en vez de ${charge.amount}` };
  if (isKhipuPaid(answer)) return { kind: 'paid' };
  if (isKhipuNotPaid(answer)) return { kind: 'notPaid' };
  if (answer.status === 'pending' || answer.status === 'verifying') return { kind: 'open', status: answer.status };
  return { kind: 'unknown', problem: `estado ${String(answer.status)}/${String(answer.status_detail)}` };
}

export interface KhipuPaymentsOptions {
  service: PaymentService;
  client: KhipuClient;
  /** The merchant secret that signs notifications. */
  secret: string;
  /** The collection account (receiver_id): a payment Khipu reports under another one is never settled. Absent: not checked. */
  receiverId?: number;
  publicUrl: string;
  brandName: string;
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
  /** A charge can be paid for this long (its expires_date); a pending one older is deleted at Khipu and EXPIRED. Default 2 h. */
  expireAfterMs?: number;
  /** Notifications whose signature timestamp is further than this from now (either way) are refused. Default 15 min. */
  notifyWindowMs?: number;
}

export class KhipuPayments {
  private readonly inflight = new Map<string, Promise<PaymentRow>>();
  private readonly expireAfterMs: number;

  constructor(private readonly opts: KhipuPaymentsOptions) {
    this.expireAfterMs = opts.expireAfterMs ?? 2 * 3_600_000;
  }

  /** POST /user/khipu/payments: the caller's order, pending invoices or account documents; amount, subject and URLs are the server's. */
  async create(user: SessionUser, request: PaymentTargetInput): Promise<KhipuCreateResponse> {
    const target = await this.opts.service.resolveTarget(user, 'KHIPU', paymentTargetOf(request));
    const payment = await this.startFor(user, target);
    return { payment_id: payment.providerId ?? '', payment_url: payment.paymentUrl ?? '', amount: payment.amount, currency: 'CLP', transaction_id: payment.reference };
  }

  /**
   * Starts (or answers again, while young) the transfer of a resolved target for `owner`: the buyer's own create, or a
   * payment link's (`returnPath`: the link's page, where the customer comes back without logging in).
   */
  async startFor(owner: Pick<SessionUser, 'id'>, target: ResolvedTarget, returnPath?: string): Promise<PaymentRow> {
    const { service, client, publicUrl, brandName } = this.opts;
    const now = Date.now();
    const folios = foliosOf(target.invoices).join(', ');
    const number = target.order?.purchaseOrderNumber ?? '';
    const subject = (target.order ? fill(PAYMENT_TEXTS.subjectOrder, { number, brand: brandName }) : fill(PAYMENT_TEXTS.subjectInvoices, { folios, brand: brandName })).slice(0, 255);
    const body = target.order ? fill(PAYMENT_TEXTS.bodyOrder, { number, brand: brandName }) : fill(PAYMENT_TEXTS.bodyInvoices, { folios, brand: brandName });
    return service.start(owner, 'KHIPU', target, {
      reference: (attempt) => transferTransactionId(now + attempt),
      reuseWithinMs: this.expireAfterMs - 5 * 60_000,
      create: async (p) => {
        const back = returnPath ? `${publicUrl}${returnPath}?resultado=1` : `${publicUrl}${TRANSFER_RETURN_PATH}?paymentId=${encodeURIComponent(p.reference)}`;
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
  }

  /**
   * GET /user/khipu/payments/{id} and POST …/{id}/confirm (id = Khipu's payment_id, or the transaction_id the return
   * URL carries): settles from Khipu's answer while the payment is open.
   */
  async status(user: SessionUser, id: string): Promise<TransferPaymentStatus> {
    const payment = await this.opts.service.ownPayment(user, 'KHIPU', id);
    let current: PaymentRow;
    try {
      current = await this.settle(payment, 'poll');
    } catch (error) {
      throw providerError(error);
    }
    return this.view(current);
  }

  /** The reconciler: settles from Khipu's answer (a final state, or a charge nobody paid in time expires). */
  async reconcile(payment: PaymentRow): Promise<void> {
    if (!payment.providerId) {
      if ((await this.opts.service.repo.ageMs(payment.id)) > 10 * 60_000) await this.opts.service.repo.deleteUnstarted(payment.id);
      return;
    }
    await this.settle(payment, 'reconciler');
  }

  /**
   * POST /api/payments/khipu/notify: the raw body exactly as received and its x-khipu-signature. A correct signature
   * within the time window only triggers settle() (a read of the payment at Khipu); nothing of the body is applied.
   * Answers for Khipu: 401 bad or missing signature, or signed outside the window (Khipu retries; a replay is refused
   * every time); 400 a body without payment_id, or of another receiver; 409 a payment whose create is still being
   * recorded, 503 Khipu could not be read (both retried by Khipu); 200 otherwise (read and settled, still open, already
   * final, or not this portal's payment): Khipu stops retrying and the reconciler reads open payments again.
   */
  async notify(rawBody: Buffer, signature: string | string[] | undefined): Promise<{ status: number; message: string }> {
    const { service, log, secret, receiverId } = this.opts;
    if (!verifyNotificationSignature(rawBody, signature, secret)) {
      log.warn({ signature }, 'khipu: notificación con firma inválida; no se aplica nada');
      return { status: 401, message: PAYMENT_TEXTS.notificationBadSignature };
    }
    const signedAt = notificationTimestampMs(signature);
    const window = this.opts.notifyWindowMs ?? KHIPU_NOTIFY_WINDOW_MS;
    const skewMs = signedAt === null ? Number.POSITIVE_INFINITY : Date.now() - signedAt;
    if (!(Math.abs(skewMs) <= window)) {
      log.warn({ signedAt, skewMs, windowMs: window }, 'khipu: notificación firmada fuera del plazo aceptado; no se aplica nada');
      return { status: 401, message: KHIPU_NOTIFY_TEXTS.stale };
    }
    let subject: ReturnType<typeof notificationSubject>;
    try {
      subject = notificationSubject(rawBody);
    } catch {
      log.warn({ bytes: rawBody.length }, 'khipu: notificación firmada sin payment_id; no se aplica nada');
      return { status: 400, message: PAYMENT_TEXTS.notificationBadBody };
    }
    if (receiverId !== undefined && subject.receiver_id !== undefined && subject.receiver_id !== receiverId) {
      log.warn({ paymentId: subject.payment_id, receiverId: subject.receiver_id, ours: receiverId }, 'khipu: notificación de otro cobrador; no se aplica nada');
      return { status: 400, message: PAYMENT_TEXTS.notificationWrongReceiver };
    }
    const payment =
      (await service.find('KHIPU', subject.payment_id)) ?? (subject.transaction_id ? await service.find('KHIPU', subject.transaction_id) : undefined);
    if (!payment || (payment.providerId && payment.providerId !== subject.payment_id)) {
      log.warn({ paymentId: subject.payment_id, transactionId: subject.transaction_id }, 'khipu: notificación de un pago desconocido; no se aplica nada');
      return { status: 200, message: PAYMENT_TEXTS.notificationReceived };
    }
    if (payment.outcomeAppliedAt) return { status: 200, message: PAYMENT_TEXTS.notificationReceived }; // a repeat
    if (!payment.providerId) {
      log.warn({ paymentId: payment.id, khipuId: subject.payment_id }, 'khipu: notificación de un pago cuyo registro sigue en curso; Khipu reintentará');
      return { status: 409, message: KHIPU_NOTIFY_TEXTS.notRegistered };
    }
    try {
      await this.settle(payment, 'notification', { fresh: true });
    } catch (error) {
      log.warn({ err: error, paymentId: payment.id, khipuId: payment.providerId }, 'khipu: no se pudo leer el pago avisado; Khipu reintentará y el conciliador lo revisará');
      return { status: 503, message: fill(PAYMENT_TEXTS.providerUnavailable, { provider: PROVIDER_NAMES.KHIPU }) };
    }
    return { status: 200, message: PAYMENT_TEXTS.notificationReceived };
  }

  /**
   * Settles a payment from Khipu's own answer: reads GET /v3/payments/{id} and applies PAID, REJECTED or EXPIRED
   * only on what Khipu answers there (see judgeKhipuAnswer); anything else is kept as evidence and decided later.
   * The browser's polls, the notification and the reconciler all call this. One read per payment at a time; with
   * `fresh` (a notification: Khipu's state just changed) a read already under way is waited for and a new one made.
   */
  settle(payment: PaymentRow, source: string, options: { fresh?: boolean } = {}): Promise<PaymentRow> {
    if (payment.outcomeAppliedAt || !payment.providerId) return Promise.resolve(payment);
    const id = payment.providerId;
    const running = this.inflight.get(id);
    if (running && !options.fresh) return running;
    const next = (async () => {
      if (running) await running.catch(() => undefined);
      const current = running ? ((await this.opts.service.repo.byId(payment.id)) ?? payment) : payment;
      if (current.outcomeAppliedAt) return current;
      return this.readAndApply(current, id, source);
    })().finally(() => {
      if (this.inflight.get(id) === next) this.inflight.delete(id);
    });
    this.inflight.set(id, next);
    return next;
  }

  private async readAndApply(payment: PaymentRow, id: string, source: string, mayExpire = true): Promise<PaymentRow> {
    const { client, service } = this.opts;
    let answer: KhipuPayment;
    try {
      answer = await client.getPayment(id);
    } catch (error) {
      // Khipu does not know the charge and its lifetime is over: it can no longer be paid.
      if (isKhipuError(error) && error.code === 'KHIPU_NOT_FOUND' && (await service.repo.ageMs(payment.id)) > this.expireAfterMs) {
        return (await service.applyOutcome(payment.id, 'EXPIRED', { portal_note: 'Khipu no conoce el cobro' } satisfies StoredKhipuResult, { source })).payment;
      }
      throw error;
    }
    const verdict = judgeKhipuAnswer(payment, answer, this.opts.receiverId);
    switch (verdict.kind) {
      case 'paid':
        return (await service.applyOutcome(payment.id, 'PAID', answer, { numOc: payment.reference, source })).payment;
      case 'notPaid':
        return (await service.applyOutcome(payment.id, 'REJECTED', answer, { source })).payment;
      case 'mismatch':
        this.opts.log.error(
          {
            paymentId: payment.id,
            khipuId: id,
            source,
            problem: verdict.problem,
            expected: { amount: payment.amount, currency: 'CLP', receiverId: this.opts.receiverId, transactionId: payment.reference },
            khipu: {
              amount: answer.amount,
              currency: answer.currency,
              receiverId: answer.receiver_id,
              transactionId: answer.transaction_id,
              status: answer.status,
              statusDetail: answer.status_detail,
            },
          },
          'khipu: la respuesta de Khipu no coincide con el cobro; no se confirma ni se anula, el conciliador volverá a leerla',
        );
        return this.keep(payment, { ...answer, portal_note: verdict.problem });
      case 'unknown':
        this.opts.log.warn({ paymentId: payment.id, khipuId: id, source, problem: verdict.problem }, 'khipu: estado desconocido; no se decide nada');
        return this.keep(payment, { ...answer, portal_note: verdict.problem });
      case 'open':
        if (verdict.status === 'pending' && mayExpire && (await this.pastLifetime(payment, answer))) return this.expire(payment, id, answer, source);
        return this.keep(payment, answer);
    }
  }

  /**
   * A charge still pending at Khipu after its lifetime: deleted at Khipu so it can no longer be paid, then EXPIRED.
   * A delete Khipu refuses (the payer started paying meanwhile) expires nothing; a delete of a charge Khipu no longer
   * knows is checked with another read.
   */
  private async expire(payment: PaymentRow, id: string, answer: KhipuPayment, source: string): Promise<PaymentRow> {
    const { client, service, log } = this.opts;
    try {
      await client.deletePayment(id);
    } catch (error) {
      if (isKhipuError(error) && error.code === 'KHIPU_NOT_FOUND') return this.readAndApply(payment, id, source, false);
      log.warn({ err: error, paymentId: payment.id }, 'khipu: no se pudo anular un cobro vencido; se revisará de nuevo');
      return this.keep(payment, answer);
    }
    return (await service.applyOutcome(payment.id, 'EXPIRED', answer, { source })).payment;
  }

  /** Khipu's expires_date has passed, or the charge is older than its lifetime by the database's clock. */
  private async pastLifetime(payment: PaymentRow, answer: KhipuPayment): Promise<boolean> {
    const expires = answer.expires_date ? Date.parse(answer.expires_date) : Number.NaN;
    if (Number.isFinite(expires) && expires <= Date.now()) return true;
    return (await this.opts.service.repo.ageMs(payment.id)) > this.expireAfterMs;
  }

  /** Keeps Khipu's latest answer of a payment still open (nothing decided). */
  private async keep(payment: PaymentRow, evidence: StoredKhipuResult): Promise<PaymentRow> {
    await this.opts.service.repo.saveEvidence(payment.id, evidence);
    return (await this.opts.service.repo.byId(payment.id)) ?? payment;
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

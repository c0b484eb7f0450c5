// WebPay Plus card payments (PROTOCOLS.md §1): create, the browser's return (four cases), the commit the server makes
// itself (once, then the stored result), and the reconciler's check of a payment nobody came back for.
import { randomInt } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { CardPaymentResult, WebpayCreateRequest, WebpayCreateResponse } from '../../shared/api/payments';
import { fill } from '../../shared/messages';
import { ABORTED_VCI, cardSessionId, isWebpayApproved, PROVIDER_NAMES } from '../../shared/payments';
import type { PaymentRow } from '../db/schema';
import { HttpError } from '../errors';
import { isWebpayError, parseWebpayReturn, webpayMatchesOrder, type WebpayClient, type WebpayTransaction } from '../integrations/webpay';
import type { SessionUser } from '../plugins/auth';
import type { PaymentOutcome, PaymentService } from './paymentService';
import { PAYMENT_TEXTS } from './texts';

export const WEBPAY_RETURN_PATH = '/api/payments/webpay/return';
export const PAYMENT_VERIFICATION_PATH = '/payment-verification';

const SESSION_ID = /^OW\d{6}$/;

/** A buy order for pending invoices: 'FAC' + time digits + 2 random digits (18 characters, ≤ 26). */
export function invoicesBuyOrder(now: number = Date.now(), attempt = 0): string {
  return `FAC${now + attempt}${String(randomInt(0, 100)).padStart(2, '0')}`;
}

/** What is stored as a payment's result: the provider's transaction object, plus the portal's notes. */
type StoredWebpayResult = Partial<WebpayTransaction> & { token?: string; url?: string; portal_note?: string; return_kind?: string };

export interface WebpayPaymentsOptions {
  service: PaymentService;
  client: WebpayClient;
  publicUrl: string;
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
  /**
   * A payment with nothing committed this long after create is EXPIRED: the token lives 5 minutes, the form 5 to 10
   * more, then an unpaid transaction can no longer be paid. Default 16 minutes.
   */
  expireAfterMs?: number;
  /** A second create for the same order within this time answers the same token (the token lives 5 min). Default 4 min. */
  reuseWithinMs?: number;
}

export class WebpayPayments {
  private readonly inflight = new Map<string, Promise<PaymentRow>>();
  private readonly expireAfterMs: number;
  private readonly reuseWithinMs: number;

  constructor(private readonly opts: WebpayPaymentsOptions) {
    this.expireAfterMs = opts.expireAfterMs ?? 16 * 60_000;
    this.reuseWithinMs = opts.reuseWithinMs ?? 4 * 60_000;
  }

  get returnUrl(): string {
    return `${this.opts.publicUrl}${WEBPAY_RETURN_PATH}`;
  }

  /** POST /user/tbk/create: buy_order = the caller's order number, or `invoices`; the amount is the server's. */
  async create(user: SessionUser, request: WebpayCreateRequest): Promise<WebpayCreateResponse> {
    const { service, client } = this.opts;
    const target = await service.resolveTarget(user, 'WEBPAY', request.invoices?.length ? { invoices: request.invoices } : { orderReference: request.buy_order });
    const sessionId = request.session_id && SESSION_ID.test(request.session_id) ? request.session_id : cardSessionId();
    const now = Date.now();
    const payment = await service.start(user, 'WEBPAY', target, {
      reference: (attempt) => (target.order ? target.order.purchaseOrderNumber! : invoicesBuyOrder(now, attempt)),
      sessionId,
      reuseWithinMs: this.reuseWithinMs,
      create: async (p) => {
        const answer = await client.create({ buyOrder: p.reference, sessionId: p.sessionId, amount: p.amount, returnUrl: this.returnUrl });
        return { providerId: answer.token, url: answer.url, answer };
      },
      providerError: (error) => providerError(error),
    });
    return { url: payment.paymentUrl ?? '', token: payment.providerId ?? '', buy_order: payment.reference, session_id: payment.sessionId, amount: payment.amount };
  }

  /**
   * GET/POST of return_url (no session: the browser comes from Webpay). Settles what the parameters say, checking
   * with Webpay, and answers where to send the browser: /payment-verification with token_ws or TBK_TOKEN.
   */
  async handleReturn(params: Record<string, unknown>): Promise<string> {
    const { service, log } = this.opts;
    const back = parseWebpayReturn(params);
    const query = new URLSearchParams();
    switch (back.kind) {
      case 'normal': {
        query.set('token_ws', back.token);
        const payment = await service.find('WEBPAY', back.token);
        if (!payment) {
          log.warn({ token: back.token }, 'webpay: retorno con un token desconocido');
          break;
        }
        await this.settle(payment, 'return').catch((err: unknown) => log.warn({ err, paymentId: payment.id }, 'webpay: no se pudo confirmar al volver; se reintentará'));
        break;
      }
      case 'aborted':
      case 'error': {
        const token = back.kind === 'aborted' ? back.token : back.tbkToken;
        query.set('TBK_TOKEN', token);
        const payment = (await service.find('WEBPAY', token)) ?? (back.kind === 'error' ? await service.find('WEBPAY', back.token) : undefined);
        if (back.buyOrder) query.set('TBK_ORDEN_COMPRA', back.buyOrder);
        if (!payment) {
          log.warn({ token, kind: back.kind }, 'webpay: retorno anulado con un token desconocido');
          break;
        }
        if (!back.buyOrder) query.set('TBK_ORDEN_COMPRA', payment.reference);
        await this.cancel(payment, 'ABORTED', back.kind).catch((err: unknown) => log.warn({ err, paymentId: payment.id }, 'webpay: no se pudo verificar la anulación'));
        break;
      }
      case 'timeout': {
        query.set('TBK_ORDEN_COMPRA', back.buyOrder);
        const payment = await service.find('WEBPAY', back.buyOrder);
        if (!payment || !payment.providerId || (back.sessionId && back.sessionId !== payment.sessionId)) {
          log.warn({ buyOrder: back.buyOrder }, 'webpay: retorno por tiempo agotado de una orden desconocida');
          break;
        }
        // The SPA reads the result by token: the timeout return carries none, so the portal adds it.
        query.set('TBK_TOKEN', payment.providerId);
        await this.cancel(payment, 'EXPIRED', 'timeout').catch((err: unknown) => log.warn({ err, paymentId: payment.id }, 'webpay: no se pudo verificar el tiempo agotado'));
        break;
      }
      case 'invalid':
        log.warn({ params: Object.keys(params ?? {}) }, 'webpay: retorno sin parámetros reconocibles');
        break;
    }
    const search = query.toString();
    return search ? `${PAYMENT_VERIFICATION_PATH}?${search}` : PAYMENT_VERIFICATION_PATH;
  }

  /** PUT /user/tbk/confirm/{token}: commits once (later calls answer the stored result). */
  async confirm(user: SessionUser, token: string): Promise<CardPaymentResult> {
    const payment = await this.opts.service.ownPayment(user, 'WEBPAY', token);
    let settled: PaymentRow;
    try {
      settled = await this.settle(payment, 'confirm');
    } catch (error) {
      throw providerError(error);
    }
    return this.result(settled);
  }

  /** GET /user/tbk/state/{token} and POST /user/tbk/update-tbk: the stored result (by token_ws or TBK_TOKEN). */
  async state(user: SessionUser, token: string): Promise<CardPaymentResult> {
    return this.result(await this.opts.service.ownPayment(user, 'WEBPAY', token));
  }

  /** The reconciler: commits a payment whose payer never came back, or expires it when it can no longer be paid. */
  async reconcile(payment: PaymentRow): Promise<void> {
    if (!payment.providerId) {
      // The provider's create never answered (or the process stopped before storing it): nobody can pay it.
      if ((await this.opts.service.repo.ageMs(payment.id)) > 10 * 60_000) await this.opts.service.repo.deleteUnstarted(payment.id);
      return;
    }
    await this.settle(payment, 'reconciler');
  }

  /**
   * The commit, made by whoever comes first (return, confirm, reconciler; concurrent calls in this process share one).
   * Webpay answers one commit per token; a later one is refused (422) and the transaction's status tells the result.
   */
  settle(payment: PaymentRow, source: string): Promise<PaymentRow> {
    if (payment.outcomeAppliedAt || !payment.providerId) return Promise.resolve(payment);
    const token = payment.providerId;
    let running = this.inflight.get(token);
    if (!running) {
      running = this.commitOnce(payment, token, source).finally(() => this.inflight.delete(token));
      this.inflight.set(token, running);
    }
    return running;
  }

  private async commitOnce(payment: PaymentRow, token: string, source: string): Promise<PaymentRow> {
    const { client, service } = this.opts;
    let tx: WebpayTransaction;
    try {
      tx = await client.commit(token);
    } catch (error) {
      if (!isWebpayError(error) || (error.code !== 'WEBPAY_REJECTED' && error.code !== 'WEBPAY_NOT_FOUND')) throw error;
      // Not committable: committed before (another instance, a lost answer), not paid yet, aborted, or expired.
      const status = await this.statusOf(token);
      if (status && status.status !== 'INITIALIZED') return this.decide(payment, status, `${source}:status`);
      if (status) await service.repo.saveEvidence(payment.id, status);
      if ((await service.repo.ageMs(payment.id)) > this.expireAfterMs) {
        const evidence: StoredWebpayResult = { ...(status ?? {}), portal_note: error.message };
        return (await service.applyOutcome(payment.id, 'EXPIRED', evidence, { source })).payment;
      }
      return (await service.repo.byId(payment.id)) ?? payment;
    }
    return this.decide(payment, tx, source);
  }

  /** Status, or null when Webpay no longer knows the token (404, or older than its 7 days). */
  private async statusOf(token: string): Promise<WebpayTransaction | null> {
    try {
      return await this.opts.client.status(token);
    } catch (error) {
      if (isWebpayError(error) && (error.code === 'WEBPAY_NOT_FOUND' || error.code === 'WEBPAY_REJECTED')) return null;
      throw error;
    }
  }

  /** Approved (response_code 0, AUTHORIZED) and for the buy_order and amount sent → PAID; anything else → REJECTED. */
  private async decide(payment: PaymentRow, tx: WebpayTransaction, source: string): Promise<PaymentRow> {
    const approved = isWebpayApproved(tx);
    const matches = webpayMatchesOrder(tx, { buyOrder: payment.reference, amount: payment.amount });
    let evidence: StoredWebpayResult = tx;
    if (approved && !matches) {
      this.opts.log.error(
        { paymentId: payment.id, expected: { buyOrder: payment.reference, amount: payment.amount }, got: { buyOrder: tx.buy_order, amount: tx.amount } },
        'webpay: la orden de compra o el monto no coinciden con lo enviado; el pago no se da por pagado',
      );
      evidence = { ...tx, portal_note: 'La orden de compra o el monto no coinciden con el pago enviado' };
    }
    const outcome: PaymentOutcome = approved && matches ? 'PAID' : 'REJECTED';
    const numOc = tx.authorization_code && tx.authorization_code !== '000000' ? tx.authorization_code : tx.buy_order;
    return (await this.opts.service.applyOutcome(payment.id, outcome, evidence, { numOc, source })).payment;
  }

  /**
   * The payer aborted, the form timed out, or Webpay showed its error page: no commit (PROTOCOLS.md). Webpay is asked
   * first, so a forged return cannot cancel a transaction that was in fact committed; an unreachable Webpay leaves the
   * payment to the reconciler.
   */
  private async cancel(payment: PaymentRow, outcome: 'ABORTED' | 'EXPIRED', kind: string): Promise<PaymentRow> {
    if (payment.outcomeAppliedAt || !payment.providerId) return payment;
    const status = await this.statusOf(payment.providerId);
    if (status && status.status !== 'INITIALIZED') return this.decide(payment, status, `return:${kind}`);
    const evidence: StoredWebpayResult = {
      ...(status ?? {}),
      amount: payment.amount,
      buy_order: payment.reference,
      session_id: payment.sessionId,
      vci: ABORTED_VCI,
      return_kind: kind,
    };
    return (await this.opts.service.applyOutcome(payment.id, outcome, evidence, { source: `return:${kind}` })).payment;
  }

  /** The stored result as /payment-verification shows it. */
  async result(payment: PaymentRow): Promise<CardPaymentResult> {
    const order = await this.opts.service.orderOf(payment);
    const r = (payment.result ?? {}) as StoredWebpayResult;
    const cancelled = payment.state === 'ABORTED' || payment.state === 'EXPIRED';
    return {
      token: payment.providerId ?? '',
      vci: cancelled ? ABORTED_VCI : (r.vci ?? ''),
      amount: typeof r.amount === 'number' ? r.amount : payment.amount,
      status: r.status ?? (cancelled ? 'ABORTED' : 'INITIALIZED'),
      buy_order: r.buy_order ?? payment.reference,
      session_id: r.session_id ?? payment.sessionId,
      card_number: r.card_detail?.card_number ?? '',
      accounting_date: r.accounting_date ?? '',
      transaction_date: r.transaction_date ?? '',
      authorization_code: r.authorization_code ?? '',
      payment_type_code: r.payment_type_code ?? '',
      response_code: typeof r.response_code === 'number' ? r.response_code : null,
      installments_number: r.installments_number ?? 0,
      state: payment.state,
      purpose: payment.purpose,
      orderReference: order?.purchaseOrderNumber ?? null,
      orderState: order?.orderState ?? null,
      userId: payment.userId,
    };
  }
}

/** A Webpay failure as the API answers it: unreachable or slow → 503; refused → 502. Other errors pass unchanged. */
export function providerError(error: unknown): Error {
  const provider = PROVIDER_NAMES.WEBPAY;
  if (!isWebpayError(error)) return error instanceof Error ? error : new Error(String(error));
  if (!error.retryable) return new HttpError(502, fill(PAYMENT_TEXTS.providerRefused, { provider }));
  return new HttpError(503, fill(PAYMENT_TEXTS.providerUnavailable, { provider }));
}

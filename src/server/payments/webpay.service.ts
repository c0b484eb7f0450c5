// WebPay Plus card payments: create, the browser's return (four cases), the commit the server makes itself, and the
// reconciler's check of a payment nobody came back for. Only Webpay's own proof decides a payment: a successful commit
// (or, when the answer to a commit of ours was lost, the status read afterwards). What the browser brings back (an
// abort, a timeout, the error page) is its word: it never cancels a payment that a commit can still confirm.
import { randomInt, randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { CardPaymentResult, WebpayCreateRequest, WebpayCreateResponse } from '@shared/api/payments';
import { fill } from '@shared/messages';
import { PAYMENT_LINK_TOKEN, paymentLinkPath } from '@shared/paymentLinks';
import { ABORTED_VCI, cardSessionId, isWebpayApproved, PROVIDER_NAMES } from '@shared/payments';
import type { PaymentRow } from '../db/schema';
import { HttpError } from '../errors';
import {
  isWebpayError,
  parseWebpayReturn,
  webpayMatchesOrder,
  type WebpayClient,
  type WebpayError,
  type WebpayReturnCase,
  type WebpayTransaction,
} from '../integrations/webpay';
import type { SessionUser } from '../plugins/auth';
import { paymentTargetOf, type PaymentOutcome, type PaymentService, type ResolvedTarget } from './payments.service';
import { PAYMENT_TEXTS } from './texts';

export const WEBPAY_RETURN_PATH = '/api/payments/webpay/return';
export const PAYMENT_VERIFICATION_PATH = '/payment-verification';
/** The return URL's parameter naming the payment link a payment was started from. */
const LINK_PARAM = 'link';

const SESSION_ID = /^OW\d{6}$/;

/** A buy order for pending invoices: 'FAC' + time digits + 2 random digits (18 characters, ≤ 26). */
export function invoicesBuyOrder(now: number = Date.now(), attempt = 0): string {
  return `FAC${now + attempt}${String(randomInt(0, 100)).padStart(2, '0')}`;
}

/** What the browser said at return_url. 'normal' is token_ws alone; the others end the payer's visit to the form. */
export type WebpayBrowserWord = 'normal' | 'aborted' | 'timeout' | 'error';

/**
 * One commit the portal sent (write-ahead, before sending): `at` by the database's clock (ms). It gets `answer` when
 * Webpay answered 200; it is removed when Webpay refused it for sure (4xx, or the connection never opened). One left
 * without either is a commit whose answer was lost (timeout, cut connection, process stopped): it may have committed.
 */
interface CommitMark {
  at: number;
  answer?: WebpayTransaction;
}

/** What is stored as a payment's result: the provider's transaction object, plus the portal's notes. */
type StoredWebpayResult = Partial<WebpayTransaction> & {
  token?: string;
  url?: string;
  portal_note?: string;
  return_kind?: string;
  /** The commits sent and not yet settled, by attempt id. */
  portal_commits?: Record<string, CommitMark>;
  /** The last status read while the payment is open, or of a cancelled one: never proof on its own. */
  portal_status?: WebpayTransaction;
};

/** Webpay's 422 for a commit after the token's or the form's window: the transaction is over, unpaid. */
const FINISHED_STATE = /invalid finished state/i;

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
  /**
   * A commit sent this long ago without an answer is lost, no longer in flight: Webpay has done with it, so a status
   * read now tells how it ended. Default twice the client's timeout plus 30 s.
   */
  commitSettleMs?: number;
}

/** One settle in progress in this process: concurrent callers share it; the strongest browser word is kept. */
interface SettleRun {
  run: Promise<PaymentRow>;
  word?: WebpayBrowserWord;
  /** The word the decision was taken with (set when the run decides without a commit). */
  decidedWith?: WebpayBrowserWord;
}

const endsVisit = (word: WebpayBrowserWord | undefined): boolean => word === 'aborted' || word === 'timeout' || word === 'error';

export class WebpayPayments {
  private readonly inflight = new Map<string, SettleRun>();
  private readonly expireAfterMs: number;
  private readonly reuseWithinMs: number;
  private readonly commitSettleMs: number;

  constructor(private readonly opts: WebpayPaymentsOptions) {
    this.expireAfterMs = opts.expireAfterMs ?? 16 * 60_000;
    this.reuseWithinMs = opts.reuseWithinMs ?? 4 * 60_000;
    this.commitSettleMs = opts.commitSettleMs ?? 2 * (opts.client.timeoutMs ?? 15_000) + 30_000;
  }

  get returnUrl(): string {
    return `${this.opts.publicUrl}${WEBPAY_RETURN_PATH}`;
  }

  /** POST /user/tbk/create: buy_order = the caller's order number, or `invoices`, or `documents`; the amount is the server's. */
  async create(user: SessionUser, request: WebpayCreateRequest): Promise<WebpayCreateResponse> {
    const { service } = this.opts;
    const target = await service.resolveTarget(user, 'WEBPAY', paymentTargetOf({ ...request, orderReference: request.buy_order }));
    const sessionId = request.session_id && SESSION_ID.test(request.session_id) ? request.session_id : cardSessionId();
    const payment = await this.startFor(user, target, sessionId);
    return { url: payment.paymentUrl ?? '', token: payment.providerId ?? '', buy_order: payment.reference, session_id: payment.sessionId, amount: payment.amount };
  }

  /**
   * Starts (or answers again, while young) the card payment of a resolved target for `owner`: the buyer's own create,
   * or a payment link's (`link`: the link's token, carried on the return URL so the customer comes back to its page).
   */
  async startFor(owner: Pick<SessionUser, 'id'>, target: ResolvedTarget, sessionId: string, link?: string): Promise<PaymentRow> {
    const { service, client } = this.opts;
    const now = Date.now();
    const returnUrl = link ? `${this.returnUrl}?${LINK_PARAM}=${encodeURIComponent(link)}` : this.returnUrl;
    return service.start(owner, 'WEBPAY', target, {
      reference: (attempt) => (target.order ? target.order.purchaseOrderNumber! : invoicesBuyOrder(now, attempt)),
      sessionId,
      reuseWithinMs: this.reuseWithinMs,
      create: async (p) => {
        const answer = await client.create({ buyOrder: p.reference, sessionId: p.sessionId, amount: p.amount, returnUrl });
        return { providerId: answer.token, url: answer.url, answer };
      },
      providerError: (error) => providerError(error),
    });
  }

  /**
   * GET/POST of return_url (no session: the browser comes from Webpay). Whatever the case, the payment is settled the
   * one way (commit, then status if the commit is refused), with the browser's word as a hint only; answers where to
   * send the browser: /payment-verification with token_ws or TBK_TOKEN.
   */
  async handleReturn(params: Record<string, unknown>): Promise<string> {
    const { service, log } = this.opts;
    const back = parseWebpayReturn(params);
    const query = new URLSearchParams();
    let payment: PaymentRow | undefined;
    switch (back.kind) {
      case 'normal':
        query.set('token_ws', back.token);
        payment = await service.find('WEBPAY', back.token);
        break;
      case 'aborted':
      case 'error': {
        const token = back.kind === 'aborted' ? back.token : back.tbkToken;
        query.set('TBK_TOKEN', token);
        if (back.buyOrder) query.set('TBK_ORDEN_COMPRA', back.buyOrder);
        payment = (await service.find('WEBPAY', token)) ?? (back.kind === 'error' ? await service.find('WEBPAY', back.token) : undefined);
        if (payment && !back.buyOrder) query.set('TBK_ORDEN_COMPRA', payment.reference);
        break;
      }
      case 'timeout':
        query.set('TBK_ORDEN_COMPRA', back.buyOrder);
        payment = await service.find('WEBPAY', back.buyOrder);
        // The SPA reads the result by token: the timeout return carries none, so the portal adds the stored one, but
        // only for the session that started it (a buy order is easy to guess).
        if (payment?.providerId && back.sessionId === payment.sessionId) query.set('TBK_TOKEN', payment.providerId);
        break;
      case 'invalid':
        log.warn({ params: Object.keys(params ?? {}) }, 'webpay: retorno sin parámetros reconocibles');
        break;
    }
    if (back.kind !== 'invalid') {
      if (!payment) {
        log.warn({ kind: back.kind, params: Object.keys(params ?? {}) }, 'webpay: retorno de una transacción desconocida');
      } else if (!payment.providerId) {
        log.warn({ paymentId: payment.id, kind: back.kind }, 'webpay: retorno de un pago cuya creación no terminó; lo revisará el conciliador');
      } else {
        const word = this.wordOf(back, payment);
        await this.settle(payment, `return:${back.kind}`, word).catch((err: unknown) =>
          log.warn({ err, paymentId: payment.id, kind: back.kind }, 'webpay: el retorno no pudo resolver el pago; se reintentará'),
        );
      }
    }
    // a payment link's customer goes back to the link's page (no login), which shows the payment's outcome
    const link = typeof params[LINK_PARAM] === 'string' ? params[LINK_PARAM] : '';
    if (PAYMENT_LINK_TOKEN.test(link)) return `${paymentLinkPath(link)}?resultado=1`;
    const search = query.toString();
    return search ? `${PAYMENT_VERIFICATION_PATH}?${search}` : PAYMENT_VERIFICATION_PATH;
  }

  /**
   * The browser's word, when the buy order and session it names are the payment's (otherwise the return is only a
   * nudge to look). A timeout return names the payment by them alone, so it must carry both.
   */
  private wordOf(back: Exclude<WebpayReturnCase, { kind: 'invalid' }>, payment: PaymentRow): WebpayBrowserWord | undefined {
    if (back.kind === 'normal') return 'normal';
    const sameOrder = !back.buyOrder || back.buyOrder === payment.reference;
    const sameSession = !back.sessionId || back.sessionId === payment.sessionId;
    const complete = back.kind !== 'timeout' || (back.buyOrder !== '' && back.sessionId !== '');
    if (sameOrder && sameSession && complete) return back.kind;
    this.opts.log.warn(
      { paymentId: payment.id, kind: back.kind, buyOrder: back.buyOrder, expected: payment.reference },
      'webpay: el retorno no coincide con la orden de compra o la sesión del pago; se revisa sin tomarlo en cuenta',
    );
    return undefined;
  }

  /** PUT /user/tbk/confirm/{token}: settles the payment (503/502 when Webpay cannot tell now) and answers its result. */
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

  /**
   * GET /user/tbk/state/{token} and POST /user/tbk/update-tbk (by token_ws or TBK_TOKEN): an open payment is settled
   * first; if Webpay cannot tell now, the stored result is answered as it is.
   */
  async state(user: SessionUser, token: string): Promise<CardPaymentResult> {
    const payment = await this.opts.service.ownPayment(user, 'WEBPAY', token);
    let current = payment;
    if (!payment.outcomeAppliedAt && payment.providerId) {
      current = await this.settle(payment, 'state').catch((err: unknown) => {
        this.opts.log.warn({ err, paymentId: payment.id }, 'webpay: no se pudo revisar el pago al consultarlo; se informa lo guardado');
        return payment;
      });
    }
    return this.result(current);
  }

  /** The reconciler: settles a payment whose payer never came back, or drops one whose create never answered. */
  async reconcile(payment: PaymentRow): Promise<void> {
    if (!payment.providerId) {
      // The provider's create never answered (or the process stopped before storing it): nobody can pay it.
      if ((await this.opts.service.repo.ageMs(payment.id)) > 10 * 60_000) await this.opts.service.repo.deleteUnstarted(payment.id);
      return;
    }
    await this.settle(payment, 'reconciler');
  }

  /**
   * The one way a WebPay payment is decided, for the return, confirm, state and the reconciler (concurrent calls in
   * this process share one run). Throws, deciding nothing, when Webpay's answer is unknown.
   *
   * 1. A commit answer stored before (a run that stopped before applying it) decides at once.
   * 2. Commit (write-ahead mark first). 200: approved (response_code 0, AUTHORIZED) with the buy_order and amount sent
   *    → PAID; otherwise REJECTED. No answer (timeout, cut connection, 5xx) → nothing decided: the mark stays.
   * 3. Commit refused (422/404) → status. PAID only if it shows an authorized, committed transaction and an earlier
   *    commit of ours was lost (that commit went through). Any commit of ours still in flight → nothing decided. A
   *    refused authorization (FAILED, response_code < 0) → REJECTED. Anything else is no proof of payment, whatever
   *    it looks like: ABORTED if the browser said abort or error page, EXPIRED if it said timeout, if Webpay says the
   *    transaction is finished, or once it is too old to be paid; otherwise it stays open.
   */
  async settle(payment: PaymentRow, source: string, word?: WebpayBrowserWord): Promise<PaymentRow> {
    if (payment.outcomeAppliedAt || !payment.providerId) return payment;
    const token = payment.providerId;
    const running = this.inflight.get(token);
    if (running) {
      if (endsVisit(word) && !endsVisit(running.word)) running.word = word;
      const row = await running.run;
      // The shared run decided without this word (it arrived too late): one more run with it.
      if (!row.outcomeAppliedAt && endsVisit(word) && running.decidedWith !== word) return this.settle(row, source, word);
      return row;
    }
    const entry: SettleRun = { run: Promise.resolve(payment), word };
    entry.run = this.settleNow(payment, token, source, entry).finally(() => {
      if (this.inflight.get(token) === entry) this.inflight.delete(token);
    });
    this.inflight.set(token, entry);
    return entry.run;
  }

  private async settleNow(payment: PaymentRow, token: string, source: string, entry: SettleRun): Promise<PaymentRow> {
    const { client, service, log } = this.opts;
    const row = (await service.repo.byId(payment.id)) ?? payment;
    if (row.outcomeAppliedAt) return row;
    const stored = answeredCommit(row);
    if (stored) return this.decide(row, stored, `${source}:commit-guardado`);

    const attempt = randomUUID();
    if (!(await this.markCommit(row.id, attempt))) return (await service.repo.byId(row.id)) ?? row;
    let tx: WebpayTransaction;
    try {
      tx = await client.commit(token);
    } catch (error) {
      if (isWebpayError(error) && error.outcomeUnknown) {
        log.warn({ err: error, paymentId: row.id, source }, 'webpay: el commit quedó sin respuesta; no se decide nada hasta saber cómo terminó');
        throw error;
      }
      await this.unmarkCommit(row.id, attempt);
      if (!isWebpayError(error) || (error.code !== 'WEBPAY_REJECTED' && error.code !== 'WEBPAY_NOT_FOUND')) throw error;
      return this.afterRefusedCommit(row, token, error, source, entry);
    }
    await this.answerCommit(row.id, attempt, tx);
    return this.decide(row, tx, source);
  }

  /** Step 3 of settle: the commit was refused for sure; the status tells what Webpay knows, not what was paid. */
  private async afterRefusedCommit(payment: PaymentRow, token: string, refusal: WebpayError, source: string, entry: SettleRun): Promise<PaymentRow> {
    const { service, log } = this.opts;
    const status = await this.statusOf(token);
    const row = (await service.repo.byId(payment.id)) ?? payment;
    if (row.outcomeAppliedAt) return row;
    const stored = answeredCommit(row);
    if (stored) return this.decide(row, stored, `${source}:commit-guardado`);

    const { lost, inFlight } = await this.openCommits(row);
    if (status && lost > 0 && looksCommitted(status)) {
      log.info({ paymentId: row.id, source }, 'webpay: el estado muestra el commit propio cuya respuesta se perdió');
      return this.decide(row, status, `${source}:commit-sin-respuesta`);
    }
    if (inFlight > 0) {
      // Another commit of ours may still be answered (another request, another instance): it decides, not this one.
      await this.keepStatus(row.id, status);
      return (await service.repo.byId(row.id)) ?? row;
    }
    if (status && (status.status === 'FAILED' || (typeof status.response_code === 'number' && status.response_code < 0))) {
      const evidence: StoredWebpayResult = { ...status, portal_note: refusal.message };
      return (await service.applyOutcome(row.id, 'REJECTED', evidence, { source: `${source}:estado` })).payment;
    }
    if (status && isWebpayApproved(status)) {
      log.warn(
        { paymentId: row.id, source, status: status.status, responseCode: status.response_code, vci: status.vci },
        'webpay: el estado parece autorizado sin un commit propio exitoso; no es prueba de pago',
      );
    }
    const word = entry.word;
    entry.decidedWith = word;
    let outcome: 'ABORTED' | 'EXPIRED' | undefined;
    if (word === 'aborted' || word === 'error') outcome = 'ABORTED';
    else if (word === 'timeout' || FINISHED_STATE.test(refusal.message)) outcome = 'EXPIRED';
    else if ((await service.repo.ageMs(row.id)) > this.expireAfterMs) outcome = 'EXPIRED';
    if (!outcome) {
      await this.keepStatus(row.id, status);
      return (await service.repo.byId(row.id)) ?? row;
    }
    const evidence: StoredWebpayResult = {
      amount: row.amount,
      buy_order: row.reference,
      session_id: row.sessionId,
      vci: ABORTED_VCI,
      return_kind: word ?? 'none',
      portal_note: refusal.message,
      ...(status ? { portal_status: status } : {}),
    };
    return (await service.applyOutcome(row.id, outcome, evidence, { source: `${source}:sin-pago` })).payment;
  }

  /** Status, or null when Webpay no longer knows the token (404, or older than its 7 days). Throws when unknown. */
  private async statusOf(token: string): Promise<WebpayTransaction | null> {
    try {
      return await this.opts.client.status(token);
    } catch (error) {
      if (isWebpayError(error) && (error.code === 'WEBPAY_NOT_FOUND' || error.code === 'WEBPAY_REJECTED')) return null;
      throw error;
    }
  }

  /** A commit answer or a status read after a lost commit of ours: approved and for what was sent → PAID, else REJECTED. */
  private async decide(payment: PaymentRow, tx: WebpayTransaction, source: string): Promise<PaymentRow> {
    const approved = isWebpayApproved(tx);
    const matches = webpayMatchesOrder(tx, { buyOrder: payment.reference, amount: payment.amount });
    let evidence: StoredWebpayResult = tx;
    if (!matches) {
      this.opts.log.error(
        { paymentId: payment.id, source, expected: { buyOrder: payment.reference, amount: payment.amount }, got: { buyOrder: tx.buy_order, amount: tx.amount } },
        'webpay: la orden de compra o el monto no coinciden con lo enviado; el pago no se da por pagado',
      );
      evidence = { ...tx, portal_note: 'La orden de compra o el monto no coinciden con el pago enviado' };
    }
    const outcome: PaymentOutcome = approved && matches ? 'PAID' : 'REJECTED';
    const numOc = tx.authorization_code && tx.authorization_code !== '000000' ? tx.authorization_code : tx.buy_order;
    return (await this.opts.service.applyOutcome(payment.id, outcome, evidence, { numOc, source })).payment;
  }

  // --- the commit marks, in payments.result (PaymentRepo: one statement each, so instances never overwrite each other's) ---

  /** Before sending a commit: false when the payment already has its outcome. */
  private markCommit(paymentId: number, attempt: string): Promise<boolean> {
    return this.opts.service.repo.markCommit(paymentId, attempt);
  }

  private async answerCommit(paymentId: number, attempt: string, tx: WebpayTransaction): Promise<void> {
    await this.opts.service.repo.answerCommit(paymentId, attempt, tx);
  }

  private async unmarkCommit(paymentId: number, attempt: string): Promise<void> {
    await this.opts.service.repo.unmarkCommit(paymentId, attempt);
  }

  /** Keeps the last status read of an open payment beside its result (never as its result: it proves nothing). */
  private async keepStatus(paymentId: number, status: WebpayTransaction | null): Promise<void> {
    if (!status) return;
    await this.opts.service.repo.keepStatus(paymentId, status);
  }

  /** Commits sent and never answered: lost (older than commitSettleMs by the database's clock) or maybe in flight. */
  private async openCommits(row: PaymentRow): Promise<{ lost: number; inFlight: number }> {
    const marks = Object.values(commitMarks(row)).filter((m) => !m.answer);
    if (marks.length === 0) return { lost: 0, inFlight: 0 };
    const nowMs = await this.opts.service.repo.databaseNowMs();
    const lost = marks.filter((m) => nowMs - m.at > this.commitSettleMs).length;
    return { lost, inFlight: marks.length - lost };
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
      // WebPay's own status when it gave one; a payment the buyer left before WebPay said anything has none ('')
      status: r.status ?? (cancelled ? '' : 'INITIALIZED'),
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

/** The commit marks stored in a payment's result. */
function commitMarks(row: PaymentRow): Record<string, CommitMark> {
  const result = row.result as StoredWebpayResult | null;
  const marks = result && typeof result === 'object' && !Array.isArray(result) ? result.portal_commits : undefined;
  if (!marks || typeof marks !== 'object') return {};
  return Object.fromEntries(Object.entries(marks).filter(([, m]) => m && typeof m === 'object' && typeof m.at === 'number'));
}

/** A commit answer stored but not applied (its run stopped in between). */
function answeredCommit(row: PaymentRow): WebpayTransaction | undefined {
  return Object.values(commitMarks(row)).find((m) => m.answer && typeof m.answer === 'object')?.answer;
}

/** What a committed, authorized transaction shows: approved, with an authorization code and the card. */
function looksCommitted(tx: WebpayTransaction): boolean {
  return isWebpayApproved(tx) && Boolean(tx.authorization_code) && tx.authorization_code !== '000000' && Boolean(tx.card_detail?.card_number);
}

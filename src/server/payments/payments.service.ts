// Card (WebPay Plus) and bank-transfer (Khipu) payments, provider-neutral part (docs/payments.md).
// The server decides what is paid and how much: one of the buyer's own orders (its total), or some of its own open
// invoices read fresh from the ERP (the sum of their balances). A payment's outcome is applied exactly once: one
// conditional update (`outcome_applied_at is null`) in one transaction with everything that follows from it (the
// order's state, the cart, the ERP jobs), so the browser's return, the provider's notification and the reconciler may
// race and only the first one counts.
import type { FastifyBaseLogger } from 'fastify';
import type { AccountPayPreview, AccountPaySelection } from '@shared/api/account';
import type { ErpPaymentResponse } from '@shared/api/payments';
import { fill } from '@shared/messages';
import { formatCLP } from '@shared/money';
import { PAYMENT_LINK_MSG } from '@shared/paymentLinks';
import { isRepRole } from '@shared/roles';
import { orderIdOf } from '@shared/orders';
import { PROVIDER_NAMES, type PaymentProvider, type PaymentPurpose, type PaymentState } from '@shared/payments';
import { B1DteProvider, type DteProvider, type DteStatus } from '../account/dteProvider';
import type { CartRepo } from '../cart/cart.repo';
import type { Db } from '../db/connect';
import type { OrderRow, PaidDocument, PaymentRow } from '../db/schema';
import type { ErpService } from '../erp/erp.service';
import { HttpError } from '../errors';
import type { OutboxWorker } from '../jobs/outbox';
import type { Outbox } from '../jobs/outbox.repo';
import { enqueueInvoicesPaidMail, enqueueOrderConfirmedMail } from '../mail/mailJob';
import { ERP_ORDER_JOB, erpOrderDedupeKey, type ErpOrderPayload } from '../orders/erpOrderJob';
import type { OrderRepo } from '../orders/orders.repo';
import { refuseWhileWaiting } from '../company/approvalRules';
import { ownOrder } from '../orders/ownership';
import { assertMay, type SessionUser } from '../plugins/auth';
import type { CustomerDirectory } from '../profile/customers.service';
import { cededMessage, documentKey, resolveAccountPay, type ResolvedAccountPay } from './accountPay';
import { erpCounterReference } from './erpPaymentJobs';
import { markPaymentLinkPaid } from './paymentLinks.repo';
import type { PaymentRepo } from './payments.repo';
import { PAYMENT_TEXTS } from './texts';
import { SERVER_MSG } from '../messages';

/** The final outcomes of a payment. */
export type PaymentOutcome = Exclude<PaymentState, 'CREATED'>;

/** Outbox job: the incoming payment on account of a paid order (pay-account). */
export const ERP_PAYMENT_JOB = 'erp.payment';
/** Outbox job: the incoming payment applied to the paid invoices (pay-invoice). */
export const ERP_PAY_INVOICES_JOB = 'erp.payInvoices';

export interface ErpPaymentPayload {
  paymentId: number;
}

export const erpPaymentDedupeKey = (payment: Pick<PaymentRow, 'purpose' | 'reference'>) =>
  `${payment.purpose === 'INVOICES' ? ERP_PAY_INVOICES_JOB : ERP_PAYMENT_JOB}:${payment.reference}`;

/**
 * What the buyer asks to pay: one of its orders (by number), some of its pending invoices (by docEntry), or a netted
 * selection of its cuenta corriente (documents).
 */
export interface PaymentTargetInput {
  orderReference?: string;
  invoices?: number[];
  documents?: AccountPaySelection[];
}

/** The one target a create request names: documents, else invoices, else the order. */
export function paymentTargetOf(request: { documents?: AccountPaySelection[]; invoices?: number[]; orderReference?: string }): PaymentTargetInput {
  if (request.documents?.length) return { documents: request.documents };
  if (request.invoices?.length) return { invoices: request.invoices };
  return { orderReference: request.orderReference };
}

/** What the server will charge, from its own records. */
export interface ResolvedTarget {
  purpose: PaymentPurpose;
  cardCode: string;
  amount: number;
  order?: OrderRow;
  invoices: PaidDocument[];
}

/** What the provider answered to a create. */
export interface ProviderStart {
  providerId: string;
  url: string;
  answer: unknown;
}

export interface StartOptions {
  /** A new unique reference (WebPay buy_order, Khipu transaction_id); called again if one is taken. */
  reference: (attempt: number) => string;
  sessionId?: string;
  /** An open payment of the same order younger than this is answered again instead of a new one. */
  reuseWithinMs: number;
  /** Creates the payment at the provider. */
  create: (payment: PaymentRow) => Promise<ProviderStart>;
  /** Maps a provider failure to the API's error. */
  providerError: (error: unknown) => Error;
}

export interface PaymentServiceDeps {
  db: Db;
  repo: PaymentRepo;
  orders: OrderRepo;
  cart: CartRepo;
  erp: ErpService;
  customers: CustomerDirectory;
  outbox: Outbox;
  worker: OutboxWorker;
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
  /** The SII state of the documents (the cesión). Default: the B1 provider (the ERP's user-defined fields). */
  dte?: DteProvider;
  /** A card/transfer order whose payment never started is canceled after this (the reconciler's sweep). Default 30 min. */
  abandonedOrderAfterMs?: number;
}

/**
 * A sales rep never pays for the customer with their own card or bank: they send the customer a payment link
 * (docs/sales-reps.md#payment-link).
 */
function refuseRep(user: Pick<SessionUser, 'role'>): void {
  if (isRepRole(user.role)) throw new HttpError(403, PAYMENT_LINK_MSG.repMustSendLink);
}

/** How long pay-invoice / pay-account wait for the ERP before answering PENDING. */
const DELIVER_NOW_MS = 5_000;

/** How long an invoice stays "being paid" for the overlap check (a day: longer than any open payment lives). */
const INVOICE_OVERLAP_WINDOW_MS = 24 * 3_600_000;

export class PaymentService {
  private readonly dte: DteProvider;

  constructor(private readonly deps: PaymentServiceDeps) {
    this.dte = deps.dte ?? new B1DteProvider(deps.erp);
  }

  get repo(): PaymentRepo {
    return this.deps.repo;
  }

  /** The database the payments live in (the payment routes keep their Idempotency-Keys there). */
  get db(): Db {
    return this.deps.db;
  }

  /**
   * The caller's own order in PROCESS paid with `provider`, or the caller's own open invoices (fresh from the ERP):
   * what is charged comes from the server's records only.
   */
  async resolveTarget(user: SessionUser, provider: PaymentProvider, input: PaymentTargetInput): Promise<ResolvedTarget> {
    refuseRep(user);
    const docEntries = [...new Set(input.invoices ?? [])];
    const documents = input.documents ?? [];
    // documents are a finance person's to pay, an order a buyer's
    assertMay(user, docEntries.length > 0 || documents.length > 0 ? 'finance' : 'buy');
    if (documents.length > 0) {
      const cardCode = await this.deps.customers.cardCodeOf(user);
      const resolved = await this.resolveDocuments(cardCode, documents);
      return { purpose: 'INVOICES', cardCode, amount: resolved.total, invoices: resolved.paid };
    }
    if (docEntries.length > 0) {
      const cardCode = await this.deps.customers.cardCodeOf(user);
      const [pending, ceded] = await Promise.all([this.deps.erp.pendingInvoices(cardCode), this.cededDocuments(cardCode)]);
      const open = new Map(pending.map((doc) => [doc.docEntry, doc]));
      const invoices = docEntries.map((docEntry) => {
        const doc = open.get(docEntry);
        if (!doc) throw new HttpError(404, fill(PAYMENT_TEXTS.invoiceNotPending, { docEntry }));
        return { docEntry, folio: doc.folio, paidSum: doc.saldoaPagar };
      });
      // a ceded invoice is paid to the cesionario, whichever screen (or request) names it
      for (const i of invoices) {
        const cesion = ceded.get(documentKey(i));
        if (cesion) throw new HttpError(409, cededMessage(cesion));
      }
      const busy = await this.documentsInProcess(cardCode);
      const clash = invoices.find((i) => busy.has(documentKey(i)));
      if (clash) throw new HttpError(409, fill(PAYMENT_TEXTS.invoiceInProgress, { folio: clash.folio }));
      return { purpose: 'INVOICES', cardCode, amount: invoices.reduce((sum, i) => sum + i.paidSum, 0), invoices };
    }
    const reference = input.orderReference?.trim().toUpperCase() ?? '';
    if (!reference) throw new HttpError(400, PAYMENT_TEXTS.targetRequired);
    const id = orderIdOf(reference);
    const order = id === null ? undefined : await this.deps.orders.byId(id);
    if (!order || order.purchaseOrderNumber !== reference) throw new HttpError(404, SERVER_MSG.orderNotFound);
    ownOrder(user, order);
    return this.orderTarget(order, provider);
  }

  /**
   * An order the caller may pay (already checked to be theirs, or named by a payment link) as a payment target: an
   * online order paid with `provider`, in PROCESS and not waiting for the company's approval.
   */
  orderTarget(order: OrderRow, provider: PaymentProvider): ResolvedTarget {
    const reference = order.purchaseOrderNumber ?? '';
    if (order.orderType !== 'ONLINE') throw new HttpError(400, fill(PAYMENT_TEXTS.reserveNotPayable, { number: reference }));
    if (order.paymentMethod !== provider) {
      throw new HttpError(400, fill(PAYMENT_TEXTS.wrongProvider, { number: reference, provider: PROVIDER_NAMES[provider] }));
    }
    refuseWhileWaiting(order);
    if (order.orderState !== 'PROCESS') throw new HttpError(409, fill(SERVER_MSG.orderNotPending, { number: reference }));
    return { purpose: 'ORDER', cardCode: order.cardCode, amount: order.total, order, invoices: [] };
  }

  /**
   * Records the payment and creates it at the provider. One payment per order at a time (the order row is locked
   * while deciding): an open one of the same order, young enough, is answered again (a double click, a reload).
   */
  async start(user: Pick<SessionUser, 'id'>, provider: PaymentProvider, target: ResolvedTarget, opts: StartOptions): Promise<PaymentRow> {
    const { db, repo } = this.deps;
    const decided = await db.transaction(async (tx) => {
      if (target.order) {
        const number = target.order.purchaseOrderNumber ?? '';
        const locked = await repo.lockOrder(tx, target.order.id);
        if (!locked || locked.orderState !== 'PROCESS') throw new HttpError(409, fill(SERVER_MSG.orderNotPending, { number }));
        const open = await repo.openOfOrder(tx, locked.id);
        if (open) {
          const young = Date.now() - open.createdAt.getTime() < opts.reuseWithinMs;
          if (open.provider === provider && young) return { reused: true, payment: open };
          throw new HttpError(409, fill(PAYMENT_TEXTS.paymentInProgress, { number }));
        }
      }
      for (let attempt = 0; attempt < 5; attempt += 1) {
        const row = await repo.insertIfReferenceFree(tx, {
          provider,
          purpose: target.purpose,
          orderId: target.order?.id ?? null,
          userId: user.id,
          cardCode: target.cardCode,
          amount: target.amount,
          reference: opts.reference(attempt),
          sessionId: opts.sessionId ?? '',
          invoices: target.invoices,
        });
        if (row) return { reused: false, payment: row };
      }
      throw new Error('no se pudo generar una referencia de pago única');
    });
    if (decided.reused) return this.startedBy(decided.payment, target);

    const payment = decided.payment;
    let started: ProviderStart;
    try {
      started = await opts.create(payment);
    } catch (error) {
      await repo.deleteUnstarted(payment.id);
      this.deps.log.warn({ err: error, paymentId: payment.id, provider }, 'el medio de pago no creó el pago');
      throw await this.withOrderStanding(opts.providerError(error), provider, target);
    }
    const stored = await repo.setProvider(payment.id, started.providerId, started.url, started.answer);
    this.deps.log.info(
      { paymentId: stored.id, provider, purpose: stored.purpose, reference: stored.reference, amount: stored.amount, orderId: stored.orderId },
      'pago iniciado',
    );
    return stored;
  }

  /**
   * A payment of an order that could not start (the provider failed, 5xx): the order exists and nothing was charged.
   * The answer says so, with the order's number and state as they are now (`order` in the error body), so the buyer
   * knows the order is there, unpaid, and that paying it again pays that same order.
   */
  private async withOrderStanding(error: Error, provider: PaymentProvider, target: ResolvedTarget): Promise<Error> {
    if (!target.order || !(error instanceof HttpError) || error.status < 500) return error;
    const number = target.order.purchaseOrderNumber ?? '';
    const now = await this.deps.orders.byId(target.order.id);
    const orderState = now?.orderState ?? target.order.orderState;
    const minutes = Math.round((this.deps.abandonedOrderAfterMs ?? 30 * 60_000) / 60_000);
    const message =
      orderState === 'PROCESS'
        ? fill(PAYMENT_TEXTS.orderUnpaidProviderDown, { number, provider: PROVIDER_NAMES[provider], minutes })
        : fill(PAYMENT_TEXTS.orderNotPayableNow, { number, message: error.message });
    return new HttpError(error.status, message, undefined, {
      order: { created: true, purchaseOrderNumber: number, orderState, paymentStarted: false },
    });
  }

  /**
   * An open payment of the same order answered again. One whose create is still under way (a double click) is waited
   * for a little; one whose create failed is gone, and the buyer may try again.
   */
  private async startedBy(open: PaymentRow, target: ResolvedTarget): Promise<PaymentRow> {
    const number = target.order?.purchaseOrderNumber ?? '';
    const until = Date.now() + 20_000;
    let current: PaymentRow | undefined = open;
    while (current && !current.providerId && !current.outcomeAppliedAt && Date.now() < until) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      current = await this.deps.repo.byId(open.id);
    }
    if (!current || !current.providerId || !current.paymentUrl || current.outcomeAppliedAt) {
      throw new HttpError(409, fill(PAYMENT_TEXTS.paymentInProgress, { number }));
    }
    return current;
  }

  /**
   * Applies a final outcome once (whoever comes first wins; later calls change nothing and answer the stored payment).
   * PAID for an order: CONFIRMED with numOc, jobs 'erp.order', 'erp.payment' and the buyer's confirmation mail (the cart
   * was already consumed when the order was made, so what the buyer added since stays). PAID for invoices: job
   * 'erp.payInvoices' and the buyer's receipt mail. Anything else
   * (REJECTED, ABORTED, EXPIRED) cancels the order (orders only) and puts its lines back in the buyer's cart, added to
   * what is there, in the same transaction and only when this outcome is what moved the order out of PROCESS.
   */
  async applyOutcome(
    paymentId: number,
    outcome: PaymentOutcome,
    evidence: unknown,
    opts: { numOc?: string; source?: string } = {},
  ): Promise<{ applied: boolean; payment: PaymentRow }> {
    const { db, outbox, cart, log } = this.deps;
    const applied = await db.transaction(async (tx) => {
      const row = await this.deps.repo.applyOutcomeOnce(tx, paymentId, outcome, evidence);
      if (!row) return undefined;
      const payload: ErpPaymentPayload = { paymentId: row.id };
      if (row.purpose === 'ORDER' && row.orderId !== null) {
        if (outcome === 'PAID') {
          const order = await this.deps.orders.confirmPaid(tx, row.orderId, (opts.numOc || row.reference).slice(0, 100));
          if (order) {
            const orderJob: ErpOrderPayload = { orderId: order.id };
            await outbox.enqueue(tx, { kind: ERP_ORDER_JOB, payload: orderJob, dedupeKey: erpOrderDedupeKey(order.purchaseOrderNumber ?? String(order.id)) });
            // the buyer's confirmation, built when it is sent (one per order, whichever path confirmed it)
            await enqueueOrderConfirmedMail(outbox, tx, order);
          } else {
            log.error({ paymentId: row.id, orderId: row.orderId, reference: row.reference }, 'pago recibido para un pedido que ya no estaba en proceso: revisar');
          }
          await outbox.enqueue(tx, { kind: ERP_PAYMENT_JOB, payload, dedupeKey: erpPaymentDedupeKey(row) });
          await markPaymentLinkPaid(tx, row.id);
        } else {
          const canceled = await this.deps.orders.cancelInProcess(tx, row.orderId);
          for (const order of canceled) {
            const lines = await this.deps.orders.lines(order.id, tx);
            await cart.restoreLines(tx, { userId: order.userId, companyRut: order.companyRut }, lines.map((line) => ({ sku: line.sku, quantity: line.quantity, porLlegar: line.shipDate !== null })));
          }
        }
      } else if (row.purpose === 'INVOICES' && outcome === 'PAID') {
        await outbox.enqueue(tx, { kind: ERP_PAY_INVOICES_JOB, payload, dedupeKey: erpPaymentDedupeKey(row) });
        await enqueueInvoicesPaidMail(outbox, tx, row);
      }
      return row;
    });
    if (!applied) return { applied: false, payment: (await this.deps.repo.byId(paymentId))! };
    log.info(
      { paymentId, provider: applied.provider, purpose: applied.purpose, reference: applied.reference, outcome, source: opts.source },
      'resultado del pago aplicado',
    );
    if (outcome === 'PAID') this.deps.worker.kick();
    return { applied: true, payment: applied };
  }

  /**
   * The caller's own payment by the provider's id (token / payment_id) or by its reference; others' are 'not found'. A
   * payment is the person's who started it, and for the company it was started for: the session must still act for it.
   */
  async ownPayment(user: SessionUser, provider: PaymentProvider, id: string): Promise<PaymentRow> {
    return this.owned(user, await this.find(provider, id));
  }

  /** Any provider: the id of a payment the caller names (pay-invoice, pay-account). */
  async ownPaymentAnyProvider(user: SessionUser, id: string): Promise<PaymentRow> {
    return this.owned(user, (await this.find('WEBPAY', id)) ?? (await this.find('KHIPU', id)));
  }

  private async owned(user: SessionUser, payment: PaymentRow | undefined): Promise<PaymentRow> {
    if (!payment || payment.userId !== user.id || payment.cardCode !== (await this.deps.customers.cardCodeOf(user))) {
      throw new HttpError(404, PAYMENT_TEXTS.paymentNotFound);
    }
    return payment;
  }

  async find(provider: PaymentProvider, id: string): Promise<PaymentRow | undefined> {
    const value = id.trim();
    if (!value || value.length > 100) return undefined;
    const byProvider = await this.deps.repo.byProviderId(provider, value);
    if (byProvider) return byProvider;
    const byReference = await this.deps.repo.byReference(value);
    return byReference?.provider === provider ? byReference : undefined;
  }

  /** The order a payment pays (null for invoices). */
  async orderOf(payment: PaymentRow): Promise<OrderRow | null> {
    return payment.orderId === null ? null : ((await this.deps.orders.byId(payment.orderId)) ?? null);
  }

  /**
   * pay-invoice / pay-account: the state of the ERP work applyOutcome queued for the caller's own PAID payment (never
   * anything the browser describes). Waits up to `waitMs` for pending work, then answers SENT or PENDING.
   */
  async erpAnswer(user: SessionUser, paymentId: string, kind: 'invoice' | 'account', waitMs = DELIVER_NOW_MS): Promise<ErpPaymentResponse> {
    refuseRep(user);
    const payment = await this.ownPaymentAnyProvider(user, paymentId);
    if (payment.state !== 'PAID') throw new HttpError(409, fill(PAYMENT_TEXTS.paymentNotPaid, { provider: PROVIDER_NAMES[payment.provider] }));
    if (kind === 'invoice' && payment.purpose !== 'INVOICES') throw new HttpError(400, PAYMENT_TEXTS.notForInvoices);
    if (kind === 'account' && payment.purpose !== 'ORDER') throw new HttpError(400, PAYMENT_TEXTS.notForAccount);
    const keys = [erpPaymentDedupeKey(payment)];
    if (payment.purpose === 'ORDER') {
      const order = await this.orderOf(payment);
      if (order?.purchaseOrderNumber) keys.unshift(erpOrderDedupeKey(order.purchaseOrderNumber));
    }
    const statuses: string[] = [];
    for (const key of keys) {
      const job = await this.deps.outbox.byKey(key);
      if (!job) {
        statuses.push('pending');
        continue;
      }
      statuses.push(job.status === 'pending' ? await this.deps.worker.deliverNow(job.id, waitMs) : job.status);
    }
    if (statuses.every((s) => s === 'done')) return { erp: 'SENT', message: await this.sentMessage(payment) };
    return { erp: 'PENDING', message: statuses.includes('failed') ? PAYMENT_TEXTS.erpFailed : PAYMENT_TEXTS.erpPending };
  }

  /**
   * What the buyer reads once the ERP has a payment of documents: registered; and, when the balances changed before the
   * registration and part of the money could not be applied, how much stayed on account (read from the ERP's payment).
   * The ERP not answering that read changes nothing: the payment is registered.
   */
  private async sentMessage(payment: PaymentRow): Promise<string> {
    if (payment.purpose !== 'INVOICES') return PAYMENT_TEXTS.erpSent;
    try {
      const found = await this.deps.erp.findIncomingPayment(payment.cardCode, erpCounterReference(payment, null));
      if (!found) return PAYMENT_TEXTS.erpSent;
      const registered = await this.deps.erp.accountPayment(payment.cardCode, found.docEntry);
      const onAccount = payment.amount - registered.lines.reduce((sum, line) => sum + line.amount, 0);
      return onAccount > 0 ? fill(PAYMENT_TEXTS.erpSentOnAccount, { amount: formatCLP(onAccount) }) : PAYMENT_TEXTS.erpSent;
    } catch (error) {
      this.deps.log.warn({ err: error, paymentId: payment.id }, 'no se pudo leer el pago registrado en el ERP');
      return PAYMENT_TEXTS.erpSent;
    }
  }

  /**
   * The netted payment a selection of the cuenta corriente would be (POST /api/user/account/pay/preview): the same
   * resolution the create charges, read fresh from the ERP.
   */
  async previewDocuments(user: SessionUser, documents: readonly AccountPaySelection[]): Promise<AccountPayPreview> {
    refuseRep(user);
    assertMay(user, 'finance');
    const { lines, total, credits } = await this.resolveDocuments(await this.deps.customers.cardCodeOf(user), documents);
    return { lines, total, credits };
  }

  /** A selection against the company's open documents, their SII state and the documents already in a payment. */
  private async resolveDocuments(cardCode: string, documents: readonly AccountPaySelection[]): Promise<ResolvedAccountPay> {
    const [open, busy] = await Promise.all([this.deps.erp.openAccountDocuments(cardCode), this.documentsInProcess(cardCode)]);
    const wanted = new Set(documents.map(documentKey));
    const states = await this.dte.statuses(cardCode, open.filter((d) => wanted.has(documentKey(d))));
    return resolveAccountPay(documents, open, states, busy);
  }

  /** The company's open documents the DTE provider says were ceded, keyed kind:docEntry, with their cesionario. */
  private async cededDocuments(cardCode: string): Promise<Map<string, NonNullable<DteStatus['ceded']>>> {
    const open = await this.deps.erp.openAccountDocuments(cardCode);
    const states = await this.dte.statuses(cardCode, open.filter((d) => d.sign > 0));
    return new Map([...states].flatMap(([key, state]) => (state.ceded ? [[key, state.ceded] as const] : [])));
  }

  /**
   * The company's documents in a portal payment being processed, keyed `${kind}:${docEntry}`: in an open payment, or
   * in a paid one the ERP has not registered yet. None of them can be paid again, by anybody of the company (two
   * finance people paying one invoice, or applying one credit note, at once); the account shows them 'Pago en proceso'.
   */
  async documentsInProcess(cardCode: string): Promise<Set<string>> {
    const busy = new Set<string>();
    for (const other of await this.deps.repo.recentInvoicePayments(cardCode, INVOICE_OVERLAP_WINDOW_MS)) {
      if (other.state === 'PAID') {
        const job = await this.deps.outbox.byKey(erpPaymentDedupeKey(other));
        if (job?.status === 'done') continue; // the ERP has it: the fresh balance already counts it
      }
      for (const i of other.invoices) busy.add(documentKey(i));
    }
    return busy;
  }
}

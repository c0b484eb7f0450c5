// The outbox jobs that register confirmed payments in the ERP as incoming payments (spec: pay-account after a paid
// order's sales order, pay-invoice for pending invoices). Enqueued by PaymentService.applyOutcome in the transaction
// that records the money; delivered at least once, so each looks for the ERP payment with its CounterReference
// before posting one, and a post whose outcome is unknown is only looked up until the ERP has surely finished it
// (createOnce, docs/exactly-once.md).
import type { FastifyBaseLogger } from 'fastify';
import type { AccountDocument } from '@shared/api/account';
import type { OrderRow, PaymentRow } from '../db/schema';
import type { ErpService } from '../erp/erp.service';
import { createOnce } from '../erp/createOnce';
import { buildIncomingPayment, COUNTER_REFERENCE_MAX, type AppliedDocument, type IncomingPaymentMeans, type IncomingPaymentSource } from '../erp/incomingPayments';
import type { WebpayTransaction } from '../integrations/webpay';
import { PermanentJobError, type JobHandler, type JobInfo } from '../jobs/outbox';
import { isErpRejection } from '../orders/erpOrderJob';
import type { OrderRepo } from '../orders/orders.repo';
import { documentKey, foliosOf } from './accountPay';
import type { ErpPaymentPayload } from './payments.service';
import type { PaymentRepo } from './payments.repo';

/**
 * The ERP's CounterReference of a payment (8 characters in B1): the order number for an order (the same reference
 * as the sales order's NumAtCard), 'PF' + the payment id for pending invoices.
 */
export function erpCounterReference(payment: Pick<PaymentRow, 'id' | 'purpose'>, order: Pick<OrderRow, 'purchaseOrderNumber'> | null): string {
  const number = payment.purpose === 'ORDER' ? order?.purchaseOrderNumber : undefined;
  if (number && number.length <= COUNTER_REFERENCE_MAX) return number;
  const short = `PF${String(payment.id).padStart(6, '0')}`;
  return short.length <= COUNTER_REFERENCE_MAX ? short : `P${payment.id.toString(36).toUpperCase().padStart(7, '0')}`;
}

/** The payment means the ERP records: the card WebPay charged, or the bank transfer Khipu verified. */
export function meansOf(payment: PaymentRow): IncomingPaymentMeans {
  if (payment.provider === 'KHIPU') return { kind: 'transfer' };
  const r = (payment.result ?? {}) as Partial<WebpayTransaction>;
  return {
    kind: 'card',
    paymentTypeCode: r.payment_type_code ?? '',
    cardLast4: (r.card_detail?.card_number ?? '').replace(/\D/g, '').slice(-4),
    authorizationCode: r.authorization_code ?? '',
    installments: Number(r.installments_number) || 1,
  };
}

function remarksOf(payment: PaymentRow, order: OrderRow | null): string {
  const r = (payment.result ?? {}) as { authorization_code?: string; payment_id?: string };
  const parts = ['Portal B2B'];
  if (order?.purchaseOrderNumber) parts.push(`pedido ${order.purchaseOrderNumber}`);
  if (payment.purpose === 'INVOICES') parts.push(`documentos ${foliosOf(payment.invoices).join(', ')}`);
  if (payment.provider === 'WEBPAY') parts.push(`WebPay orden ${payment.reference}`, `autorización ${r.authorization_code ?? ''}`);
  else parts.push(`Khipu ${payment.providerId ?? r.payment_id ?? ''}`, `transacción ${payment.reference}`);
  return parts.join('; ');
}

export function createErpPaymentHandler(deps: {
  payments: PaymentRepo;
  orders: OrderRepo;
  erp: ErpService;
  log?: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
  now?: () => Date;
}): JobHandler {
  const { payments, orders, erp, log } = deps;
  return async (raw, job) => {
    const paymentId = Number((raw as Partial<ErpPaymentPayload> | null)?.paymentId);
    if (!Number.isSafeInteger(paymentId) || paymentId <= 0) throw new PermanentJobError(`pago inválido en el trabajo: ${JSON.stringify(raw)}`);
    const payment = await payments.byId(paymentId);
    if (!payment) throw new PermanentJobError(`el pago ${paymentId} no existe`);
    if (payment.state !== 'PAID') throw new PermanentJobError(`el pago ${paymentId} no está pagado (${payment.state})`);
    const order = payment.orderId === null ? null : ((await orders.byId(payment.orderId)) ?? null);
    const source = {
      cardCode: payment.cardCode,
      counterReference: erpCounterReference(payment, order),
      amount: payment.amount,
      means: meansOf(payment),
      invoices: payment.purpose === 'INVOICES' ? payment.invoices.map((i): AppliedDocument => ({
        docEntry: i.docEntry, sumApplied: i.paidSum, ...(i.kind ? { kind: i.kind } : {}), ...(i.installmentId !== undefined ? { installmentId: i.installmentId } : {}),
      })) : [],
      remarks: remarksOf(payment, order),
    };
    const now = deps.now?.();
    let sent: { docEntry: number; docNum: number };
    try {
      sent = await registerOnce(job, source, now);
    } catch (error) {
      if (!isErpRejection(error)) throw error; // unreachable, 5xx, timeout…: retried with backoff (looking first)
      const retried = payment.purpose === 'INVOICES' ? await resubmitWithOpenBalances(job, source, now) : undefined;
      if (!retried) {
        log?.error(
          { paymentId, reference: payment.reference, counterReference: source.counterReference, amount: payment.amount, erpError: error.erpMessage ?? error.message },
          'pago CONFIRMADO rechazado por el ERP: debe registrarse a mano',
        );
        throw new PermanentJobError(`el ERP rechazó el pago ${payment.reference}: ${error.erpMessage ?? error.message}`, { cause: error });
      }
      sent = retried;
    }
    log?.info({ paymentId, reference: payment.reference, docEntry: sent.docEntry }, 'pago registrado en el ERP');
  };

  /** The incoming payment, once: looked up by its CounterReference before every POST (createOnce). */
  function registerOnce(job: JobInfo, source: IncomingPaymentSource, now: Date | undefined): Promise<{ docEntry: number; docNum: number }> {
    return createOnce(job, erp.createPolicy, {
      what: `el pago ${source.counterReference}`,
      lookup: () => erp.findIncomingPayment(source.cardCode, source.counterReference),
      create: () => erp.postIncomingPayment(buildIncomingPayment(source, now)),
    });
  }

  /**
   * The documents' balances changed after the payment was made (paid elsewhere, a credit note applied meanwhile):
   * applies what is still open and leaves the rest on account, so the money received is registered anyway.
   * Undefined when nothing changed (the rejection was something else).
   */
  async function resubmitWithOpenBalances(
    job: JobInfo,
    source: IncomingPaymentSource,
    now: Date | undefined,
  ): Promise<{ docEntry: number; docNum: number } | undefined> {
    const before = source.invoices ?? [];
    const adjusted = applicableNow(before, await erp.openAccountDocuments(source.cardCode), source.amount);
    if (adjusted.every((a, n) => a.sumApplied === before[n]?.sumApplied)) return undefined;
    log?.warn({ counterReference: source.counterReference, before: source.invoices, after: adjusted }, 'los saldos cambiaron: se aplica lo pendiente y el resto queda a cuenta');
    try {
      return await registerOnce(job, { ...source, invoices: adjusted }, now);
    } catch (error) {
      if (isErpRejection(error)) return undefined;
      throw error;
    }
  }
}

/**
 * What of each line can still be applied, given the documents open now: each line at most its installment's (or its
 * document's) open balance, credit notes included; then the net applied kept between 0 and the money received (a
 * credit note no longer open leaves less to apply to the invoices; invoices no longer open leave a credit note applied
 * only as far as what remains absorbs it). What is not applied stays on account.
 */
export function applicableNow(lines: readonly AppliedDocument[], open: readonly AccountDocument[], money: number): AppliedDocument[] {
  const docs = new Map(open.map((d) => [documentKey(d), d]));
  // what is still open per document and per installment, as the lines take it
  const left = new Map<string, number>();
  const room = (key: string, initial: number) => left.get(key) ?? initial;
  const adjusted = lines.map((line) => {
    const key = documentKey(line);
    const doc = docs.get(key);
    if (!doc || !doc.open) return { ...line, sumApplied: 0 };
    const part = line.installmentId === undefined ? undefined : `${key}#${line.installmentId}`;
    const partOpen = doc.installments.find((i) => i.id === line.installmentId)?.balance ?? 0;
    const available = Math.min(room(key, doc.balance), part ? room(part, partOpen) : Infinity);
    const got = Math.max(0, Math.min(Math.abs(line.sumApplied), available));
    left.set(key, room(key, doc.balance) - got);
    if (part) left.set(part, room(part, partOpen) - got);
    return { ...line, sumApplied: got === 0 ? 0 : Math.sign(line.sumApplied) * got };
  });
  const net = () => adjusted.reduce((s, l) => s + l.sumApplied, 0);
  // too much credit for what is left to pay: the last credit notes give back the excess
  for (let n = adjusted.length - 1; n >= 0 && net() < 0; n -= 1) {
    const line = adjusted[n]!;
    if (line.sumApplied < 0) line.sumApplied = Math.min(0, line.sumApplied - net());
  }
  // more applied than the money received (a credit note went elsewhere): the last payable lines take less
  for (let n = adjusted.length - 1; n >= 0 && net() > money; n -= 1) {
    const line = adjusted[n]!;
    if (line.sumApplied > 0) line.sumApplied = Math.max(0, line.sumApplied - (net() - money));
  }
  return adjusted;
}

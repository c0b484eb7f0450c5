// 'Mis pedidos': where a buyer's order stands, in the buyer's words, each step with its date, from evidence only (the
// order's payments, its ERP job's results, the ERP's invoices). Pure: the routes gather the evidence.
import type { BuyerOrderStep, BuyerOrderStepKey } from '@shared/api/userOrders';
import { fill } from '@shared/messages';
import { BUYER_STEP_TEXTS } from '@shared/orderTracking';
import type { OrderRow, PaymentRow } from '../db/schema';
import type { InvoiceFollowUp } from '../erp/followUp';
import { isPaidByProvider } from './erpOrderJob';
import { canceledAt, paidPayment, type ErpMilestones } from './orderEvidence';

export interface TrackingInput {
  order: OrderRow;
  payments: readonly PaymentRow[];
  milestones: ErpMilestones;
  /** The ERP invoices based on the order, oldest first (null: the ERP could not be asked). */
  invoices: readonly InvoiceFollowUp[] | null;
}

const at = (value: Date | null | undefined) => (value ? value.toISOString() : null);

/**
 * Every step that applies to the order, in order: Recibido → the company's approval (an order over a Comprador's
 * limit: while it waits, nothing else follows) → Pagado (card and transfer orders) → Esperando aprobación
 * (when the ERP's approval procedure held it) → En SAP N° {DocNum} → Facturado N° {folio}; a canceled order shows the
 * steps it reached and then Anulado.
 */
export function buyerSteps({ order, payments, milestones, invoices }: TrackingInput): BuyerOrderStep[] {
  const steps: BuyerOrderStep[] = [{ key: 'received', label: BUYER_STEP_TEXTS.received, done: true, at: at(order.createdAt) }];
  const company = companyStep(order);
  if (company) steps.push(company);
  if (order.orderState === 'AWAITING_COMPANY_APPROVAL') return steps;
  if (order.orderType === 'ONLINE' && isPaidByProvider(order.paymentMethod)) {
    const paid = paidPayment(payments);
    steps.push({ key: 'paid', label: BUYER_STEP_TEXTS.paid, done: Boolean(paid), at: at(paid?.outcomeAppliedAt ?? null) });
  }
  if (milestones.waitingAt) {
    steps.push({ key: 'awaitingApproval', label: BUYER_STEP_TEXTS.awaitingApproval, done: true, at: at(milestones.waitingAt) });
  }
  const inErp = order.erpStatus === 'SENT';
  const docNum = order.erpDocNum;
  steps.push({
    key: 'inErp',
    label: inErp && docNum !== null ? fill(BUYER_STEP_TEXTS.inErpNumber, { docNum }) : BUYER_STEP_TEXTS.inErp,
    done: inErp,
    at: inErp ? at(milestones.sentAt) : null,
  });
  const invoice = inErp ? invoices?.[0] : undefined;
  steps.push({
    key: 'invoiced',
    label: invoice ? fill(BUYER_STEP_TEXTS.invoicedNumber, { folio: invoice.folio || invoice.docNum }) : BUYER_STEP_TEXTS.invoiced,
    done: Boolean(invoice),
    at: invoice?.date || null,
  });
  if (order.orderState !== 'CANCELED') return steps;
  return [...steps.filter((s) => s.done), { key: 'canceled', label: BUYER_STEP_TEXTS.canceled, done: true, at: at(canceledAt(order, payments, milestones)) }];
}

/**
 * An order that waited for the buying company's approval: waiting, or the decision with its date (a rejection carries
 * its reason in company_decision_note; an approval none). Undefined for an order that never waited.
 */
export function companyStep(order: Pick<OrderRow, 'orderState' | 'createdAt' | 'companyDecisionAt' | 'companyDecisionNote'>): BuyerOrderStep | undefined {
  if (order.orderState === 'AWAITING_COMPANY_APPROVAL') return { key: 'companyApproval', label: BUYER_STEP_TEXTS.companyWaiting, done: true, at: at(order.createdAt) };
  if (!order.companyDecisionAt) return undefined;
  const rejected = order.orderState === 'CANCELED' && order.companyDecisionNote !== '';
  return { key: 'companyApproval', label: rejected ? BUYER_STEP_TEXTS.companyRejected : BUYER_STEP_TEXTS.companyApproved, done: true, at: at(order.companyDecisionAt) };
}

/** The latest step reached. */
export function currentStep(steps: readonly BuyerOrderStep[]): BuyerOrderStep & { key: BuyerOrderStepKey; at: string } {
  const reached = [...steps].reverse().find((s) => s.done) ?? steps[0]!;
  return { ...reached, at: reached.at ?? steps[0]!.at ?? '' };
}

// The incoming payments (B1 `IncomingPayments`) the portal registers for money a payment provider confirmed
// (R-ERP-2 and R-INV-3: pay-account and pay-invoice). The means is one PaymentCreditCards row, as the legacy
// portal sent it: a card with the codes of its type (debit VD → CreditCard 3 / PaymentMethodCode 4, others 4 / 3),
// its last 4 digits and authorization code; a bank transfer (Khipu) as CreditCard 3 / PaymentMethodCode 4 with one
// payment and no card data. A netted payment of the cuenta corriente applies invoices, debit notes and down payments
// (positive SumApplied) less credit notes (negative, it_CredItnote), by installment; the money is the net total.
// CounterReference (8 characters in B1) identifies the portal payment, so a retry finds
// the document instead of registering the money twice.
import type { AccountDocumentKind } from '@shared/api/account';
import { erpCardCodes } from '@shared/payments';
import { yyyymmdd } from '@shared/dates';
import { chileToday } from './salesOrders';

/** PaymentInvoices.InvoiceType of each kind of account document. */
export const INVOICE_TYPE_OF: Record<AccountDocumentKind, B1InvoiceType> = { invoice: 'it_Invoice', creditNote: 'it_CredItnote', downPayment: 'it_DownPayment' };
export type B1InvoiceType = 'it_Invoice' | 'it_CredItnote' | 'it_DownPayment';

/** One document a payment applies to: an A/R invoice when `kind` is absent; the document as a whole when `installmentId` is. */
export interface AppliedDocument {
  docEntry: number;
  /** Whole CLP; negative for a credit note. */
  sumApplied: number;
  kind?: AccountDocumentKind;
  installmentId?: number;
}

/** B1's `CounterReference` (CounterRef) is 8 characters long. */
export const COUNTER_REFERENCE_MAX = 8;

export type IncomingPaymentMeans =
  /** A WebPay card payment. */
  | { kind: 'card'; paymentTypeCode: string; cardLast4: string; authorizationCode: string; installments: number }
  /** A Khipu bank transfer. */
  | { kind: 'transfer' };

export interface IncomingPaymentSource {
  cardCode: string;
  /** ≤ 8 characters, unique per portal payment. */
  counterReference: string;
  /** Whole CLP: the money received. */
  amount: number;
  means: IncomingPaymentMeans;
  /** Documents paid (pay-invoice, a netted payment); empty or absent = a payment on account (pay-account). */
  invoices?: ReadonlyArray<AppliedDocument>;
  /** Free text for the ERP user (≤ 254): provider, its ids, the order number. */
  remarks: string;
}

export interface IncomingPaymentDocument {
  DocType: 'rCustomer';
  CardCode: string;
  DocDate: string;
  CounterReference: string;
  Remarks: string;
  PaymentInvoices?: Array<{ DocEntry: number; SumApplied: number; InvoiceType: B1InvoiceType; InstallmentId?: number }>;
  PaymentCreditCards: Array<{
    CreditCard: number;
    CreditCardNumber?: string;
    CardValidUntil: string;
    VoucherNum?: string;
    PaymentMethodCode: number;
    NumOfPayments: number;
    CreditSum: number;
  }>;
}

/** The last day of the current month (Chile): the card's "validUntil" the ERP asks for (the provider never tells it). */
export function cardValidUntil(now: Date = new Date()): string {
  const today = chileToday(now);
  const last = new Date(today.getFullYear(), today.getMonth() + 1, 0);
  const iso = yyyymmdd(last);
  return `${iso.slice(0, 4)}-${iso.slice(4, 6)}-${iso.slice(6, 8)}`;
}

/** yyyymmdd → YYYY-MM-DD (B1 takes both; ISO is the Service Layer's own). */
function isoDay(now: Date): string {
  const d = yyyymmdd(chileToday(now));
  return `${d.slice(0, 4)}-${d.slice(4, 6)}-${d.slice(6, 8)}`;
}

/** The `IncomingPayments` body of a confirmed payment. */
export function buildIncomingPayment(source: IncomingPaymentSource, now: Date = new Date()): IncomingPaymentDocument {
  if (source.counterReference.length === 0 || source.counterReference.length > COUNTER_REFERENCE_MAX) {
    throw new Error(`CounterReference inválida: '${source.counterReference}'`);
  }
  const line: IncomingPaymentDocument['PaymentCreditCards'][number] =
    source.means.kind === 'card'
      ? {
          CreditCard: erpCardCodes(source.means.paymentTypeCode).creditCard,
          ...(source.means.cardLast4 ? { CreditCardNumber: source.means.cardLast4 } : {}),
          CardValidUntil: cardValidUntil(now),
          ...(source.means.authorizationCode ? { VoucherNum: source.means.authorizationCode.slice(0, 20) } : {}),
          PaymentMethodCode: erpCardCodes(source.means.paymentTypeCode).paymentMethodCode,
          NumOfPayments: Math.max(1, Math.trunc(source.means.installments) || 1),
          CreditSum: source.amount,
        }
      : { CreditCard: 3, CardValidUntil: cardValidUntil(now), PaymentMethodCode: 4, NumOfPayments: 1, CreditSum: source.amount };
  const doc: IncomingPaymentDocument = {
    DocType: 'rCustomer',
    CardCode: source.cardCode,
    DocDate: isoDay(now),
    CounterReference: source.counterReference,
    Remarks: source.remarks.slice(0, 254),
    PaymentCreditCards: [line],
  };
  // a line with nothing to apply is left out (its document was settled elsewhere meanwhile); so is a wrong-signed one
  const invoices = (source.invoices ?? []).filter((i) => (i.kind === 'creditNote' ? i.sumApplied < 0 : i.sumApplied > 0));
  if (invoices.length) {
    doc.PaymentInvoices = invoices.map((i) => ({
      DocEntry: i.docEntry,
      SumApplied: i.sumApplied,
      InvoiceType: INVOICE_TYPE_OF[i.kind ?? 'invoice'],
      ...(i.installmentId !== undefined ? { InstallmentId: i.installmentId } : {}),
    }));
  }
  return doc;
}

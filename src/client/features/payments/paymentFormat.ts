import type { CardPaymentResult } from '@shared/api/payments';
import { fill } from '@shared/messages';
import {
  ABORTED_VCI,
  describePaymentType,
  describeResponseCode,
  describeVci,
  type PaymentPurpose,
  type PaymentProvider,
  type PaymentState,
} from '@shared/payments';
import type { PaymentOutcome } from './paymentsSlice';
import { PAYMENTS_TEXT, UNPAID_REASON_TEXT } from './paymentsTexts';

// How the fields of a card result read (R-PAY-WEB-2, R-PAY-WEB-3), and how a payment's outcome is told.

const dateTime = new Intl.DateTimeFormat('es-CL', {
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hour12: false,
  timeZone: 'America/Santiago',
});

/** 'code - description', or just one of them when the other is missing or the same. */
export function codeWithText(code: string | number | null | undefined, text: string): string {
  const shown = code === null || code === undefined ? '' : String(code);
  if (!shown) return text || '-';
  return text && text !== shown ? `${shown} - ${text}` : shown;
}

/** An aborted payment reads 'Anulada Compra' whatever its code (R-PAY-WEB-3). */
export const vciText = (vci: string, aborted: boolean) => (aborted ? ABORTED_VCI : codeWithText(vci, describeVci(vci)));
export const paymentTypeText = (code: string) => codeWithText(code, describePaymentType(code));
export const responseCodeText = (code: CardPaymentResult['response_code']) => codeWithText(code, describeResponseCode(code));

/** WebPay gives the last 4 digits. */
export const cardNumberText = (last4: string) => (last4 ? `**** **** **** ${last4}` : '-');

/** WebPay's accounting date is MMDD: shown as DD/MM. */
export function accountingDateText(mmdd: string): string {
  return /^\d{4}$/.test(mmdd) ? `${mmdd.slice(2)}/${mmdd.slice(0, 2)}` : mmdd || '-';
}

/** ISO-8601, shown in Chile's time. */
export function transactionDateText(iso: string): string {
  if (!iso) return '-';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : dateTime.format(date);
}

/** Why a payment ended unpaid: its own state, or the order's cancellation when the payment says nothing final. */
export function unpaidReason(paymentState: PaymentState | null): string {
  return paymentState === 'REJECTED' || paymentState === 'ABORTED' || paymentState === 'EXPIRED' ? UNPAID_REASON_TEXT[paymentState] : UNPAID_REASON_TEXT.CANCELED;
}

export interface OutcomeFacts {
  outcome: PaymentOutcome;
  purpose: PaymentPurpose;
  provider: PaymentProvider;
  paymentState: PaymentState | null;
  orderReference: string | null;
}

/** One sentence on where the payment and its order stand and what that means for the buyer. */
export function outcomeExplanation({ outcome, purpose, provider, paymentState, orderReference }: OutcomeFacts): string {
  const number = orderReference ?? '-';
  const order = purpose === 'ORDER';
  switch (outcome) {
    case 'paid':
      return order ? fill(PAYMENTS_TEXT.paidOrder, { number }) : PAYMENTS_TEXT.paidInvoices;
    case 'open':
      if (!order) return PAYMENTS_TEXT.openInvoices;
      return fill(provider === 'WEBPAY' ? PAYMENTS_TEXT.openOrder : PAYMENTS_TEXT.openOrderTransfer, { number });
    case 'failed': {
      const reason = unpaidReason(paymentState);
      return order ? fill(PAYMENTS_TEXT.failedOrder, { reason, number }) : fill(PAYMENTS_TEXT.failedInvoices, { reason });
    }
    default:
      return PAYMENTS_TEXT.unknownOutcome;
  }
}

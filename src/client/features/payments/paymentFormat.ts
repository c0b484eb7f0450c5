import type { CardPaymentResult } from '../../../shared/api/payments';
import { ABORTED_VCI, describePaymentType, describeResponseCode, describeVci } from '../../../shared/payments';

// How the fields of a card result read (spec section 2, /payment-verification).

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

/** An aborted payment reads 'Anulada Compra' whatever its code (spec section 4). */
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

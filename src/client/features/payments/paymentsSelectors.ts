import type { CardPaymentResult, TransferPaymentStatus } from '@shared/api/payments';
import type { OrderState } from '@shared/orders';
import type { PaymentState } from '@shared/payments';
import type { KeptState } from '@client/app/persistence';
import { cardTransactionOf, paymentRedirectOf, storedPaymentOf, transferPaymentIdOf } from './keptPayment';
import type { PaymentOutcome, PaymentsState } from './paymentsSlice';

/**
 * The part of the store this feature reads: its own slice, the kept slice (the payment this tab started survives the
 * provider's round trip there: keptPayment.ts) and, structurally, whether there is a session (a feature does not import
 * another one).
 */
export interface PaymentsRootState {
  payments: PaymentsState;
  kept: KeptState;
  session: { isAuthenticated: boolean };
}

export const selectHasSession = (state: PaymentsRootState) => state.session.isAuthenticated;
export const selectPaymentStart = (state: PaymentsRootState) => state.payments.start;
/** The payment create whose outcome is unknown (its key is sent again), or null. */
export const selectPaymentAttempt = (state: PaymentsRootState) => state.payments.attempt;
export const selectProviderRedirect = (state: PaymentsRootState) => state.payments.redirect;
export const selectPaymentStanding = (state: PaymentsRootState) => state.payments.standing;
export const selectPurchaseRetry = (state: PaymentsRootState) => state.payments.retry;
export const selectSettledPayment = (state: PaymentsRootState) => state.payments.settled;
export const selectCardVerification = (state: PaymentsRootState) => state.payments.verification;
export const selectTransferReturn = (state: PaymentsRootState) => state.payments.transfer;

/** The payment this tab started and whose outcome it has not applied yet, or null. */
export const selectStoredPayment = (state: PaymentsRootState) => storedPaymentOf(state.kept);
/** The card transaction this tab started (WebPay's timeout return names only its order), or null. */
export const selectCardTransaction = (state: PaymentsRootState) => cardTransactionOf(state.kept);
/** The Khipu payment id of the transfer this tab started (/return without one in its query), or null. */
export const selectTransferPaymentId = (state: PaymentsRootState) => transferPaymentIdOf(state.kept);
/** Where /payment sends the browser, once, or null. */
export const selectPaymentRedirect = (state: PaymentsRootState) => paymentRedirectOf(state.kept);

/** What the card result page tells the buyer. `pending`: the server has no final outcome yet. */
export type CardOutcome = 'approved' | 'rejected' | 'aborted' | 'pending';

export function cardOutcome(result: Pick<CardPaymentResult, 'state'>): CardOutcome {
  switch (result.state) {
    case 'PAID':
      return 'approved';
    case 'REJECTED':
      return 'rejected';
    case 'ABORTED':
    case 'EXPIRED':
      return 'aborted';
    default:
      return 'pending';
  }
}

/** What the transfer return page tells the buyer. `pending`: Khipu or the server have no final outcome yet. */
export type TransferOutcome = 'paid' | 'notPaid' | 'pending';

export function transferOutcome(payment: Pick<TransferPaymentStatus, 'state'>): TransferOutcome {
  if (payment.state === 'PAID') return 'paid';
  if (payment.state === 'CREATED') return 'pending';
  // REJECTED, ABORTED, EXPIRED: the order is CANCELED on the server
  return 'notPaid';
}

/** The polling may stop: Khipu says done, or the portal already applied a final state. */
export const transferSettledState = (payment: Pick<TransferPaymentStatus, 'status' | 'state'>) =>
  payment.status === 'done' || payment.state !== 'CREATED';

/** The payment states that end a payment unpaid: the server canceled its order and put the lines back in the cart. */
export const UNPAID_STATES: readonly PaymentState[] = ['REJECTED', 'ABORTED', 'EXPIRED'];

/**
 * The state page's rule, on the server's answers only: paid when the payment is PAID or the order CONFIRMED; ended
 * unpaid when the payment is REJECTED, ABORTED or EXPIRED or the order CANCELED; still open while the payment is
 * CREATED (the buyer may pay it or give it up); otherwise not known yet.
 */
export function paymentOutcome(paymentState: PaymentState | null, orderState: OrderState | null): PaymentOutcome {
  if (paymentState === 'PAID' || orderState === 'CONFIRMED') return 'paid';
  if ((paymentState && UNPAID_STATES.includes(paymentState)) || orderState === 'CANCELED') return 'failed';
  if (paymentState === 'CREATED') return 'open';
  return 'unknown';
}

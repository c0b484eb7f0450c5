import type { CustomerProfile } from '@shared/api/erp';
import { isRepRole } from '@shared/roles';
import type { CheckoutState } from './checkoutSlice';

/**
 * The part of the store this feature reads: its own slice and, structurally, the session's user id and profile
 * (a feature does not import another one).
 */
export interface CheckoutRootState {
  checkout: CheckoutState;
  session: { id: number | null; profile: CustomerProfile | null; role?: string | null };
}

export const selectSessionUserId = (state: CheckoutRootState) => state.session.id;
/** A sales rep (VENDEDOR) representing a customer: a card or transfer order is paid by the customer through a link. */
export const selectIsRep = (state: CheckoutRootState) => isRepRole(state.session.role);
/** The credit still available (limitecred); 0 without a profile. */
export const selectCreditLimit = (state: CheckoutRootState) => state.session.profile?.limitecred ?? 0;
/** The cart's total with VAT, or null until the summary is loaded. */
export const selectOrderTotal = (state: CheckoutRootState) => state.checkout.summary.totals?.total ?? null;
export const selectCheckoutStatus = (state: CheckoutRootState) => state.checkout.status;
export const selectCheckoutError = (state: CheckoutRootState) => state.checkout.error;
export const selectSummary = (state: CheckoutRootState) => state.checkout.summary;
export const selectTransports = (state: CheckoutRootState) => state.checkout.transports;
/** The order creation whose outcome is unknown (its key is sent again), or null. */
export const selectOrderAttempt = (state: CheckoutRootState) => state.checkout.attempt;
/** The card or transfer payment of the order created on this visit of the summary, or null. */
export const selectStartedPayment = (state: CheckoutRootState) => state.checkout.payment;
/** The reserve, credit-line or cheque order made on this visit whose flow has not finished, with its request. */
export const selectUnfinishedOrder = (state: CheckoutRootState) => state.checkout.unfinished;
/** The choices of the last card or transfer order of this page, or null (then session storage has them). */
export const selectLastChoices = (state: CheckoutRootState) => state.checkout.choices;

import { createAction } from '@reduxjs/toolkit';
import type { AccountPaySelection } from '@shared/api/account';
import type { CartBulkLine } from '@shared/api/cart';
import type { CustomerProfile } from '@shared/api/erp';
import type { Order } from '@shared/api/orders';
import type { OrderStanding } from '@shared/api/types';
import type { RepSessionInfo } from '@shared/api/reps';

// Events that several features react to. They live here because a feature never imports another one.

/** The session ended by the user's choice (logout) or because the account may not keep one (inactive). */
export const loggedOut = createAction('session/loggedOut');
/** An authenticated call answered 401: the token is no longer valid. */
export const sessionExpired = createAction('session/expired');
/**
 * A sales rep started or ended representing a customer (or the server ended it): the session takes the new token and
 * the rep's state, and every slice holding a company's data forgets the previous customer's (app/rootReducer: what
 * logging out clears). `token` is the session's own when the representation ended without a new one.
 */
export const actingCompanyChanged = createAction<{ token: string; rep: RepSessionInfo }>('session/actingCompanyChanged');

/**
 * A call of a rep representing a customer was refused (403) with this message: the reps feature ends the
 * representation in the SPA when the server says it ended or the customer left the rep's scope.
 */
export const representedCallRefused = createAction<string>('session/representedCallRefused');

/**
 * The buyer's ERP profile was read again or saved from the profile screen (already in session storage):
 * the session keeps it as its `profile`.
 */
export const profileRefreshed = createAction<CustomerProfile>('profile/refreshed');

/** One size and how many of it the buyer wants. */
export interface CartItemRequest {
  sku: string;
  quantity: number;
}
/** The buyer asked to add these sizes to the cart (product detail); the cart feature carries it out. */
export const cartItemsAddRequested = createAction<{ items: CartItemRequest[] }>('cart/itemsAddRequested');
/**
 * The cart feature is done with an 'Agregar al Carro': `added` are the sizes the server took (all of them, or those
 * before the one that failed). The product detail clears their quantities, so a second click does not add them again.
 */
export const cartItemsAddFinished = createAction<{ added: CartItemRequest[] }>('cart/itemsAddFinished');

/**
 * 'Pedir por llegar' (docs/incoming.md): sizes to add to their pre-order lines (units arriving, capped by the server at
 * what arrives free to promise), from the product detail, the grid, quick order or 'Volver a comprar'. The cart feature
 * carries it out in ONE bulk request with one Idempotency-Key per action; `origin` says which screen asked, so it alone
 * shows the outcome.
 */
export type PreorderOrigin = 'product' | 'quickOrder' | 'reorder';
export const preorderAddRequested = createAction<{ items: CartItemRequest[]; origin: PreorderOrigin }>('cart/preorderAddRequested');
/**
 * The cart feature is done with a 'Pedir por llegar': `lines` is the server's answer per size (what each added), empty
 * with `failed` when no answer settled it (the choice stays on screen to be tried again: the same action, the same key).
 */
export const preorderAddFinished = createAction<{ origin: PreorderOrigin; lines: CartBulkLine[]; failed?: boolean }>('cart/preorderAddFinished');

/**
 * The server cart changed outside the cart feature (a card or transfer payment ended; not paid, the server put the
 * order's lines back): the cart reloads its count and lines.
 */
export const cartRefreshRequested = createAction('cart/refreshRequested');
/** An order or reservation was made: it took the server cart's lines, so the badge shows 0. */
export const cartEmptied = createAction('cart/emptied');

/** An order to pay by card or bank transfer was created (order summary); the payments feature takes it to the provider. */
export interface PaymentStart {
  order: Order;
  method: 'WEBPAY' | 'KHIPU';
  /** The order summary started it and shows a failure in its own alert (no toast besides it). */
  shownBySummary?: boolean;
}
export const paymentStarted = createAction<PaymentStart>('checkout/paymentStarted');
/**
 * The payment of an order could not start (the provider or the portal failed): `message` says where the order stands
 * (it exists, unpaid: 'Ir a Pagar' pays that same order), with the server's standing when it gave one.
 */
export const paymentStartFailed = createAction<{ message: string; order: Order; standing: OrderStanding | null }>('payments/orderPaymentNotStarted');

/** The buyer chose pending invoices to pay and a provider (pending payments); the payments feature takes it. */
export interface InvoicePaymentStart {
  invoices: { docEntry: number; paidSum: number }[];
  method: 'WEBPAY' | 'KHIPU';
}
export const invoicePaymentRequested = createAction<InvoicePaymentStart>('account/invoicePaymentRequested');

/**
 * The buyer chose documents of the cuenta corriente to pay as one netted payment (invoices, debit notes, credit notes
 * to apply, or part of one invoice) and a provider; the payments feature takes it. The server computes the amount.
 */
export interface AccountPaymentStart {
  documents: AccountPaySelection[];
  method: 'WEBPAY' | 'KHIPU';
}
export const accountPaymentRequested = createAction<AccountPaymentStart>('currentAccount/paymentRequested');
/** That payment could not start: the message (the server's words: a ceded invoice, a payment in process…). */
export const accountPaymentNotStarted = createAction<string>('payments/accountPaymentNotStarted');

/**
 * 'Intentar nuevamente' after the card or transfer payment of an order ended unpaid (rejected, aborted, expired): the
 * server canceled that order and put its lines back in the cart, so the checkout makes a new order from the cart with
 * the buyer's same choices and pays it with the same provider.
 */
export interface PurchaseRetry {
  method: 'WEBPAY' | 'KHIPU';
  /** The order that was not paid (shown in messages). */
  orderReference: string | null;
}
export const purchaseRetryRequested = createAction<PurchaseRetry>('payments/purchaseRetryRequested');
/** The new attempt could not start (no choices kept, empty cart, the order refused): the message to show. */
export const purchaseRetryFailed = createAction<string>('checkout/purchaseRetryFailed');

/**
 * Outbox jobs were queued again by hand (Trabajos ERP, or an order's detail): the admin shell's failed-jobs badge
 * reads its count again at once instead of at the next minute.
 */
export const jobsRetried = createAction('jobs/retried');

/**
 * 'Volver a comprar' (docs/ordering.md): the lines of an earlier order back in the cart at today's prices. A portal
 * order ('Mis pedidos') is named by its id, a sales order of the purchase history by its docEntry; the quick-order
 * feature carries it out and its ReorderResultDialog says what changed.
 */
export type ReorderSource = { kind: 'order'; id: number; reference?: string } | { kind: 'history'; docEntry: number; reference?: string };
export const reorderRequested = createAction<ReorderSource>('ordering/reorderRequested');

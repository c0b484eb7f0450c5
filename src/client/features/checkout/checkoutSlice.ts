import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { CartItem, CartResponse } from '@shared/api/cart';
import type { Transport } from '@shared/api/erp';
import type { CreateOrderRequest, Order, OrderSubmissionResponse } from '@shared/api/orders';
import type { OrderTotals } from '@shared/pricing';
import { loggedOut, paymentStarted, paymentStartFailed, purchaseRetryFailed, sessionExpired, type PaymentStart } from '@client/app/events';
import { wrongOriginDetected } from '@client/app/publicOriginSlice';

// The order summary and the reserve, credit-line and cheque flows (R-CHK-1 to R-CHK-5, R-PAY-CRED-1, R-PAY-CHQ-1).

import type { FlowStatus, LoadStatus } from '@client/app/loadable';
import type { SummaryChoices } from './keptChoices';
export type { FlowStatus, LoadStatus, SummaryChoices };
export type ProviderMethod = PaymentStart['method'];
export type { PaymentStart };

/** The one event of the order summary's submit: the buyer's choices, and the cheque photo's key (chequePhotos.ts). */
export interface OrderSubmission {
  request: CreateOrderRequest;
  chequePhotoKey: string | null;
}


/**
 * One order creation and its Idempotency-Key, kept while its outcome is unknown (no answer, timeout, 5xx): the next
 * 'Ir a Pagar' with the same choices sends the same key and gets the order that may already exist.
 */
export interface OrderAttempt {
  key: string;
  request: CreateOrderRequest;
}

export interface CheckoutState {
  /** The order flow (reserve, credit line, cheque, provider payment); its failure message in `error`. */
  status: FlowStatus;
  error: string | null;
  /** The 'Resumen de la compra' of the server cart; `cart` tells one content of the cart from another. */
  summary: { status: LoadStatus; totals: OrderTotals | null; error: string | null; cart: string | null; incoming: CartItem[] };
  transports: { status: LoadStatus; list: Transport[]; error: string | null };
  /** The order the last flow created. */
  order: Order | null;
  /** The order creation whose outcome is unknown, if any. */
  attempt: OrderAttempt | null;
  /**
   * A card or transfer payment of an order created here (the payments work takes it to its provider). If that fails,
   * 'Ir a Pagar' with the same choices pays this order again: its creation already took the cart.
   */
  payment: PaymentStart | null;
  /**
   * The choices of the last card or transfer order ('Intentar nuevamente' repeats them; also kept in session storage,
   * since the provider sends the buyer back to a new page).
   */
  choices: CreateOrderRequest | null;
  /**
   * A reserve, credit-line or cheque order created on this visit of the summary whose flow failed after its creation
   * (its ERP submission got no answer): 'Reintentar' with the same choices finishes that order instead of making
   * another one (its creation already took the cart).
   */
  unfinished: { order: Order; request: CreateOrderRequest } | null;
}

export const initialCheckoutState: CheckoutState = {
  status: 'idle',
  error: null,
  summary: { status: 'idle', totals: null, error: null, cart: null, incoming: [] },
  transports: { status: 'idle', list: [], error: null },
  order: null,
  attempt: null,
  payment: null,
  choices: null,
  unfinished: null,
};

/** The cart's lines (ids and quantities) and total: lines taken by an order and added again are another cart. */
export function cartFingerprint(cart: CartResponse): string {
  const lines = (cart.items ?? []).map((item) => `${item.id}:${item.sku}:${item.quantity}`).sort();
  return `${lines.join(',')}|${cart.totals?.lines ?? 0}|${cart.totals?.total ?? 0}`;
}

const checkoutSlice = createSlice({
  name: 'checkout',
  initialState: initialCheckoutState,
  reducers: {
    /** The order summary mounted: the saga loads the cart totals and the transports. */
    summaryOpened(state) {
      // a failure of an earlier visit is not shown again; a flow still running keeps its status
      if (state.status === 'failed') {
        state.status = 'idle';
        state.error = null;
      }
      state.payment = null;
      state.unfinished = null;
    },
    /** The buyer changed a choice of the summary: the saga keeps it in session storage (a reload keeps it). */
    summaryChoicesChanged(_state, _action: PayloadAction<SummaryChoices>) {},
    totalsLoadStarted(state) {
      state.summary = { ...state.summary, status: 'loading', error: null };
    },
    totalsLoaded(state, action: PayloadAction<CartResponse>) {
      const cart = cartFingerprint(action.payload);
      // another cart (changed, or taken by the order the lost attempt made): the next creation is a new attempt
      if (state.summary.cart !== null && state.summary.cart !== cart) state.attempt = null;
      // the pre-order lines (docs/incoming.md): the summary lists them apart and asks how they ship
      const incoming = (action.payload.items ?? []).filter((item) => item.porLlegar);
      state.summary = { status: 'loaded', totals: action.payload.totals, error: null, cart, incoming };
    },
    totalsLoadFailed(state, action: PayloadAction<string>) {
      state.summary = { ...state.summary, status: 'failed', totals: null, error: action.payload };
    },
    transportsLoadStarted(state) {
      state.transports = { ...state.transports, status: 'loading', error: null };
    },
    transportsLoaded(state, action: PayloadAction<Transport[]>) {
      state.transports = { status: 'loaded', list: action.payload, error: null };
    },
    transportsLoadFailed(state, action: PayloadAction<string>) {
      state.transports = { status: 'failed', list: [], error: action.payload };
    },
    /** 'Ir a Pagar' or 'Reservar' with a valid form: the one event the screen sends. */
    orderSubmitted(state, action: PayloadAction<OrderSubmission>) {
      state.status = 'running';
      state.error = null;
      const { request } = action.payload;
      if (request.orderType === 'ONLINE' && (request.paymentMethod === 'WEBPAY' || request.paymentMethod === 'KHIPU')) state.choices = request;
    },
    /** 'No reservar' in the confirm dialog. */
    reserveDeclined(state) {
      state.status = 'idle';
    },
    /** Credit-line sale with a credit limit below the total: stopped before anything is created. */
    creditShort(state) {
      state.status = 'idle';
    },
    /** A new key for an order creation (made once per attempt). */
    orderAttemptStarted(state, action: PayloadAction<OrderAttempt>) {
      state.attempt = action.payload;
    },
    /** The creation had a definitive answer other than the order (an empty cart, an invalid choice): its key is done. */
    orderAttemptSettled(state) {
      state.attempt = null;
    },
    /** The order exists (new, or the one a lost attempt made): its key is done. */
    orderCreated(state, action: PayloadAction<Order>) {
      state.order = action.payload;
      state.attempt = null;
    },
    /**
     * The flow of a reserve, credit-line or cheque order goes on after its creation: kept until it is placed; null when
     * a later step was refused for good (the ERP rejected it: the server canceled it), so a retry makes a new one.
     */
    orderInProgress(state, action: PayloadAction<{ order: Order; request: CreateOrderRequest } | null>) {
      state.unfinished = action.payload;
    },
    /** The flow went through: the cart is empty and the buyer goes home. */
    orderPlaced(state, action: PayloadAction<OrderSubmissionResponse>) {
      state.status = 'idle';
      state.order = action.payload.order;
      state.summary = initialCheckoutState.summary;
      state.unfinished = null;
    },
    orderFailed(state, action: PayloadAction<string>) {
      state.status = 'failed';
      state.error = action.payload;
    },
    errorDismissed(state) {
      state.error = null;
    },
  },
  extraReducers: (builder) =>
    builder
      .addCase(paymentStarted, (state, action) => {
        state.status = 'idle';
        state.payment = action.payload;
      })
      // the payment of the order made here did not start: the summary says where the order stands, in its one alert;
      // 'Ir a Pagar' pays that same order again while it is in process
      .addCase(paymentStartFailed, (state, action) => {
        state.status = 'failed';
        state.error = action.payload.message;
        const standing = action.payload.standing;
        if (standing?.created && standing.orderState && standing.orderState !== 'PROCESS') state.payment = null;
      })
      // a card or transfer payment does not start from another origin: the notice tells the buyer where to go
      .addCase(wrongOriginDetected, (state) => {
        if (state.status === 'running') state.status = 'idle';
      })
      // 'Intentar nuevamente' could not make the new order (the payments pages show why)
      .addCase(purchaseRetryFailed, (state) => {
        if (state.status === 'running') state.status = 'idle';
      })
      // another buyer may log in next: nothing of this one stays
      .addCase(loggedOut, () => initialCheckoutState)
      .addCase(sessionExpired, () => initialCheckoutState),
});

export const {
  summaryOpened,
  totalsLoadStarted,
  totalsLoaded,
  totalsLoadFailed,
  transportsLoadStarted,
  transportsLoaded,
  transportsLoadFailed,
  orderSubmitted,
  reserveDeclined,
  creditShort,
  orderAttemptStarted,
  orderAttemptSettled,
  orderCreated,
  orderInProgress,
  orderPlaced,
  summaryChoicesChanged,
  orderFailed,
  errorDismissed,
} = checkoutSlice.actions;
export const checkoutReducer = checkoutSlice.reducer;

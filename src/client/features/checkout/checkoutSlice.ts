import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { CartResponse } from '../../../shared/api/cart';
import type { Transport } from '../../../shared/api/erp';
import type { CreateOrderRequest, Order, OrderSubmissionResponse } from '../../../shared/api/orders';
import type { OrderTotals } from '../../../shared/pricing';
import { loggedOut, paymentStarted, sessionExpired, type PaymentStart } from '../../app/events';

// The order summary and the reserve, credit-line and cheque flows (spec sections 2, 4 and 5).

import type { FlowStatus, LoadStatus } from '../../app/loadable';
export type { FlowStatus, LoadStatus };
export type ProviderMethod = PaymentStart['method'];
export type { PaymentStart };

/** The one event of the order summary's submit: the buyer's choices, and the cheque photo's key (chequePhotos.ts). */
export interface OrderSubmission {
  request: CreateOrderRequest;
  chequePhotoKey: string | null;
}


export interface CheckoutState {
  /** The order flow (reserve, credit line, cheque, provider payment); its failure message in `error`. */
  status: FlowStatus;
  error: string | null;
  /** The 'Resumen de la compra' of the server cart. */
  summary: { status: LoadStatus; totals: OrderTotals | null; error: string | null };
  transports: { status: LoadStatus; list: Transport[]; error: string | null };
  /** The order the last flow created. */
  order: Order | null;
  /** A card or transfer payment that waits for its provider (the payments work takes it from here). */
  payment: PaymentStart | null;
}

export const initialCheckoutState: CheckoutState = {
  status: 'idle',
  error: null,
  summary: { status: 'idle', totals: null, error: null },
  transports: { status: 'idle', list: [], error: null },
  order: null,
  payment: null,
};


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
    },
    totalsLoadStarted(state) {
      state.summary = { ...state.summary, status: 'loading', error: null };
    },
    totalsLoaded(state, action: PayloadAction<CartResponse>) {
      state.summary = { status: 'loaded', totals: action.payload.totals, error: null };
    },
    totalsLoadFailed(state, action: PayloadAction<string>) {
      state.summary = { status: 'failed', totals: null, error: action.payload };
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
    orderSubmitted(state, _action: PayloadAction<OrderSubmission>) {
      state.status = 'running';
      state.error = null;
      state.payment = null;
    },
    /** 'No reservar' in the confirm dialog. */
    reserveDeclined(state) {
      state.status = 'idle';
    },
    /** Credit-line sale with a credit limit below the total: stopped before anything is created. */
    creditShort(state) {
      state.status = 'idle';
    },
    orderCreated(state, action: PayloadAction<Order>) {
      state.order = action.payload;
    },
    /** The flow went through: the cart is empty and the buyer goes home. */
    orderPlaced(state, action: PayloadAction<OrderSubmissionResponse>) {
      state.status = 'idle';
      state.order = action.payload.order;
      state.summary = initialCheckoutState.summary;
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
  orderCreated,
  orderPlaced,
  orderFailed,
  errorDismissed,
} = checkoutSlice.actions;
export const checkoutReducer = checkoutSlice.reducer;

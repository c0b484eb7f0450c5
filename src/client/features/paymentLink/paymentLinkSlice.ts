import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { PaymentLinkPayResponse, PaymentLinkStatus, PaymentLinkView } from '@shared/api/paymentLinks';
import type { PaymentProvider } from '@shared/payments';

// The payment link (docs/sales-reps.md#payment-link): the rep's side (send it, read its state) and the customer's
// public page (read the link, pay it).

export interface PaymentLinkState {
  /** The rep's screen of one order's link. */
  rep: {
    orderId: number | null;
    link: PaymentLinkStatus | null;
    loading: boolean;
    sending: boolean;
    /** The Idempotency-Key of a send whose outcome is unknown: the next press repeats it (one link, one mail). */
    key: string | null;
    error: string | null;
  };
  /** The customer's page. */
  page: {
    token: string | null;
    view: PaymentLinkView | null;
    loading: boolean;
    /** Why the link cannot be shown (the server's Spanish refusal). */
    error: string | null;
    paying: PaymentProvider | null;
    payError: string | null;
    /** Where to send the customer once the payment started (WebPay's form is posted by the page). */
    redirect: PaymentLinkPayResponse | null;
  };
}

export const initialPaymentLinkState: PaymentLinkState = {
  rep: { orderId: null, link: null, loading: false, sending: false, key: null, error: null },
  page: { token: null, view: null, loading: false, error: null, paying: null, payError: null, redirect: null },
};

const paymentLinkSlice = createSlice({
  name: 'paymentLink',
  initialState: initialPaymentLinkState,
  reducers: {
    repLinkOpened(state, action: PayloadAction<number>) {
      if (state.rep.orderId !== action.payload) state.rep = { ...initialPaymentLinkState.rep, orderId: action.payload };
      state.rep.loading = true;
      state.rep.error = null;
    },
    repLinkLoaded(state, action: PayloadAction<PaymentLinkStatus>) {
      state.rep.loading = false;
      state.rep.link = action.payload;
    },
    repLinkLoadFailed(state, action: PayloadAction<string>) {
      state.rep.loading = false;
      state.rep.error = action.payload;
    },
    sendLinkRequested(_state, _action: PayloadAction<number>) {},
    sendLinkStarted(state, action: PayloadAction<string>) {
      state.rep.sending = true;
      state.rep.key = action.payload;
      state.rep.error = null;
    },
    linkSent(state, action: PayloadAction<PaymentLinkStatus>) {
      state.rep.sending = false;
      state.rep.key = null;
      state.rep.link = action.payload;
    },
    sendLinkFailed(state, action: PayloadAction<{ message: string; keepKey: boolean }>) {
      state.rep.sending = false;
      state.rep.error = action.payload.message;
      if (!action.payload.keepKey) state.rep.key = null;
    },
    pageOpened(state, action: PayloadAction<string>) {
      state.page = { ...initialPaymentLinkState.page, token: action.payload, view: state.page.token === action.payload ? state.page.view : null, loading: true };
    },
    pageLoaded(state, action: PayloadAction<PaymentLinkView>) {
      state.page.loading = false;
      state.page.view = action.payload;
      state.page.error = null;
    },
    pageLoadFailed(state, action: PayloadAction<string>) {
      state.page.loading = false;
      state.page.view = null;
      state.page.error = action.payload;
    },
    payRequested(state, action: PayloadAction<PaymentProvider>) {
      state.page.paying = action.payload;
      state.page.payError = null;
    },
    payStarted(state, action: PayloadAction<PaymentLinkPayResponse>) {
      state.page.redirect = action.payload;
    },
    payFailed(state, action: PayloadAction<string>) {
      state.page.paying = null;
      state.page.payError = action.payload;
    },
  },
});

export const {
  repLinkOpened,
  repLinkLoaded,
  repLinkLoadFailed,
  sendLinkRequested,
  sendLinkStarted,
  linkSent,
  sendLinkFailed,
  pageOpened,
  pageLoaded,
  pageLoadFailed,
  payRequested,
  payStarted,
  payFailed,
} = paymentLinkSlice.actions;
export const paymentLinkReducer = paymentLinkSlice.reducer;

type WithPaymentLink = { paymentLink: PaymentLinkState };
export const selectRepLink = (state: WithPaymentLink) => state.paymentLink.rep;
export const selectLinkPage = (state: WithPaymentLink) => state.paymentLink.page;
export const selectSendKey = (state: WithPaymentLink) => state.paymentLink.rep.key;

import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { Order } from '@shared/api/orders';
import type { CardPaymentResult, KhipuCreateRequest, TransferPaymentStatus, WebpayCreateRequest } from '@shared/api/payments';
import type { OrderState } from '@shared/orders';
import type { PaymentProvider, PaymentPurpose, PaymentState } from '@shared/payments';
import {
  invoicePaymentRequested,
  loggedOut,
  paymentStarted,
  purchaseRetryFailed,
  purchaseRetryRequested,
  sessionExpired,
  type AccountPaymentStart,
  type InvoicePaymentStart,
} from '@client/app/events';
import type { FlowStatus, LoadFailure, LoadStatus } from '@client/app/loadable';
import { wrongOriginDetected } from '@client/app/publicOriginSlice';
import type { StoredPayment } from './keptPayment';

// Card (WebPay Plus) and bank-transfer (Khipu) payments: taking a payment to its provider, the card result and the
// transfer return (R-PAY-WEB-2, R-PAY-KHI-2).

/**
 * What a payment pays: an order the order summary created, pending invoices the buyer selected, or the documents of
 * the cuenta corriente chosen for one netted payment.
 */
export type PaymentTarget =
  | { purpose: 'ORDER'; order: Order }
  | { purpose: 'INVOICES'; invoices: InvoicePaymentStart['invoices'] }
  | { purpose: 'DOCUMENTS'; documents: AccountPaymentStart['documents'] };

/** Where WebPay's form is posted: the provider url and the token_ws. */
export interface CardRedirect {
  url: string;
  token: string;
}

/** Where /payment sends the browser: WebPay's form (POST of token_ws) or Khipu's page (GET). */
export type ProviderRedirect = ({ provider: 'WEBPAY' } & CardRedirect) | { provider: 'KHIPU'; url: string; token?: never };

/** What the buyer is told about a payment: paid, still payable, ended unpaid, or not known yet. */
export type PaymentOutcome = 'paid' | 'open' | 'failed' | 'unknown';

/** A payment and its order as the server answered them (/payment with nothing to send: the state page). */
export interface PaymentStanding {
  provider: PaymentProvider;
  purpose: PaymentPurpose;
  /** WebPay's token or Khipu's payment id. */
  reference: string;
  outcome: PaymentOutcome;
  paymentState: PaymentState;
  orderReference: string | null;
  orderState: OrderState | null;
  amount: number;
}

/** The query WebPay sends the buyer back with: token_ws, or TBK_TOKEN, TBK_ORDEN_COMPRA (aborted or timed out). */
export interface CardReturnQuery {
  tokenWs: string | null;
  tbkToken: string | null;
  tbkOrder: string | null;
}

/** /return's query: Khipu's return_url carries paymentId, its cancel_url adds cancel=1. */
export interface TransferReturn {
  paymentId: string | null;
  cancelled?: boolean;
}

export type { FlowStatus, LoadStatus };

/**
 * One create of a payment at its provider and its Idempotency-Key, kept while its outcome is unknown (no answer,
 * timeout, 5xx): paying the same target with the same provider again sends the same key and the same body.
 */
export type PaymentAttempt = { key: string; target: string } & (
  | { provider: 'WEBPAY'; body: WebpayCreateRequest }
  | { provider: 'KHIPU'; body: KhipuCreateRequest }
);

/** polling until Khipu says done (or the portal has a final state); then finished, or stopped by the limits. */
export type TransferStatus = 'idle' | 'polling' | 'finished' | 'timedOut' | 'failed';

export interface PaymentsState {
  /** Taking a new payment to its provider; `redirecting` once the browser is being sent there. */
  start: { status: 'idle' | 'running' | 'redirecting' | 'failed'; method: PaymentProvider | null; error: string | null };
  /** The payment create whose outcome is unknown, if any. */
  attempt: PaymentAttempt | null;
  /**
   * /payment: `ready` once it took the stored redirect (used once), `sent` when the browser was sent to the provider,
   * `none` when there was nothing to send (Back from the provider, a later visit): the page then states the payment.
   */
  redirect: { status: 'idle' | 'ready' | 'sent' | 'none'; target: ProviderRedirect | null };
  /** The state page: the payment this tab started, as the server tells it; `payment` null when there is none. */
  standing: { status: LoadStatus; payment: PaymentStanding | null; error: string | null; errorStatus?: number };
  /** 'Intentar nuevamente' (a new order and payment), until the new payment starts or fails. */
  retry: { status: FlowStatus; error: string | null };
  /** The last payment whose outcome this tab applied: what it paid ('Intentar nuevamente' of invoices reselects them). */
  settled: StoredPayment | null;
  /** /payment-verification: the stored card result; `abortedOrder` when WebPay only sent the order number back. */
  verification: { status: LoadStatus; result: CardPaymentResult | null; abortedOrder: string | null; error: string | null };
  /** /return: the transfer being validated and the last answer of the server. */
  transfer: {
    status: TransferStatus;
    paymentId: string | null;
    payment: TransferPaymentStatus | null;
    polls: number;
    /** Consecutive failed polls (a success resets them); `error` is the last failure's message. */
    failures: number;
    error: string | null;
    /** The buyer came back by Khipu's cancel_url: the payment is read once, not waited for. */
    cancelled: boolean;
  };
}

export const initialPaymentsState: PaymentsState = {
  start: { status: 'idle', method: null, error: null },
  attempt: null,
  redirect: { status: 'idle', target: null },
  standing: { status: 'idle', payment: null, error: null },
  retry: { status: 'idle', error: null },
  settled: null,
  verification: { status: 'idle', result: null, abortedOrder: null, error: null },
  transfer: { status: 'idle', paymentId: null, payment: null, polls: 0, failures: 0, error: null, cancelled: false },
};

const paymentsSlice = createSlice({
  name: 'payments',
  initialState: initialPaymentsState,
  reducers: {
    /** A new key for a payment create (made once per attempt). */
    paymentAttemptStarted(state, action: PayloadAction<PaymentAttempt>) {
      state.attempt = action.payload;
    },
    /** The create had a definitive answer other than the payment (4xx): its key is done. */
    paymentAttemptSettled(state) {
      state.attempt = null;
    },
    /** WebPay created the transaction: the browser goes to /payment, which posts the form. */
    cardTransactionCreated(state, _action: PayloadAction<CardRedirect>) {
      state.start.status = 'redirecting';
      state.attempt = null;
    },
    /** Khipu created the payment: the browser goes to its page. */
    transferPaymentCreated(state, _action: PayloadAction<{ paymentId: string; url: string }>) {
      state.start.status = 'redirecting';
      state.attempt = null;
    },
    startFailed(state, action: PayloadAction<string>) {
      state.start.status = 'failed';
      state.start.error = action.payload;
    },

    /** /payment opened (or shown again from the back-forward cache): it takes what it has to send, once. */
    paymentPageOpened() {},
    /** The redirect /payment took: the page sends the browser there. */
    providerRedirectReady(state, action: PayloadAction<ProviderRedirect>) {
      state.redirect = { status: 'ready', target: action.payload };
    },
    /** The browser was sent to the provider; the page keeps the manual button but never sends it again by itself. */
    providerRedirectSent(state) {
      if (state.redirect.status === 'ready') state.redirect.status = 'sent';
    },
    /** Nothing to send: the page states the payment this tab started instead. */
    nothingToRedirect(state) {
      state.redirect = { status: 'none', target: null };
      // shown again from the back-forward cache, the page kept the start that left for the provider: it is over
      if (state.start.status === 'redirecting') state.start.status = 'idle';
    },
    /** The state page asks the server (again, with 'Reintentar'). */
    paymentStateRequested() {},
    paymentStateLoadStarted(state) {
      state.standing = { status: 'loading', payment: state.standing.payment, error: null };
    },
    /** The server's answer; null: this tab has no payment in progress. */
    paymentStateLoaded(state, action: PayloadAction<PaymentStanding | null>) {
      state.standing = { status: 'loaded', payment: action.payload, error: null };
    },
    paymentStateFailed(state, action: PayloadAction<LoadFailure>) {
      state.standing = { ...state.standing, status: 'failed', error: action.payload.message, errorStatus: action.payload.status };
    },
    /** 'Volver a pagar': the same payment again, if the provider still takes it. */
    paymentResumeRequested(state) {
      state.start = { ...state.start, status: 'running', error: null };
    },
    /** 'Anular' (WebPay, after the confirmation): the buyer gives the card payment up. */
    paymentAbortRequested() {},
    /** 'Intentar nuevamente' of pending invoices: back to the pending payments with the same selection. */
    invoiceRetryRequested() {},
    /** 'Volver al carro'. */
    backToCartRequested() {},
    /** The outcome of the payment this tab started was applied here; what it paid is kept. */
    storedPaymentSettled(state, action: PayloadAction<StoredPayment>) {
      state.settled = action.payload;
    },

    /** /payment-verification opened with WebPay's query. */
    cardReturnOpened(state, _action: PayloadAction<CardReturnQuery>) {
      state.verification = { status: 'loading', result: null, abortedOrder: null, error: null };
    },
    cardResultLoaded(state, action: PayloadAction<CardPaymentResult>) {
      state.verification = { status: 'loaded', result: action.payload, abortedOrder: null, error: null };
    },
    /** WebPay sent back only the order number (timeout or abort in its form): nothing was paid. */
    cardAbortedWithoutResult(state, action: PayloadAction<string>) {
      state.verification = { status: 'loaded', result: null, abortedOrder: action.payload, error: null };
    },
    cardResultFailed(state, action: PayloadAction<string>) {
      state.verification = { status: 'failed', result: null, abortedOrder: null, error: action.payload };
    },

    /** /return opened (or 'Reintentar'): the id of its query (or null: the stored one), and whether it was cancel_url. */
    transferReturnOpened(state, action: PayloadAction<TransferReturn>) {
      state.transfer = { ...initialPaymentsState.transfer, status: 'polling', paymentId: action.payload.paymentId, cancelled: Boolean(action.payload.cancelled) };
    },
    /** The buyer left /return: the polling stops. */
    transferReturnLeft(state) {
      if (state.transfer.status === 'polling') state.transfer.status = 'idle';
    },
    transferPolled(state, action: PayloadAction<TransferPaymentStatus>) {
      state.transfer.payment = action.payload;
      state.transfer.paymentId = action.payload.payment_id;
      state.transfer.polls += 1;
      state.transfer.failures = 0;
      state.transfer.error = null;
    },
    /** One poll failed; the polling goes on. */
    transferPollFailed(state, action: PayloadAction<string>) {
      state.transfer.failures += 1;
      state.transfer.error = action.payload;
    },
    /** Khipu says done (or the portal has the final state): the outcome is shown. */
    transferSettled(state, action: PayloadAction<TransferPaymentStatus>) {
      state.transfer.status = 'finished';
      state.transfer.payment = action.payload;
      state.transfer.error = null;
    },
    /** Still not done after the time limit: it is being validated and will be confirmed later. */
    transferTimedOut(state) {
      state.transfer.status = 'timedOut';
    },
    transferFailed(state, action: PayloadAction<string>) {
      state.transfer.status = 'failed';
      state.transfer.error = action.payload;
    },
  },
  extraReducers: (builder) =>
    builder
      .addCase(paymentStarted, (state, action) => {
        state.start = { status: 'running', method: action.payload.method, error: null };
        state.retry = { status: 'idle', error: null };
      })
      .addCase(invoicePaymentRequested, (state, action) => {
        state.start = { status: 'running', method: action.payload.method, error: null };
      })
      .addCase(purchaseRetryRequested, (state) => {
        state.retry = { status: 'running', error: null };
      })
      .addCase(purchaseRetryFailed, (state, action) => {
        state.retry = { status: 'failed', error: action.payload };
      })
      // not started from this origin: the notice says where to go
      .addCase(wrongOriginDetected, (state) => {
        if (state.start.status === 'running') state.start = { ...state.start, status: 'idle' };
        if (state.retry.status === 'running') state.retry = { status: 'idle', error: null };
      })
      // another buyer may log in next: nothing of this one stays
      .addCase(loggedOut, () => initialPaymentsState)
      .addCase(sessionExpired, () => initialPaymentsState),
});

export const {
  paymentAttemptStarted,
  paymentAttemptSettled,
  cardTransactionCreated,
  transferPaymentCreated,
  startFailed,
  paymentPageOpened,
  providerRedirectReady,
  providerRedirectSent,
  nothingToRedirect,
  paymentStateRequested,
  paymentStateLoadStarted,
  paymentStateLoaded,
  paymentStateFailed,
  paymentResumeRequested,
  paymentAbortRequested,
  invoiceRetryRequested,
  backToCartRequested,
  storedPaymentSettled,
  cardReturnOpened,
  cardResultLoaded,
  cardAbortedWithoutResult,
  cardResultFailed,
  transferReturnOpened,
  transferReturnLeft,
  transferPolled,
  transferPollFailed,
  transferSettled,
  transferTimedOut,
  transferFailed,
} = paymentsSlice.actions;
export const paymentsReducer = paymentsSlice.reducer;

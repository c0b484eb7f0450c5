import { testSaga } from 'redux-saga-test-plan';
import type { PaymentLinkStatus, PaymentLinkView } from '@shared/api/paymentLinks';
import { PAYMENT_LINK_MSG } from '@shared/paymentLinks';
import { HttpError } from '@client/api/http';
import { newIdempotencyKey } from '@client/api/idempotency';
import { notify } from '@client/app/notify';
import { callWithTimeout } from '@client/app/sagaUtils';
import { fetchPaymentLink, payPaymentLink, sendPaymentLink } from '@client/features/paymentLink/api';
import { leaveTo } from '@client/app/browser';
import { handlePageOpened, handlePay, handleSendLink } from '@client/features/paymentLink/paymentLinkSagas';
import {
  initialPaymentLinkState,
  linkSent,
  pageLoaded,
  pageLoadFailed,
  pageOpened,
  payFailed,
  payRequested,
  payStarted,
  selectLinkPage,
  selectSendKey,
  sendLinkFailed,
  sendLinkRequested,
  sendLinkStarted,
} from '@client/features/paymentLink/paymentLinkSlice';

// The payment link (docs/sales-reps.md#payment-link): the rep sends it, the customer pays it without a login.

const sent: PaymentLinkStatus = {
  orderId: 44,
  orderNumber: 'OC000044',
  sentTo: 'compras@losandes.cl',
  amount: 39_270,
  expiresAt: '2026-11-30T12:00:00.000Z',
  state: 'OPEN',
  paymentState: null,
  message: 'Link enviado a compras@losandes.cl, vigente hasta 30-11-2026 09:00',
};

/** A send with no key kept: a new key, kept in the slice, sent. */
const newSend = (key: string) =>
  testSaga(handleSendLink, sendLinkRequested(44))
    .next()
    .select(selectSendKey)
    .next(null)
    .call(newIdempotencyKey)
    .next(key)
    .put(sendLinkStarted(key))
    .next()
    .call(callWithTimeout, sendPaymentLink, 44, key);

describe('sending the payment link, step by step', () => {
  it('a new Idempotency-Key, the send, the link state and a toast with where it went', () => {
    newSend('key-1')
      .next(sent)
      .put(linkSent(sent))
      .next()
      .call(notify, sent.message, 'success')
      .next()
      .isDone();
  });

  it('no answer: the key is kept, so the next press repeats the same send (one link, one mail)', () => {
    const lost = new HttpError(503, 'El servidor no responde');
    newSend('key-1')
      .throw(lost)
      .put(sendLinkFailed({ message: 'El servidor no responde', keepKey: true }))
      .next()
      .call(notify, 'El servidor no responde', 'error')
      .next()
      .isDone();
    // the next press: the kept key, no new one
    testSaga(handleSendLink, sendLinkRequested(44))
      .next()
      .select(selectSendKey)
      .next('key-1')
      .put(sendLinkStarted('key-1'))
      .next()
      .call(callWithTimeout, sendPaymentLink, 44, 'key-1');
  });

  it('refused (the customer has no e-mail): the server says why, the key ends', () => {
    newSend('key-2')
      .throw(new HttpError(409, PAYMENT_LINK_MSG.noCustomerMail))
      .put(sendLinkFailed({ message: PAYMENT_LINK_MSG.noCustomerMail, keepKey: false }))
      .next()
      .call(notify, PAYMENT_LINK_MSG.noCustomerMail, 'error')
      .next()
      .isDone();
  });
});

describe('the customer pays through the link', () => {
  const view: PaymentLinkView = {
    state: 'OPEN',
    message: '',
    companyName: 'Comercial Los Andes SpA',
    orderNumber: 'OC000044',
    amount: 39_270,
    lines: [],
    providers: ['KHIPU'],
    expiresAt: sent.expiresAt,
    payment: null,
  };
  const page = { ...initialPaymentLinkState.page, token: 'tok', view };

  it('the page reads the link; a refusal is shown in the server’s words', () => {
    testSaga(handlePageOpened, pageOpened('tok')).next().call(callWithTimeout, fetchPaymentLink, 'tok').next(view).put(pageLoaded(view)).next().isDone();
    testSaga(handlePageOpened, pageOpened('bad'))
      .next()
      .call(callWithTimeout, fetchPaymentLink, 'bad')
      .throw(new HttpError(404, PAYMENT_LINK_MSG.invalid))
      .put(pageLoadFailed(PAYMENT_LINK_MSG.invalid))
      .next()
      .isDone();
  });

  it('transfer: the payment starts and the browser goes to Khipu', () => {
    const started = { provider: 'KHIPU' as const, url: 'https://khipu.example/pay/1', token: '' };
    testSaga(handlePay, payRequested('KHIPU'))
      .next()
      .select(selectLinkPage)
      .next(page)
      .call(callWithTimeout, payPaymentLink, 'tok', 'KHIPU')
      .next(started)
      .put(payStarted(started))
      .next()
      .call(leaveTo, started.url)
      .next()
      .isDone();
  });

  it('refused (used meanwhile): a toast, and the page reads the link again to say why', () => {
    testSaga(handlePay, payRequested('KHIPU'))
      .next()
      .select(selectLinkPage)
      .next(page)
      .call(callWithTimeout, payPaymentLink, 'tok', 'KHIPU')
      .throw(new HttpError(410, PAYMENT_LINK_MSG.used))
      .put(payFailed(PAYMENT_LINK_MSG.used))
      .next()
      .call(notify, PAYMENT_LINK_MSG.used, 'error')
      .next()
      .put(pageOpened('tok'))
      .next()
      .isDone();
  });
});

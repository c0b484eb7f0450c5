import { waitFor } from '@testing-library/react';
import { paymentStarted } from '@client/app/events';
import { setNavigator } from '@client/app/navigation';
import { loadPersistedState, makeStore } from '@client/app/store';
import '@client/features/payments/paymentsFeature';
import { selectStoredPayment } from '@client/features/payments/paymentsSelectors';
import { cardReturnOpened, paymentPageOpened, type ProviderRedirect } from '@client/features/payments/paymentsSlice';
import { buyerProfile } from '../renderWithProviders';
import { approvedCard, json, mockApi, openCard, order, orderIn, SESSION_ID, TOKEN, webpayCreated } from './fixtures';

// A card payment leaves the SPA for WebPay's form and comes back in a fresh page: what this tab started is state (the
// kept slice), written to session storage by the store's one subscriber (app/persistence) and preloaded by the next
// page's store. Each page here is a new store over the same session storage, as a browser tab's page loads are.

const PAYMENT_KEYS = ['datatbk', 'paymentId', 'order', 'payPending', 'invoicePendings', 'paymentRedirect'];
const storedKeys = () => PAYMENT_KEYS.filter((key) => sessionStorage.getItem(key) !== null);
const cardRedirect: ProviderRedirect = { provider: 'WEBPAY', url: webpayCreated.url, token: TOKEN };
const storedCard = { provider: 'WEBPAY', reference: TOKEN, buyOrder: 'OC000044', sessionId: SESSION_ID, order, invoices: null };

/** A new page of the SPA, as main.tsx makes its store: from what session storage holds (the login, the kept slice). */
const pageLoad = () => makeStore(loadPersistedState());

beforeEach(() => {
  document.cookie = 'XSRF-TOKEN=test-xsrf; path=/';
  setNavigator(() => undefined);
  // buyer 12 logged in on the login page (a page of its own): its store left the login in session storage
  const login = { tokens: 'token-USER', id: '12', idUser: '12', role: 'USER', username: '76123456-0', profile: JSON.stringify(buyerProfile) };
  Object.entries(login).forEach(([key, value]) => sessionStorage.setItem(key, value));
});
afterEach(() => setNavigator(null));

it('the card payment survives the page loads around WebPay’s form; /payment sends the browser once; the outcome forgets it', async () => {
  mockApi({
    'POST /api/user/tbk/create': () => json(200, webpayCreated),
    [`GET /api/user/tbk/state/${TOKEN}`]: () => json(200, openCard),
    'GET /api/orders/44': () => json(200, orderIn('PROCESS')),
    [`PUT /api/user/tbk/confirm/${TOKEN}`]: () => json(200, approvedCard),
  });

  // the order summary's page: the payment starts, and the subscriber writes it to session storage
  const summary = pageLoad();
  summary.dispatch(paymentStarted({ order, method: 'WEBPAY' }));
  await waitFor(() => expect(summary.getState().payments.start.status).toBe('redirecting'));
  expect(storedKeys()).toEqual(['datatbk', 'order', 'paymentRedirect']);

  // /payment, a page load: the payment and the redirect are preloaded; the page takes the redirect as it goes
  const payment = pageLoad();
  expect(selectStoredPayment(payment.getState())).toEqual(storedCard);
  payment.dispatch(paymentPageOpened());
  await waitFor(() => expect(payment.getState().payments.redirect).toEqual({ status: 'ready', target: cardRedirect }));
  expect(sessionStorage.getItem('paymentRedirect')).toBeNull();
  expect(storedKeys()).toEqual(['datatbk', 'order']);

  // Back from WebPay's form, another page load: nothing to send any more, the payment stated from the server
  const back = pageLoad();
  expect(back.getState().kept.paymentRedirect).toBeUndefined();
  back.dispatch(paymentPageOpened());
  await waitFor(() => expect(back.getState().payments.standing.status).toBe('loaded'));
  expect(back.getState().payments.redirect).toEqual({ status: 'none', target: null });
  expect(back.getState().payments.standing.payment).toMatchObject({ reference: TOKEN, outcome: 'open' });
  expect(selectStoredPayment(back.getState())).toEqual(storedCard);

  // WebPay's return, a page load: the outcome is applied once and every key of the payment goes
  const result = pageLoad();
  result.dispatch(cardReturnOpened({ tokenWs: TOKEN, tbkToken: null, tbkOrder: null }));
  await waitFor(() => expect(result.getState().payments.settled).toEqual(storedCard));
  expect(storedKeys()).toEqual([]);

  // a reload of the result page finds no payment to apply again
  expect(selectStoredPayment(pageLoad().getState())).toBeNull();
});

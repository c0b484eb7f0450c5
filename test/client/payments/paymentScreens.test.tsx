import { act, screen, waitFor, within } from '@testing-library/react';
import { paymentStarted } from '@client/app/events';
import { SESSION_KEYS } from '@client/app/sessionKeys';
import { storeKept } from '../keptFixtures';
import { renderWithProviders, sessionOf } from '../renderWithProviders';
import {
  abortedCard,
  approvedCard,
  callsTo,
  cardStarted,
  json,
  mockApi,
  order,
  paidInvoicesTransfer,
  paidTransfer,
  PAYMENT_ID,
  pendingTransfer,
  rejectedCard,
  rejectedTransfer,
  TOKEN,
  TRANSACTION_ID,
  transferStarted,
  webpayCreated,
} from './fixtures';

const buyer = { session: sessionOf('USER') };
const badge = () => within(screen.getByRole('banner')).getByRole('button', { name: /^Carro de compras/ });
/** The value next to a label in the payment's description list. */
const valueOf = (label: string) => screen.getByText(label, { selector: 'dt' }).nextElementSibling;

let submit: jest.SpyInstance;
beforeEach(() => {
  document.cookie = 'XSRF-TOKEN=test-xsrf; path=/';
  // jsdom does not navigate: the form's POST to WebPay is observed instead
  submit = jest.spyOn(HTMLFormElement.prototype, 'submit').mockImplementation(() => undefined);
});
afterEach(() => jest.restoreAllMocks());

describe('Card-payment redirect (/payment)', () => {
  const expectPostedForm = () => {
    const form = screen.getByRole('form', { name: 'Ir a WebPay Plus' }) as HTMLFormElement;
    expect(form).toHaveAttribute('method', 'post');
    expect(form).toHaveAttribute('action', webpayCreated.url);
    const token = form.querySelector('input[name="token_ws"]') as HTMLInputElement;
    expect(token).toHaveAttribute('type', 'hidden');
    expect(token.value).toBe(TOKEN);
    expect(submit).toHaveBeenCalledTimes(1);
    expect(submit.mock.contexts[0]).toBe(form);
    // the fallback if the automatic post did not happen
    expect(within(form).getByRole('button', { name: 'Ir a WebPay Plus' })).toHaveAttribute('type', 'submit');
  };

  it('posts token_ws to the stored url at once, saying so; what it posts is removed as it is used', async () => {
    mockApi();
    storeKept(cardStarted());
    renderWithProviders({ route: '/payment', preloadedState: buyer });
    expect(await screen.findByRole('heading', { level: 1, name: 'Redirigiendo a WebPay Plus...' })).toBeInTheDocument();
    expectPostedForm();
    expect(sessionStorage.getItem(SESSION_KEYS.paymentRedirect)).toBeNull();
    // the payment itself stays known to this tab until its outcome
    expect(JSON.parse(sessionStorage.getItem(SESSION_KEYS.datatbk) ?? 'null')).toMatchObject({ token: TOKEN, buy_order: 'OC000044' });
  });

  it('nothing to post and no payment started here: says so and posts nothing', async () => {
    mockApi();
    renderWithProviders({ route: '/payment', preloadedState: buyer });
    expect(await screen.findByRole('heading', { level: 1, name: 'Estado de tu pago' })).toBeInTheDocument();
    expect(await screen.findByText('No hay un pago en curso.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Volver al Home' })).toHaveAttribute('href', '/');
    expect(submit).not.toHaveBeenCalled();
  });

  it('from the order summary’s paymentStarted: tbk/create with the order number, /payment in its place, then the form to WebPay', async () => {
    const fetchMock = mockApi({ 'POST /api/user/tbk/create': () => json(200, webpayCreated) });
    const { store, router } = renderWithProviders({ route: '/user/sumary-order', preloadedState: buyer });
    // the summary's lazy route first: a navigation while it still loads would be overtaken by it
    await screen.findByRole('heading', { level: 1, name: 'Finalizar compra' });
    act(() => {
      store.dispatch(paymentStarted({ order, method: 'WEBPAY' }));
    });
    await screen.findByText('Redirigiendo a WebPay Plus...');
    expect(router.state.location.pathname).toBe('/payment');
    // the summary's entry was replaced: Back from WebPay lands on /payment, never on a stale summary
    expect(router.state.historyAction).toBe('REPLACE');
    const [[, init]] = callsTo(fetchMock, 'POST', '/api/user/tbk/create');
    const body = JSON.parse(String(init?.body));
    expect(body).toEqual({ buy_order: 'OC000044', session_id: expect.stringMatching(/^OW\d{6}$/) });
    expect((init?.headers as Record<string, string>)['Idempotency-Key']).toMatch(/^[A-Za-z0-9._:-]{1,200}$/);
    expect(JSON.parse(sessionStorage.getItem(SESSION_KEYS.datatbk) ?? 'null')).toMatchObject({ token: TOKEN, buy_order: 'OC000044' });
    expectPostedForm();
  });
});

describe('Card-payment result (/payment-verification)', () => {
  /** The card result; the server cart holds `count` lines (none once paid: the order took them; 2 once given back). */
  const confirmWith = (result: unknown, status = 200, count = 2) =>
    mockApi({
      [`PUT /api/user/tbk/confirm/${TOKEN}`]: () => json(status, result),
      'GET /api/user/cart/count-cart/12': () => json(200, count),
      'GET /api/user/cart/find-by-userid/12': () => json(200, { items: [], totals: null }),
    });
  const deletes = (fetchMock: jest.Mock) => fetchMock.mock.calls.filter(([, init]) => init?.method === 'DELETE');

  it('approved: Gracias por Comprar!!, every field with its description, the order confirmed, the badge at 0', async () => {
    storeKept(cardStarted());
    const fetchMock = confirmWith(approvedCard, 200, 0);
    renderWithProviders({ route: `/payment-verification?token_ws=${TOKEN}`, preloadedState: buyer });
    expect(await screen.findByRole('heading', { level: 1, name: 'Resultado del pago' })).toBeInTheDocument();
    expect(await screen.findByText('Gracias por Comprar!!')).toBeInTheDocument();
    expect(valueOf('Autenticación (VCI)')).toHaveTextContent(/^TSY - Autenticación exitosa$/);
    expect(valueOf('Monto')).toHaveTextContent(/^\$462\.672$/);
    expect(valueOf('Estado')).toHaveTextContent(/^Autorizada$/);
    expect(valueOf('Número de Orden')).toHaveTextContent(/^OC000044$/);
    expect(valueOf('Id de Sesión')).toHaveTextContent(/^OW482913$/);
    expect(valueOf('Número de Tarjeta')).toHaveTextContent(/^\*\*\*\* \*\*\*\* \*\*\*\* 6623$/);
    expect(valueOf('Fecha Contable')).toHaveTextContent(/^14\/11$/);
    expect(valueOf('Fecha de Transacción')).toHaveTextContent(/^14-11-2025, 10:32$/);
    expect(valueOf('Código de Autorización')).toHaveTextContent(/^1213$/);
    expect(valueOf('Tipo de Pago')).toHaveTextContent(/^VN - Venta Normal$/);
    expect(valueOf('Código de Respuesta')).toHaveTextContent(/^0 - Transacción aprobada$/);
    expect(valueOf('Número de Cuotas')).toHaveTextContent(/^0$/);
    expect(valueOf('Estado del Pedido')).toHaveTextContent(/^Confirmado$/);
    expect(screen.getByRole('link', { name: 'Volver al Home' })).toHaveAttribute('href', '/');
    // the order's creation already took the server cart: it is read again, nothing is deleted
    await waitFor(() => expect(callsTo(fetchMock, 'GET', '/api/user/cart/find-by-userid/12')).toHaveLength(1));
    await waitFor(() => expect(badge()).toHaveTextContent('0'));
    expect(deletes(fetchMock)).toHaveLength(0);
    expect(sessionStorage.getItem(SESSION_KEYS.datatbk)).toBeNull();
  });

  it('a loading indicator while the payment is confirmed', async () => {
    mockApi({ [`PUT /api/user/tbk/confirm/${TOKEN}`]: () => new Promise<Response>(() => undefined) });
    renderWithProviders({ route: `/payment-verification?token_ws=${TOKEN}`, preloadedState: buyer });
    expect(await screen.findByRole('progressbar', { name: 'Verificando el pago' })).toBeInTheDocument();
  });

  it('rejected: Pago no realizado, the translated codes, the order canceled, the cart read again (its lines are back)', async () => {
    storeKept(cardStarted());
    const fetchMock = confirmWith(rejectedCard);
    renderWithProviders({ route: `/payment-verification?token_ws=${TOKEN}`, preloadedState: buyer });
    expect(await screen.findByText('Pago no realizado')).toBeInTheDocument();
    expect(screen.queryByText('Gracias por Comprar!!')).not.toBeInTheDocument();
    expect(valueOf('Código de Respuesta')).toHaveTextContent(/^-4 - Rechazo: rechazada por el emisor$/);
    expect(valueOf('Tipo de Pago')).toHaveTextContent(/^VD - Venta Débito$/);
    expect(valueOf('Estado')).toHaveTextContent(/^Rechazada$/);
    expect(valueOf('Estado del Pedido')).toHaveTextContent(/^Cancelado$/);
    await waitFor(() => expect(callsTo(fetchMock, 'GET', '/api/user/cart/find-by-userid/12')).toHaveLength(1));
    await waitFor(() => expect(callsTo(fetchMock, 'GET', '/api/user/cart/count-cart/12')).toHaveLength(2));
    expect(badge()).toHaveTextContent('2');
    expect(deletes(fetchMock)).toHaveLength(0);
  });

  it('aborted (TBK_TOKEN): No se realizo la compra and vci Anulada Compra; read, never committed', async () => {
    const fetchMock = mockApi({ [`GET /api/user/tbk/state/${TOKEN}`]: () => json(200, abortedCard) });
    renderWithProviders({ route: `/payment-verification?TBK_TOKEN=${TOKEN}&TBK_ORDEN_COMPRA=OC000044&TBK_ID_SESION=OW482913`, preloadedState: buyer });
    expect(await screen.findByText('No se realizo la compra')).toBeInTheDocument();
    expect(valueOf('Autenticación (VCI)')).toHaveTextContent(/^Anulada Compra$/);
    expect(valueOf('Número de Orden')).toHaveTextContent(/^OC000044$/);
    expect(valueOf('Estado del Pedido')).toHaveTextContent(/^Cancelado$/);
    // no WebPay status to translate: the payment's own state, and no installments
    expect(valueOf('Estado')).toHaveTextContent(/^Anulado$/);
    expect(valueOf('Número de Cuotas')).toHaveTextContent(/^-$/);
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'PUT')).toBe(false);
  });

  it('only TBK_ORDEN_COMPRA (timeout in WebPay’s form), not started here: No se realizo la compra for that order', async () => {
    mockApi();
    renderWithProviders({ route: '/payment-verification?TBK_ORDEN_COMPRA=OC000051&TBK_ID_SESION=OW111111', preloadedState: buyer });
    expect(await screen.findByText('No se realizo la compra')).toBeInTheDocument();
    expect(valueOf('Autenticación (VCI)')).toHaveTextContent(/^Anulada Compra$/);
    expect(valueOf('Número de Orden')).toHaveTextContent(/^OC000051$/);
  });

  it('the server fails: its Spanish message', async () => {
    confirmWith({ status: 502, message: 'WebPay no respondió, intentelo mas tarde' }, 502);
    renderWithProviders({ route: `/payment-verification?token_ws=${TOKEN}`, preloadedState: buyer });
    expect(await screen.findByText('WebPay no respondió, intentelo mas tarde')).toBeInTheDocument();
  });

  it('without a session: says so and offers the login; nothing is called', async () => {
    const fetchMock = mockApi();
    renderWithProviders({ route: `/payment-verification?token_ws=${TOKEN}` });
    expect(await screen.findByText('Debe iniciar sesión para ver el resultado del pago.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Realizar Login' })).toHaveAttribute('href', '/login');
    expect(fetchMock.mock.calls.filter(([url]) => String(url).includes('/tbk/'))).toHaveLength(0);
  });
});

describe('Return page after bank-transfer payment (/return)', () => {
  // the server's return_url carries the transaction id (PP…); the server reads either id
  const route = `/return?paymentId=${TRANSACTION_ID}`;
  const pollsWith = (...answers: unknown[]) =>
    mockApi({
      [`GET /api/user/khipu/payments/${TRANSACTION_ID}`]: () => json(200, answers.length > 1 ? answers.shift() : answers[0]),
      // paid: the order took the cart's lines when it was made
      'GET /api/user/cart/count-cart/12': () => json(200, 0),
      'GET /api/user/cart/find-by-userid/12': () => json(200, { items: [], totals: null }),
    });

  it('paid order: Gracias por su Comprar!!, the payment’s fields, the receipt in a new tab, Volver al Home, the badge at 0', async () => {
    storeKept(transferStarted());
    const fetchMock = pollsWith(paidTransfer);
    renderWithProviders({ route, preloadedState: buyer });
    expect(await screen.findByRole('heading', { level: 1, name: 'Gracias por tu compra' })).toBeInTheDocument();
    expect(await screen.findByText('Gracias por su Comprar!!')).toBeInTheDocument();
    expect(valueOf('Id de Pago')).toHaveTextContent(/^zfxnocsow6mz$/);
    expect(valueOf('Monto')).toHaveTextContent(/^\$462\.672$/);
    expect(valueOf('Moneda')).toHaveTextContent(/^CLP$/);
    expect(valueOf('Estado')).toHaveTextContent(/^Finalizado$/);
    expect(valueOf('Número de Orden')).toHaveTextContent(/^OC000044$/);
    expect(valueOf('Forma de pago')).toHaveTextContent(/^Khipu \(Débito\)$/);
    const receipt = screen.getByRole('link', { name: 'Comprobante' });
    expect(receipt).toHaveAttribute('href', paidTransfer.receipt_url);
    expect(receipt).toHaveAttribute('target', '_blank');
    expect(receipt).toHaveAttribute('rel', 'noopener noreferrer');
    expect(screen.getByRole('link', { name: 'Volver al Home' })).toHaveAttribute('href', '/');
    expect(screen.queryByText('Esperando validación Khipu...')).not.toBeInTheDocument();
    await waitFor(() => expect(callsTo(fetchMock, 'GET', '/api/user/cart/find-by-userid/12')).toHaveLength(1));
    await waitFor(() => expect(badge()).toHaveTextContent('0'));
    expect(fetchMock.mock.calls.filter(([, init]) => init?.method === 'DELETE')).toHaveLength(0);
    expect(sessionStorage.getItem(SESSION_KEYS.paymentId)).toBeNull();
  });

  it('while not validated: the full-screen spinner Esperando validación Khipu...; leaving the page stops the polling', async () => {
    const fetchMock = pollsWith(pendingTransfer);
    const { router, store } = renderWithProviders({ route, preloadedState: buyer });
    expect(await screen.findByRole('progressbar', { name: 'Esperando validación Khipu...' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Esperando validación Khipu...');
    await waitFor(() => expect(store.getState().payments.transfer.polls).toBe(1));
    expect(callsTo(fetchMock, 'GET', `/api/user/khipu/payments/${TRANSACTION_ID}`)).toHaveLength(1);
    await act(() => router.navigate('/'));
    expect(store.getState().payments.transfer.status).toBe('idle');
  });

  it('rejected by the payer: Pago no realizado', async () => {
    pollsWith(rejectedTransfer);
    renderWithProviders({ route, preloadedState: buyer });
    expect(await screen.findByText('Pago no realizado')).toBeInTheDocument();
    expect(screen.queryByText('Gracias por su Comprar!!')).not.toBeInTheDocument();
  });

  it('pending invoices paid: the invoices message, no order number', async () => {
    pollsWith(paidInvoicesTransfer);
    renderWithProviders({ route, preloadedState: buyer });
    expect(await screen.findByText('Pago de facturas realizado!!')).toBeInTheDocument();
    expect(valueOf('Número de Orden')).toHaveTextContent(/^Facturas$/);
  });

  it('back by cancel_url and not paid: No se realizo la compra at once, no spinner', async () => {
    storeKept(transferStarted());
    const fetchMock = pollsWith(pendingTransfer);
    renderWithProviders({ route: `${route}&cancel=1`, preloadedState: buyer });
    expect(await screen.findByText('No se realizo la compra')).toBeInTheDocument();
    expect(screen.queryByText('Esperando validación Khipu...')).not.toBeInTheDocument();
    expect(valueOf('Estado')).toHaveTextContent(/^En verificación$/);
    expect(callsTo(fetchMock, 'GET', `/api/user/khipu/payments/${TRANSACTION_ID}`)).toHaveLength(1);
  });

  it('without paymentId in the query: the one this tab kept', async () => {
    storeKept(transferStarted());
    mockApi({
      [`GET /api/user/khipu/payments/${PAYMENT_ID}`]: () => json(200, paidTransfer),
    });
    renderWithProviders({ route: '/return', preloadedState: buyer });
    expect(await screen.findByText('Gracias por su Comprar!!')).toBeInTheDocument();
  });

  it('a poll that cannot go on: the message, and Reintentar polls again', async () => {
    let answer = json(404, { status: 404, message: 'Pago no encontrado' });
    mockApi({ [`GET /api/user/khipu/payments/${TRANSACTION_ID}`]: () => answer });
    const { user } = renderWithProviders({ route, preloadedState: buyer });
    expect(await screen.findByText('No se pudo consultar el estado del pago: Pago no encontrado')).toBeInTheDocument();
    answer = json(200, paidTransfer);
    await user.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByText('Gracias por su Comprar!!')).toBeInTheDocument();
  });

  it('without a session: says so and offers the login; nothing is polled', async () => {
    const fetchMock = mockApi();
    renderWithProviders({ route });
    expect(await screen.findByText('Debe iniciar sesión para ver el resultado del pago.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Realizar Login' })).toHaveAttribute('href', '/login');
    expect(fetchMock.mock.calls.filter(([url]) => String(url).includes('/khipu/'))).toHaveLength(0);
  });
});

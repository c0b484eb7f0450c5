import { screen, waitFor, within } from '@testing-library/react';
import { replaceWith } from '@client/app/browser';
import { storeChoices, storeKept } from '../keptFixtures';
import { SESSION_KEYS } from '@client/app/sessionKeys';
import type { CreateOrderRequest } from '@shared/api/orders';
import { renderWithProviders, sessionOf } from '../renderWithProviders';
import {
  approvedCard,
  callsTo,
  cardStarted,
  invoicesTarget,
  json,
  keptInvoices,
  mockApi,
  openCard,
  order,
  orderIn,
  PAYMENT_ID,
  pendingTransfer,
  redirectTaken,
  rejectedCard,
  rejectedTransfer,
  TOKEN,
  TRANSACTION_ID,
  transferStarted,
  webpayCreated,
} from './fixtures';

// The screens of the payment's outcome: Spanish for every state, and the next step as buttons a keyboard reaches.

// jsdom does not navigate: leaving for the server's abort return is observed instead
jest.mock('@client/app/browser', () => ({
  ...jest.requireActual('../../../src/client/app/browser'),
  leaveTo: jest.fn(),
  replaceWith: jest.fn(),
}));

const buyer = { session: sessionOf('USER') };
const valueOf = (label: string) => screen.getByText(label, { selector: 'dt' }).nextElementSibling;
const nextSteps = () => screen.getByRole('group', { name: 'Siguientes pasos' });
const choices: CreateOrderRequest = {
  orderType: 'ONLINE',
  tipoEntrega: 'entrega',
  deliveryAddress: 'BODEGA PLACILLA',
  deliveryTransport: '0002',
  invoiceAddress: 'CASA MATRIZ',
  paymentMethod: 'WEBPAY',
};

let submit: jest.SpyInstance;
beforeEach(() => {
  document.cookie = 'XSRF-TOKEN=test-xsrf; path=/';
  submit = jest.spyOn(HTMLFormElement.prototype, 'submit').mockImplementation(() => undefined);
  jest.mocked(replaceWith).mockReset();
});
afterEach(() => jest.restoreAllMocks());

/** The card payment of OC000044 this tab started, already posted once (Back from WebPay's form). */
function cardPaymentPosted() {
  storeKept(redirectTaken(cardStarted()));
}

describe('/payment with nothing to post: the state of the payment, from the server', () => {
  it('Back from the card form: still open, Volver a pagar and Anular; the form is not posted again', async () => {
    cardPaymentPosted();
    const fetchMock = mockApi({
      [`GET /api/user/tbk/state/${TOKEN}`]: () => json(200, openCard),
      'GET /api/orders/44': () => json(200, orderIn('PROCESS')),
    });
    renderWithProviders({ route: '/payment', preloadedState: buyer });
    expect(await screen.findByRole('heading', { level: 1, name: 'Estado de tu pago' })).toBeInTheDocument();
    expect(await screen.findByText('El pago del pedido OC000044 aún no se completa: puedes volver a pagarlo o anularlo.')).toBeInTheDocument();
    expect(valueOf('Número de Orden')).toHaveTextContent(/^OC000044$/);
    expect(valueOf('Estado del Pedido')).toHaveTextContent(/^En proceso$/);
    expect(valueOf('Estado del Pago')).toHaveTextContent(/^Pendiente de pago$/);
    expect(valueOf('Medio de pago')).toHaveTextContent(/^WebPay Plus$/);
    expect(within(nextSteps()).getByRole('button', { name: 'Volver a pagar' })).toBeEnabled();
    expect(within(nextSteps()).getByRole('button', { name: 'Anular' })).toBeEnabled();
    expect(submit).not.toHaveBeenCalled();
    expect(callsTo(fetchMock, 'GET', '/api/orders/44')).toHaveLength(1);
  });

  it('Anular asks first: No anular keeps the payment; Anular pago brings WebPay’s abort return for it', async () => {
    cardPaymentPosted();
    mockApi({
      [`GET /api/user/tbk/state/${TOKEN}`]: () => json(200, openCard),
      'GET /api/orders/44': () => json(200, orderIn('PROCESS')),
    });
    const { user } = renderWithProviders({ route: '/payment', preloadedState: buyer });
    await user.click(await screen.findByRole('button', { name: 'Anular' }));
    let dialog = await screen.findByRole('dialog', { name: '¿Anular el pago?' });
    expect(within(dialog).getByText('Se anulará el pago del pedido OC000044 y sus productos volverán a tu carro.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'No anular' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(replaceWith).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Anular' }));
    dialog = await screen.findByRole('dialog', { name: '¿Anular el pago?' });
    await user.click(within(dialog).getByRole('button', { name: 'Anular pago' }));
    await waitFor(() => expect(replaceWith).toHaveBeenCalledWith(`/api/payments/webpay/return?TBK_TOKEN=${TOKEN}&TBK_ORDEN_COMPRA=OC000044&TBK_ID_SESION=OW482913`));
  });

  it('Volver a pagar: the same transaction again (the server answers it), posted once more', async () => {
    cardPaymentPosted();
    const fetchMock = mockApi({
      [`GET /api/user/tbk/state/${TOKEN}`]: () => json(200, openCard),
      'GET /api/orders/44': () => json(200, orderIn('PROCESS')),
      'POST /api/user/tbk/create': () => json(200, webpayCreated),
    });
    const { user } = renderWithProviders({ route: '/payment', preloadedState: buyer });
    await user.click(await screen.findByRole('button', { name: 'Volver a pagar' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Redirigiendo a WebPay Plus...' })).toBeInTheDocument();
    await waitFor(() => expect(submit).toHaveBeenCalledTimes(1));
    const [[, init]] = callsTo(fetchMock, 'POST', '/api/user/tbk/create');
    expect(JSON.parse(String(init?.body))).toMatchObject({ buy_order: 'OC000044' });
  });

  it('rejected meanwhile: Pago rechazado, the lines are back; Intentar nuevamente and Volver al carro', async () => {
    cardPaymentPosted();
    mockApi({
      [`GET /api/user/tbk/state/${TOKEN}`]: () => json(200, rejectedCard),
      'GET /api/orders/44': () => json(200, orderIn('CANCELED')),
      'GET /api/user/cart/find-by-userid/12': () => json(200, { items: [], totals: null }),
    });
    const { user, router } = renderWithProviders({ route: '/payment', preloadedState: buyer });
    expect(await screen.findByText('Pago rechazado: el pedido OC000044 fue anulado y sus productos volvieron a tu carro.')).toBeInTheDocument();
    expect(valueOf('Estado del Pago')).toHaveTextContent(/^Rechazado$/);
    expect(valueOf('Estado del Pedido')).toHaveTextContent(/^Cancelado$/);
    expect(within(nextSteps()).getByRole('button', { name: 'Intentar nuevamente' })).toBeInTheDocument();
    expect(within(nextSteps()).queryByRole('button', { name: 'Volver a pagar' })).not.toBeInTheDocument();
    await user.click(within(nextSteps()).getByRole('button', { name: 'Volver al carro' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/user/cart-detail'));
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('paid meanwhile: Ver mi pedido', async () => {
    cardPaymentPosted();
    mockApi({
      [`GET /api/user/tbk/state/${TOKEN}`]: () => json(200, approvedCard),
      'GET /api/orders/44': () => json(200, orderIn('CONFIRMED')),
    });
    renderWithProviders({ route: '/payment', preloadedState: buyer });
    expect(await screen.findByText('El pago del pedido OC000044 está confirmado.')).toBeInTheDocument();
    expect(within(nextSteps()).getByRole('link', { name: 'Ver mi pedido' })).toHaveAttribute('href', '/user/purchase-history');
  });

  it('the server cannot answer: its message and Reintentar', async () => {
    cardPaymentPosted();
    mockApi({ [`GET /api/user/tbk/state/${TOKEN}`]: () => json(503, { status: 503, message: 'WebPay no respondió, intentelo mas tarde' }) });
    renderWithProviders({ route: '/payment', preloadedState: buyer });
    expect(await screen.findByText('No se pudo consultar el estado del pago: WebPay no respondió, intentelo mas tarde')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reintentar' })).toBeInTheDocument();
  });

  it('the server does not know the payment (404): its message without Reintentar (the same question gets the same answer)', async () => {
    cardPaymentPosted();
    mockApi({ [`GET /api/user/tbk/state/${TOKEN}`]: () => json(404, { status: 404, message: 'Pago no encontrado' }) });
    renderWithProviders({ route: '/payment', preloadedState: buyer });
    expect(await screen.findByText('No se pudo consultar el estado del pago: Pago no encontrado')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Reintentar' })).not.toBeInTheDocument();
  });

  it('Back from Khipu’s page: the charge still pending, Volver a pagar only (a transfer is not given up from here)', async () => {
    storeKept(redirectTaken(transferStarted({ purpose: 'ORDER', order: { ...order, paymentMethod: 'KHIPU' } })));
    mockApi({
      [`GET /api/user/khipu/payments/${PAYMENT_ID}`]: () => json(200, { ...pendingTransfer, status: 'pending', status_detail: 'pending' }),
      'GET /api/orders/44': () => json(200, orderIn('PROCESS')),
    });
    renderWithProviders({ route: '/payment', preloadedState: buyer });
    expect(
      await screen.findByText('El pago del pedido OC000044 aún no se completa: puedes volver a pagarlo. Si no lo pagas, el cobro vence y los productos vuelven a tu carro.'),
    ).toBeInTheDocument();
    expect(valueOf('Medio de pago')).toHaveTextContent(/^Khipu$/);
    expect(within(nextSteps()).getByRole('button', { name: 'Volver a pagar' })).toBeInTheDocument();
    expect(within(nextSteps()).queryByRole('button', { name: 'Anular' })).not.toBeInTheDocument();
  });
});

describe('the card result’s next steps (/payment-verification)', () => {
  const resultOf = (result: unknown) =>
    mockApi({
      [`PUT /api/user/tbk/confirm/${TOKEN}`]: () => json(200, result),
      'GET /api/user/cart/find-by-userid/12': () => json(200, { items: [{ id: 901, sku: 'POL-1001-S', quantity: 1 }], totals: { lines: 1 } }),
    });

  it('rejected: Spanish status and codes, the reason, Intentar nuevamente and Volver al carro (a keyboard reaches them)', async () => {
    storeKept(cardStarted());
    resultOf(rejectedCard);
    const { user } = renderWithProviders({ route: `/payment-verification?token_ws=${TOKEN}`, preloadedState: buyer });
    expect(await screen.findByText('Pago no realizado')).toBeInTheDocument();
    expect(screen.getByText('Pago rechazado: el pedido OC000044 fue anulado y sus productos volvieron a tu carro.')).toBeInTheDocument();
    expect(valueOf('Estado')).toHaveTextContent(/^Rechazada$/);
    const retry = within(nextSteps()).getByRole('button', { name: 'Intentar nuevamente' });
    const cart = within(nextSteps()).getByRole('button', { name: 'Volver al carro' });
    await user.tab();
    while (document.activeElement !== retry && document.activeElement !== document.body) await user.tab();
    expect(retry).toHaveFocus();
    await user.tab();
    expect(cart).toHaveFocus();
  });

  it('Intentar nuevamente: a new order from the restored cart with the same choices and a new key, and its WebPay form', async () => {
    storeChoices(12, choices);
    storeKept(cardStarted());
    const newOrder = { ...order, id: 45, purchaseOrderNumber: 'OC000045' };
    const newTransaction = { ...webpayCreated, token: 'ab'.repeat(32), buy_order: 'OC000045' };
    const fetchMock = mockApi({
      [`PUT /api/user/tbk/confirm/${TOKEN}`]: () => json(200, rejectedCard),
      'GET /api/user/cart/find-by-userid/12': () => json(200, { items: [{ id: 901, sku: 'POL-1001-S', quantity: 1 }], totals: { lines: 1 } }),
      'POST /api/orders': () => json(201, newOrder),
      'POST /api/user/tbk/create': () => json(200, newTransaction),
    });
    const { user, router } = renderWithProviders({ route: `/payment-verification?token_ws=${TOKEN}`, preloadedState: buyer });
    await user.click(await screen.findByRole('button', { name: 'Intentar nuevamente' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Redirigiendo a WebPay Plus...' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/payment');
    expect(router.state.historyAction).toBe('REPLACE');
    await waitFor(() => expect(submit).toHaveBeenCalledTimes(1));
    const form = screen.getByRole('form', { name: 'Ir a WebPay Plus' });
    expect((form.querySelector('input[name="token_ws"]') as HTMLInputElement).value).toBe(newTransaction.token);

    const [[, orderInit]] = callsTo(fetchMock, 'POST', '/api/orders');
    expect(JSON.parse(String(orderInit?.body))).toEqual(choices);
    const orderKey = (orderInit?.headers as Record<string, string>)['Idempotency-Key'];
    expect(orderKey).toMatch(/^[A-Za-z0-9._:-]{1,200}$/);
    const [[, payInit]] = callsTo(fetchMock, 'POST', '/api/user/tbk/create');
    expect(JSON.parse(String(payInit?.body))).toMatchObject({ buy_order: 'OC000045' });
    expect((payInit?.headers as Record<string, string>)['Idempotency-Key']).not.toBe(orderKey);
    expect(JSON.parse(sessionStorage.getItem(SESSION_KEYS.datatbk) ?? 'null')).toMatchObject({ token: newTransaction.token, buy_order: 'OC000045' });
  });

  it('Intentar nuevamente without the choices (another tab): says why, nothing is made', async () => {
    storeKept(cardStarted());
    const fetchMock = resultOf(rejectedCard);
    const { user } = renderWithProviders({ route: `/payment-verification?token_ws=${TOKEN}`, preloadedState: buyer });
    await user.click(await screen.findByRole('button', { name: 'Intentar nuevamente' }));
    expect(
      await screen.findByText('No se pudo intentar nuevamente: No se encontraron las opciones de tu compra anterior: vuelve al carro para comprar de nuevo.'),
    ).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST', '/api/orders')).toHaveLength(0);
  });

  it('approved: Ver mi pedido and Volver al Home', async () => {
    resultOf(approvedCard);
    renderWithProviders({ route: `/payment-verification?token_ws=${TOKEN}`, preloadedState: buyer });
    expect(await screen.findByText('Gracias por Comprar!!')).toBeInTheDocument();
    expect(within(nextSteps()).getByRole('link', { name: 'Ver mi pedido' })).toHaveAttribute('href', '/user/purchase-history');
    expect(screen.getByRole('link', { name: 'Volver al Home' })).toHaveAttribute('href', '/');
    expect(screen.queryByRole('button', { name: 'Intentar nuevamente' })).not.toBeInTheDocument();
  });

  it('pending invoices rejected: Intentar nuevamente goes back to the pending payments with the same invoices', async () => {
    // the invoices and their mark as the pending payments' 'Pagar' kept them, then the card payment of them
    storeKept(cardStarted(invoicesTarget, { ...webpayCreated, buy_order: 'FAC173159040000012' }, keptInvoices));
    resultOf({ ...rejectedCard, purpose: 'INVOICES', orderReference: null, orderState: null, buy_order: 'FAC173159040000012' });
    const { user, router } = renderWithProviders({ route: `/payment-verification?token_ws=${TOKEN}`, preloadedState: buyer });
    expect(await screen.findByText('Pago rechazado: tus facturas siguen pendientes de pago.')).toBeInTheDocument();
    expect(within(nextSteps()).queryByRole('button', { name: 'Volver al carro' })).not.toBeInTheDocument();
    await user.click(within(nextSteps()).getByRole('button', { name: 'Intentar nuevamente' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/user/pending-payments'));
    expect(router.state.location.state).toEqual({ reselect: [311, 318], method: 'WEBPAY' });
  });

  it('a public address on another origin: the notice with the link, and no order is made', async () => {
    storeChoices(12, choices);
    storeKept(cardStarted());
    const fetchMock = mockApi({
      'GET /api/public-config': () => json(200, { publicUrl: 'https://portal.ejemplo.cl' }),
      [`PUT /api/user/tbk/confirm/${TOKEN}`]: () => json(200, rejectedCard),
      'GET /api/user/cart/find-by-userid/12': () => json(200, { items: [], totals: null }),
    });
    const { user } = renderWithProviders({ route: `/payment-verification?token_ws=${TOKEN}`, preloadedState: buyer });
    await user.click(await screen.findByRole('button', { name: 'Intentar nuevamente' }));
    const notice = (await screen.findByText('Para pagar, abre el portal en su dirección pública')).closest('[role="alert"]') as HTMLElement;
    expect(notice).toHaveTextContent('Estás usando el portal desde http://localhost.');
    expect(within(notice).getByRole('link', { name: 'Continuar en https://portal.ejemplo.cl' })).toHaveAttribute('href', 'https://portal.ejemplo.cl/');
    expect(callsTo(fetchMock, 'POST', '/api/orders')).toHaveLength(0);
    expect(screen.getByRole('button', { name: 'Intentar nuevamente' })).toBeEnabled();
  });
});

describe('the transfer return’s next steps (/return)', () => {
  const route = `/return?paymentId=${TRANSACTION_ID}`;

  it('rejected by the payer: Spanish detail, the reason, Intentar nuevamente and Volver al carro', async () => {
    storeKept(transferStarted());
    mockApi({
      [`GET /api/user/khipu/payments/${TRANSACTION_ID}`]: () => json(200, rejectedTransfer),
      'GET /api/user/cart/find-by-userid/12': () => json(200, { items: [], totals: null }),
    });
    renderWithProviders({ route: `${route}&cancel=1`, preloadedState: buyer });
    expect(await screen.findByText('Pago no realizado')).toBeInTheDocument();
    expect(screen.getByText('Pago rechazado: el pedido OC000044 fue anulado y sus productos volvieron a tu carro.')).toBeInTheDocument();
    expect(valueOf('Estado')).toHaveTextContent(/^Finalizado$/);
    expect(valueOf('Detalle del estado')).toHaveTextContent(/^Rechazado por el pagador$/);
    expect(within(nextSteps()).getByRole('button', { name: 'Intentar nuevamente' })).toBeInTheDocument();
    expect(within(nextSteps()).getByRole('button', { name: 'Volver al carro' })).toBeInTheDocument();
  });

  it('back without paying (cancel_url), still payable: Volver a pagar', async () => {
    storeKept(transferStarted());
    mockApi({ [`GET /api/user/khipu/payments/${TRANSACTION_ID}`]: () => json(200, pendingTransfer) });
    renderWithProviders({ route: `${route}&cancel=1`, preloadedState: buyer });
    expect(await screen.findByText('No se realizo la compra')).toBeInTheDocument();
    expect(valueOf('Detalle del estado')).toHaveTextContent(/^Pendiente de pago$/);
    expect(within(nextSteps()).getByRole('button', { name: 'Volver a pagar' })).toBeInTheDocument();
    expect(within(nextSteps()).queryByRole('button', { name: 'Anular' })).not.toBeInTheDocument();
  });
});

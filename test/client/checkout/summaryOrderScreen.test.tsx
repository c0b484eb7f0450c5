import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ORDER_MSG } from '@shared/schemas/orders';
import type { CustomerProfile } from '@shared/api/erp';
import { renderWithProviders, sessionOf } from '../renderWithProviders';
import { accepted, callsTo, chequeOrder, chequeRecipient, confirmed, imageFile, json, losAndes, mockApi, orderOf, pacifico, renderSummary, reserveOrder, reserveRecipient, webpayRequest } from './fixtures';

beforeEach(() => {
  document.cookie = 'XSRF-TOKEN=test-xsrf; path=/';
});

type User = ReturnType<typeof renderSummary>['user'];

const submitButton = (name = 'Ir a Pagar') => screen.findByRole('button', { name });
/** The enabled submit (the totals have loaded). */
const readyToSubmit = async (name = 'Ir a Pagar') => {
  const button = await submitButton(name);
  await waitFor(() => expect(button).toBeEnabled());
  return button;
};
const choose = async (user: User, select: RegExp, option: string | RegExp) => {
  await user.click(screen.getByRole('combobox', { name: select }));
  await user.click(await screen.findByRole('option', { name: option }));
};
const chooseDispatch = async (user: User) => {
  await waitFor(() => expect(screen.getByRole('combobox', { name: /Transporte/ })).toBeInTheDocument());
  await choose(user, /Dirección de despacho/, /Camino La Pólvora 400/);
  await choose(user, /Transporte/, 'Starken');
};
// hidden too: a closing dialog still hides the rest of the page from the accessibility tree
const badge = () => within(screen.getByRole('banner', { hidden: true })).getByRole('button', { name: /^Carro de compras/, hidden: true });
const orderKeys = (fetchMock: jest.Mock) => callsTo(fetchMock, 'POST', '/api/orders').map(([, init]) => (init.headers as Record<string, string>)['Idempotency-Key']);
const orderBodies = (fetchMock: jest.Mock) => callsTo(fetchMock, 'POST', '/api/orders').map(([, init]) => JSON.parse(String(init.body)));

describe('Order summary (/user/sumary-order): what the buyer sees', () => {
  it('the totals of the server cart, delivery and bank transfer by default, the default billing address, Ir a Pagar', async () => {
    mockApi();
    renderSummary();
    expect(screen.getByRole('heading', { level: 1, name: 'Finalizar compra' })).toBeInTheDocument();
    const totalsBox = await screen.findByRole('region', { name: 'Resumen de la compra' });
    const row = (name: string) => within(totalsBox).getByRole('row', { name: new RegExp(`^${name.replace(/[()]/g, '\\$&')}`) });
    expect(row('Productos (2)')).toHaveTextContent('$450.000');
    expect(row('Descuento oferta')).toHaveTextContent('-$45.000');
    expect(row('Descuento fidelización (4%)')).toHaveTextContent('-$16.200');
    expect(row('Subtotal')).toHaveTextContent('$388.800');
    expect(row('IVA (19%)')).toHaveTextContent('$73.872');
    expect(row('Total')).toHaveTextContent('$462.672');

    expect(screen.getByRole('radio', { name: 'Despacho' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Retiro en tienda' })).not.toBeChecked();
    expect(screen.getByRole('radio', { name: 'Transferencia bancaria (Khipu)' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'WebPay Plus' })).not.toBeChecked();
    expect(within(screen.getByRole('group', { name: 'Dirección de facturación' })).getByText('Av. Brasil 2350, Valparaíso, Valparaíso')).toBeInTheDocument();
    expect(await readyToSubmit()).toHaveTextContent('Ir a Pagar');
    expect(screen.getByRole('link', { name: 'Volver al carro' })).toHaveAttribute('href', '/user/cart-detail');
  });

  it('the dispatch addresses of the profile and the transports of the ERP in their selects', async () => {
    mockApi();
    const { user } = renderSummary();
    await readyToSubmit();
    await user.click(screen.getByRole('combobox', { name: /Dirección de despacho/ }));
    expect(within(screen.getByRole('listbox')).getAllByRole('option').map((o) => o.textContent)).toEqual([
      'Camino La Pólvora 400, Valparaíso, Valparaíso',
      'Condell 1290, Valparaíso, Valparaíso',
    ]);
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('combobox', { name: /Transporte/ }));
    expect(within(screen.getByRole('listbox')).getAllByRole('option').map((o) => o.textContent)).toEqual(['Retiro por cliente', 'Starken', 'Chilexpress']);
  });

  it('with the reserve marker X: Reservar instead of Ir a Pagar, and no payment options', async () => {
    sessionStorage.setItem('reserve', 'X');
    mockApi();
    renderSummary();
    expect(await readyToSubmit('Reservar')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Ir a Pagar' })).not.toBeInTheDocument();
    expect(screen.queryByRole('radiogroup', { name: 'Forma de pago' })).not.toBeInTheDocument();
    expect(screen.queryByLabelText(/Adjuntar foto del cheque/)).not.toBeInTheDocument();
  });

  it('the totals cannot load: the server message and a retry', async () => {
    const fetchMock = mockApi({ 'GET /api/user/cart/find-by-userid/12': () => json(500, { status: 500, message: 'Internal server error' }) });
    const { user } = renderSummary();
    expect(await screen.findByText(/No se pudo cargar el resumen de la compra: Internal server error/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Ir a Pagar' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Reintentar' }));
    await waitFor(() => expect(callsTo(fetchMock, 'GET', '/api/user/cart/find-by-userid/12')).toHaveLength(2));
  });
});

describe('Order summary: validation (spec section 5)', () => {
  it('an invalid submit shows every message and sends nothing', async () => {
    const fetchMock = mockApi();
    const { user } = renderSummary();
    await user.click(await readyToSubmit());
    expect(await screen.findByText('Debe seleccionar una dirección o retiro en tienda')).toBeInTheDocument();
    expect(screen.getByText('Debe seleccionar un transporte')).toBeInTheDocument();
    expect(orderBodies(fetchMock)).toHaveLength(0);
  });

  it('store pickup needs no address nor transport', async () => {
    const fetchMock = mockApi({ 'POST /api/orders': () => json(201, orderOf(webpayRequest, 44)) });
    const { user } = renderSummary();
    await user.click(screen.getByRole('radio', { name: 'Retiro en tienda' }));
    expect(screen.queryByRole('combobox', { name: /Dirección de despacho/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: /Transporte/ })).not.toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'WebPay Plus' }));
    await user.click(await readyToSubmit());
    await waitFor(() => expect(orderBodies(fetchMock)).toEqual([
      { orderType: 'ONLINE', tipoEntrega: 'retiro', deliveryAddress: '', deliveryTransport: '', invoiceAddress: 'CASA MATRIZ', paymentMethod: 'WEBPAY' },
    ]));
  });

  it('no default billing address: Debe seleccionar una dirección de facturación, nothing is sent', async () => {
    const fetchMock = mockApi();
    const noDefault: CustomerProfile = { ...pacifico, factura: pacifico.factura.map((f) => ({ ...f, predeterminado: 'N' as const })) };
    const { user } = renderSummary(noDefault);
    expect(screen.getByText('Debe seleccionar una dirección de facturación')).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'Retiro en tienda' }));
    await user.click(await readyToSubmit());
    await waitFor(() => expect(screen.getAllByText(ORDER_MSG.invoiceAddressRequired).length).toBeGreaterThan(0));
    expect(orderBodies(fetchMock)).toHaveLength(0);
  });
});

describe('Order summary: payment options depend on the profile (spec section 6)', () => {
  it('payment condition Cheque and credit available: every option can be chosen', async () => {
    mockApi();
    renderSummary(pacifico);
    await readyToSubmit();
    for (const name of ['Transferencia bancaria (Khipu)', 'WebPay Plus', 'Cheque', 'Línea de crédito']) expect(screen.getByRole('radio', { name })).toBeEnabled();
    expect(screen.getByText('Crédito disponible: $1.250.000')).toBeInTheDocument();
  });

  it('payment condition other than Cheque: cheque disabled; credit limit 0: credit line disabled', async () => {
    mockApi();
    renderSummary(losAndes);
    await readyToSubmit();
    expect(screen.getByRole('radio', { name: 'Cheque' })).toBeDisabled();
    expect(screen.getByRole('radio', { name: 'Línea de crédito' })).toBeDisabled();
    expect(screen.getByRole('radio', { name: 'Transferencia bancaria (Khipu)' })).toBeEnabled();
    expect(screen.getByRole('radio', { name: 'WebPay Plus' })).toBeEnabled();
  });

  it('the cheque photo picker is enabled only when cheque is chosen', async () => {
    mockApi();
    const { user } = renderSummary(pacifico);
    await readyToSubmit();
    const picker = screen.getByLabelText('Adjuntar foto del cheque');
    expect(picker).toBeDisabled();
    await user.click(screen.getByRole('radio', { name: 'Cheque' }));
    expect(picker).toBeEnabled();
    await user.click(screen.getByRole('radio', { name: 'WebPay Plus' }));
    expect(picker).toBeDisabled();
  });

  it('cheque without a photo: Debe adjuntar una foto del cheque', async () => {
    const fetchMock = mockApi();
    const { user } = renderSummary(pacifico);
    await user.click(screen.getByRole('radio', { name: 'Retiro en tienda' }));
    await user.click(screen.getByRole('radio', { name: 'Cheque' }));
    await user.click(await readyToSubmit());
    expect(await screen.findByText('Debe adjuntar una foto del cheque')).toBeInTheDocument();
    expect(orderBodies(fetchMock)).toHaveLength(0);
  });

  it('a photo over 2 MB or not jpg, jpeg or png: the message with the file name', async () => {
    mockApi();
    const { user } = renderSummary(pacifico, { applyAccept: false });
    await user.click(screen.getByRole('radio', { name: 'Cheque' }));
    const picker = screen.getByLabelText('Adjuntar foto del cheque');
    await user.upload(picker, imageFile('cheque-grande.png', 2 * 1024 * 1024 + 1, 'image/png'));
    expect(await screen.findByText('El archivo cheque-grande.png excede el tamaño maximo 2MB')).toBeInTheDocument();
    await user.upload(picker, imageFile('cheque.pdf', 4, 'application/pdf'));
    expect(await screen.findByText('El archivo cheque.pdf debe ser una imagen jpg, jpeg o png')).toBeInTheDocument();
    await user.upload(picker, imageFile('cheque.JPEG', 2 * 1024 * 1024));
    expect(await screen.findByText('Archivo: cheque.JPEG')).toBeInTheDocument();
  });
});

describe('Order summary: submitting', () => {
  it('card payment: the order with the choices, then paymentStarted for the payments feature to take it to WebPay', async () => {
    const order = orderOf(webpayRequest, 44);
    const fetchMock = mockApi({ 'POST /api/orders': () => json(201, order) });
    const { user, store } = renderSummary();
    await chooseDispatch(user);
    await user.click(screen.getByRole('radio', { name: 'WebPay Plus' }));
    await user.click(await readyToSubmit());
    await waitFor(() => expect(store.getState().checkout.payment).toEqual({ order, method: 'WEBPAY' }));
    expect(orderBodies(fetchMock)).toEqual([
      { orderType: 'ONLINE', tipoEntrega: 'entrega', deliveryAddress: 'BODEGA PLACILLA', deliveryTransport: '0002', invoiceAddress: 'CASA MATRIZ', paymentMethod: 'WEBPAY' },
    ]);
  });

  it('while the flow runs the button is disabled and shows progress; a failure shows the server message', async () => {
    let answer: (response: Response) => void = () => undefined;
    mockApi({ 'POST /api/orders': () => new Promise<Response>((resolve) => (answer = resolve)) });
    const { user } = renderSummary();
    await user.click(screen.getByRole('radio', { name: 'Retiro en tienda' }));
    const button = await readyToSubmit();
    await user.click(button);
    await waitFor(() => expect(button).toBeDisabled());
    expect(screen.getByRole('progressbar', { name: 'Procesando pedido' })).toBeInTheDocument();
    answer(json(409, { status: 409, message: 'El carro está vacío: agregue productos antes de continuar' }));
    await waitFor(() => expect(button).toBeEnabled());
    const alerts = await screen.findAllByRole('alert');
    expect(alerts.some((a) => a.textContent === 'El carro está vacío: agregue productos antes de continuar')).toBe(true);
  });

  it('cheque: the photo goes to pay-cheque as multipart, then thanks', async () => {
    const sent = accepted(chequeOrder);
    const fetchMock = mockApi({
      'GET /api/user/sendmail/section/CHEQUE': () => json(200, chequeRecipient),
      'POST /api/orders': () => json(201, chequeOrder),
      'POST /api/user/pay-cheque': () => json(200, { message: 'Cheque enviado a Textil Andino!!' }),
      'POST /api/user/b1/ov': () => json(200, sent),
      'POST /api/orders/update/state/order': () => json(200, confirmed(sent)),
    });
    const { user } = renderSummary(pacifico);
    await user.click(screen.getByRole('radio', { name: 'Retiro en tienda' }));
    await user.click(screen.getByRole('radio', { name: 'Cheque' }));
    await user.upload(screen.getByLabelText('Adjuntar foto del cheque'), imageFile('cheque-4711.png', 512, 'image/png'));
    await user.click(await readyToSubmit());
    expect(await screen.findByText('Gracias por Comprar!!')).toBeInTheDocument();
    const form = callsTo(fetchMock, 'POST', '/api/user/pay-cheque')[0][1].body as FormData;
    expect(form.get('numberOrder')).toBe('OC000043');
    expect((form.get('chequeImgFile') as File).name).toBe('cheque-4711.png');
    // the order took the server cart: the portal does not empty it again
    expect(fetchMock.mock.calls.filter(([, init]) => init?.method === 'DELETE')).toHaveLength(0);
  });
});

describe('Order summary: one order per attempt', () => {
  it('a double click on Ir a Pagar, and one more click, send one order', async () => {
    let answer: (response: Response) => void = () => undefined;
    const fetchMock = mockApi({ 'POST /api/orders': () => new Promise<Response>((resolve) => (answer = resolve)) });
    const { user, store } = renderSummary();
    await user.click(screen.getByRole('radio', { name: 'Retiro en tienda' }));
    await user.click(screen.getByRole('radio', { name: 'WebPay Plus' }));
    const button = await readyToSubmit();
    await user.dblClick(button);
    fireEvent.click(button); // one more, straight away

    await waitFor(() => expect(orderBodies(fetchMock)).toHaveLength(1));
    expect(button).toBeDisabled();
    const order = orderOf(webpayRequest, 44);
    answer(json(201, order));
    await waitFor(() => expect(store.getState().checkout.payment).toEqual({ order, method: 'WEBPAY' }));
    expect(orderBodies(fetchMock)).toHaveLength(1);
  });

  it('no answer (status 0): the next press sends the same key and gets the order; a refusal (409) ends the key', async () => {
    const order = orderOf(webpayRequest, 44);
    const answers = [
      () => Promise.reject(new TypeError('Failed to fetch')),
      () => json(201, order),
    ];
    const fetchMock = mockApi({ 'POST /api/orders': () => answers.shift()!() });
    const { user, store } = renderSummary();
    await user.click(screen.getByRole('radio', { name: 'Retiro en tienda' }));
    await user.click(screen.getByRole('radio', { name: 'WebPay Plus' }));
    await user.click(await readyToSubmit());
    expect((await screen.findAllByRole('alert')).some((a) => a.textContent === 'Failed to fetch')).toBe(true);
    await user.click(await readyToSubmit());
    await waitFor(() => expect(store.getState().checkout.payment).toEqual({ order, method: 'WEBPAY' }));
    const [first, second] = orderKeys(fetchMock);
    expect(first).toMatch(/^[A-Za-z0-9._:-]{1,200}$/);
    expect(second).toBe(first);
    expect(store.getState().checkout.attempt).toBeNull();
  });

  it('a refused order (409, empty cart): the next press is a new attempt with a new key', async () => {
    const fetchMock = mockApi({ 'POST /api/orders': () => json(409, { status: 409, message: 'El carro está vacío: agregue productos antes de continuar' }) });
    const { user, store } = renderSummary();
    await user.click(screen.getByRole('radio', { name: 'Retiro en tienda' }));
    await user.click(await readyToSubmit());
    await waitFor(() => expect(orderKeys(fetchMock)).toHaveLength(1));
    await waitFor(() => expect(store.getState().checkout.status).toBe('failed'));
    await user.click(await readyToSubmit());
    await waitFor(() => expect(orderKeys(fetchMock)).toHaveLength(2));
    const [first, second] = orderKeys(fetchMock);
    expect(second).not.toBe(first);
  });
});

describe('Order summary in the app: card payment that did not start', () => {
  afterEach(() => jest.restoreAllMocks());

  it('WebPay without an answer: Ir a Pagar again pays the same order (no second order) with the same key and body', async () => {
    jest.spyOn(HTMLFormElement.prototype, 'submit').mockImplementation(() => undefined);
    jest.spyOn(console, 'error').mockImplementation(() => undefined); // the failed start is logged
    const order = orderOf({ ...webpayRequest, tipoEntrega: 'retiro', deliveryAddress: '', deliveryTransport: '' }, 44);
    const created = { url: 'https://webpay3gint.transbank.cl/webpayserver/initTransaction', token: 'e9d5', buy_order: 'OC000044', session_id: 'OW482913', amount: 462672 };
    const tbk = [() => Promise.reject(new TypeError('Failed to fetch')), () => json(200, created)];
    const fetchMock = mockApi({
      'POST /api/orders': () => json(201, order),
      'POST /api/user/tbk/create': () => tbk.shift()!(),
    });
    const { user, router } = renderWithProviders({ route: '/user/sumary-order', preloadedState: { session: sessionOf('USER', pacifico) } });
    await user.click(await screen.findByRole('radio', { name: 'Retiro en tienda' }));
    await user.click(screen.getByRole('radio', { name: 'WebPay Plus' }));
    await user.click(await readyToSubmit());
    expect(await screen.findByText('No se pudo iniciar el pago con WebPay Plus: Failed to fetch')).toBeInTheDocument();
    await user.click(await readyToSubmit());
    await waitFor(() => expect(router.state.location.pathname).toBe('/payment'));
    expect(orderBodies(fetchMock)).toHaveLength(1);
    const [first, second] = callsTo(fetchMock, 'POST', '/api/user/tbk/create').map(([, init]) => init);
    expect(JSON.parse(String(second.body))).toEqual(JSON.parse(String(first.body)));
    expect((second.headers as Record<string, string>)['Idempotency-Key']).toBe((first.headers as Record<string, string>)['Idempotency-Key']);
  });
});

describe('Order summary in the app: the dialogs of the flows', () => {
  const renderApp = (profile: CustomerProfile = pacifico) =>
    renderWithProviders({ route: '/user/sumary-order', preloadedState: { session: sessionOf('USER', profile) } });

  it('reserve: Deseas realizar la reserva? → Reservar: sent, the badge at 0, home, Reserva enviada para aprobación!!', async () => {
    sessionStorage.setItem('reserve', 'X');
    const sent = accepted(reserveOrder);
    const fetchMock = mockApi({
      'GET /api/user/sendmail/section/RESERVE': () => json(200, reserveRecipient),
      'POST /api/orders': () => json(201, reserveOrder),
      'POST /api/user/b1/reserve': () => json(200, sent),
      'POST /api/orders/update/state/order': () => json(200, confirmed(sent)),
      'POST /api/user/sendmail/order': () => new Response(null, { status: 202 }),
    });
    const { user, router } = renderApp();
    await waitFor(() => expect(badge()).toHaveTextContent('2'));
    await user.click(await screen.findByRole('radio', { name: 'Retiro en tienda' }));
    await user.click(await readyToSubmit('Reservar'));
    const dialog = await screen.findByRole('dialog', { name: 'Deseas realizar la reserva?' });
    await user.click(within(dialog).getByRole('button', { name: 'Reservar' }));
    expect(await screen.findByText('Reserva enviada para aprobación!!')).toBeInTheDocument();
    await waitFor(() => expect(badge()).toHaveTextContent('0'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(orderBodies(fetchMock)).toEqual([{ orderType: 'RESERVE', tipoEntrega: 'retiro', deliveryAddress: '', deliveryTransport: '', invoiceAddress: 'CASA MATRIZ' }]);
    expect(JSON.parse(String(callsTo(fetchMock, 'POST', '/api/user/sendmail/order')[0][1].body))).toEqual({ numberOrder: 'RE000007', section: 'RESERVE' });
    expect(fetchMock.mock.calls.filter(([, init]) => init?.method === 'DELETE')).toHaveLength(0);
  });

  it('reserve declined: Reserva no realizada, nothing is created', async () => {
    sessionStorage.setItem('reserve', 'X');
    const fetchMock = mockApi();
    const { user, router } = renderApp();
    await user.click(await screen.findByRole('radio', { name: 'Retiro en tienda' }));
    await user.click(await readyToSubmit('Reservar'));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'No reservar' }));
    expect(await screen.findByText('Reserva no realizada')).toBeInTheDocument();
    expect(orderBodies(fetchMock)).toHaveLength(0);
    expect(router.state.location.pathname).toBe('/user/sumary-order');
  });

  it('reserve without a RESERVE recipient: No existe correo para notificar a {brand}', async () => {
    sessionStorage.setItem('reserve', 'X');
    const fetchMock = mockApi();
    const { user } = renderApp();
    await user.click(await screen.findByRole('radio', { name: 'Retiro en tienda' }));
    await user.click(await readyToSubmit('Reservar'));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Reservar' }));
    expect((await screen.findAllByText('No existe correo para notificar a Textil Andino')).length).toBeGreaterThan(0);
    expect(orderBodies(fetchMock)).toHaveLength(0);
  });

  it('credit line with a limit below the total: the Limite de Credito dialog, nothing is created', async () => {
    const fetchMock = mockApi();
    const { user } = renderApp({ ...pacifico, limitecred: 100000 });
    await user.click(await screen.findByRole('radio', { name: 'Retiro en tienda' }));
    await user.click(screen.getByRole('radio', { name: 'Línea de crédito' }));
    await user.click(await readyToSubmit());
    const dialog = await screen.findByRole('dialog', { name: 'Limite de Credito' });
    expect(dialog).toHaveTextContent('Credito Disponible insuficiente');
    await user.click(within(dialog).getByRole('button', { name: 'Aceptar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(orderBodies(fetchMock)).toHaveLength(0);
  });
});

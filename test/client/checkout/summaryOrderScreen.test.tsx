import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MSG } from '@shared/messages';
import { ORDER_MSG } from '@shared/schemas/orders';
import { addDays, chileTodayIso, nextWorkingDay } from '@shared/workingDays';
import type { CustomerProfile } from '@shared/api/erp';
import { KEYED_RESEND_DELAYS_MS } from '@client/api/http';
import { renderWithProviders, sessionOf } from '../renderWithProviders';
import {
  accepted,
  callsTo,
  cart,
  chequeOrder,
  chequeRecipient,
  confirmed,
  creditRequest,
  imageFile,
  json,
  losAndes,
  mockApi,
  orderOf,
  pacifico,
  renderSummary,
  reserveOrder,
  reserveRecipient,
  transports,
  webpayRequest,
} from './fixtures';

/** The credit-line order of a store pickup. */
const creditOrderOf = () => orderOf({ ...creditRequest, tipoEntrega: 'retiro', deliveryAddress: '', deliveryTransport: '' }, 42);

beforeEach(() => {
  document.cookie = 'XSRF-TOKEN=test-xsrf; path=/';
});

// the http client sends a keyed create again by itself when no answer came (api/http.ts): here after 1 ms, not seconds
const resendDelays = [...KEYED_RESEND_DELAYS_MS];
beforeAll(() => KEYED_RESEND_DELAYS_MS.splice(0, KEYED_RESEND_DELAYS_MS.length, ...resendDelays.map(() => 1)));
afterAll(() => KEYED_RESEND_DELAYS_MS.splice(0, KEYED_RESEND_DELAYS_MS.length, ...resendDelays));

/** No answer to a keyed create, nor to each of the client's own resends of its key: the press ends without one. */
const noAnswers = () => [...resendDelays, 0].map(() => () => Promise.reject(new TypeError('Failed to fetch')));

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
  it("a blocked customer's cart (a sales rep quoting it) shows the totals, says why, and offers no Ir a Pagar", async () => {
    const fetchMock = mockApi();
    renderSummary({ ...pacifico, morosidad: 'Bloqueado por morosidad' });
    await screen.findByRole('region', { name: 'Resumen de la compra' });
    expect(await screen.findByText(MSG.blocked)).toBeInTheDocument();
    const button = await submitButton();
    await waitFor(() => expect(button).toBeDisabled());
    expect(callsTo(fetchMock, 'POST', '/api/orders')).toHaveLength(0);
  });

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
    expect(screen.getByText('Todos los precios son más I. V. A.')).toBeInTheDocument();

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

describe('Order summary: the ERP down and a 5xx at Ir a Pagar, in one alert with a retry', () => {
  const erpDown = () => json(503, { status: 503, message: 'El ERP no está disponible', code: 'ERP_UNAVAILABLE' });

  it('the ERP down at opening: one alert in plain Spanish (not two), and its retry loads again', async () => {
    let down = true;
    const fetchMock = mockApi({
      'GET /api/user/cart/find-by-userid/12': () => (down ? erpDown() : json(200, cart)),
      'GET /api/user/b1/tipo-transport': () => (down ? erpDown() : json(200, transports)),
    });
    const { user } = renderSummary();
    const alert = await screen.findByRole('alert');
    await waitFor(() => expect(callsTo(fetchMock, 'GET', '/api/user/b1/tipo-transport')).toHaveLength(1));
    await waitFor(() =>
      expect(alert).toHaveTextContent(
        /^No pudimos preparar el resumen de tu compra: el ERP, nuestro sistema de stock y precios, no responde en este momento\. No se perdió nada: tu carro y lo que elegiste siguen guardados, y no se creó ningún pedido\. Reintenta en unos minutos\.Reintentar$/,
      ),
    );
    expect(screen.getAllByRole('alert')).toHaveLength(1);
    expect(screen.queryByText(/El ERP no está disponible/)).not.toBeInTheDocument();
    down = false;
    await user.click(within(alert).getByRole('button', { name: 'Reintentar' }));
    await readyToSubmit();
    await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument());
  });

  it("a 503 at Ir a Pagar that says no order was made: its words in one alert; Reintentar sends the same key", async () => {
    const notCreated =
      'No se creó tu pedido: el ERP (el sistema de stock y precios) no responde. No se cobró nada y tu carro sigue igual. Vuelve a intentarlo en unos minutos.';
    const answers = [() => json(503, { status: 503, message: notCreated, code: 'ERP_UNAVAILABLE', order: { created: false } }), () => json(201, orderOf(webpayRequest, 44))];
    const fetchMock = mockApi({ 'POST /api/orders': () => answers.shift()!() });
    const { user, store } = renderSummary();
    await user.click(screen.getByRole('radio', { name: 'Retiro en tienda' }));
    await user.click(screen.getByRole('radio', { name: 'WebPay Plus' }));
    await user.click(await readyToSubmit());
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(notCreated);
    expect(screen.getAllByText(notCreated)).toHaveLength(1);
    await user.click(within(alert).getByRole('button', { name: 'Reintentar' }));
    await waitFor(() => expect(store.getState().checkout.payment).toMatchObject({ method: 'WEBPAY' }));
    const [first, second] = orderKeys(fetchMock);
    expect(second).toBe(first);
  });
});

describe('Order summary: the choices survive a reload (session storage, this buyer only)', () => {
  it('address, transport and payment method are back after a reload; no amount is kept', async () => {
    mockApi();
    const first = renderSummary();
    await chooseDispatch(first.user);
    await first.user.click(screen.getByRole('radio', { name: 'WebPay Plus' }));
    await waitFor(() => expect(sessionStorage.getItem('paymentMethod')).toBe('WEBPAY'));
    cleanup(); // the page goes; session storage stays, as on a reload

    renderSummary();
    await readyToSubmit();
    expect(screen.getByRole('radio', { name: 'Despacho' })).toBeChecked();
    expect(screen.getByRole('combobox', { name: /Dirección de despacho/ })).toHaveTextContent('Camino La Pólvora 400, Valparaíso, Valparaíso');
    await waitFor(() => expect(screen.getByRole('combobox', { name: /Transporte/ })).toHaveTextContent('Starken'));
    expect(screen.getByRole('radio', { name: 'WebPay Plus' })).toBeChecked();
    const kept = Object.fromEntries(Object.keys(sessionStorage).map((key) => [key, sessionStorage.getItem(key)]));
    expect(kept).toMatchObject({ choicesOwner: '12', tipoEntrega: 'entrega', deliveryAddress: 'BODEGA PLACILLA', deliveryTransport: '0002', paymentMethod: 'WEBPAY' });
    // the server prices every order: nothing of the totals is kept
    expect(Object.values(kept).join(' ')).not.toMatch(/462672|388800|450000/);
  });

  it("another user's choices are not shown; a method the buyer may not use, or an address not of its profile, is not restored", async () => {
    mockApi();
    Object.entries({ choicesOwner: '99', tipoEntrega: 'retiro', paymentMethod: 'WEBPAY' }).forEach(([k, v]) => sessionStorage.setItem(k, v));
    renderSummary();
    await readyToSubmit();
    expect(screen.getByRole('radio', { name: 'Despacho' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Transferencia bancaria (Khipu)' })).toBeChecked();
    cleanup();

    Object.entries({ choicesOwner: '12', deliveryAddress: 'OTRA BODEGA', paymentMethod: 'CREDIT' }).forEach(([k, v]) => sessionStorage.setItem(k, v));
    renderSummary(losAndes); // no credit line
    await readyToSubmit();
    expect(screen.getByRole('combobox', { name: /Dirección de despacho/ })).not.toHaveTextContent(/[A-Za-z]/);
    expect(screen.getByRole('radio', { name: 'Transferencia bancaria (Khipu)' })).toBeChecked();
  });

  it('placed (credit line): the choices are gone, the next purchase starts afresh', async () => {
    const sent = accepted(creditOrderOf());
    mockApi({
      'POST /api/orders': () => json(201, creditOrderOf()),
      'POST /api/user/b1/ov': () => json(200, sent),
      'POST /api/orders/update/state/order': () => json(200, confirmed(sent)),
    });
    const { user } = renderSummary(pacifico);
    await user.click(screen.getByRole('radio', { name: 'Retiro en tienda' }));
    await user.click(screen.getByRole('radio', { name: 'Línea de crédito' }));
    await waitFor(() => expect(sessionStorage.getItem('paymentMethod')).toBe('CREDIT'));
    await user.click(await readyToSubmit());
    expect(await screen.findByText('Gracias por Comprar!!')).toBeInTheDocument();
    for (const key of ['choicesOwner', 'tipoEntrega', 'deliveryAddress', 'deliveryTransport', 'paymentMethod']) expect(sessionStorage.getItem(key)).toBeNull();
  });
});

describe("Order summary: the buyer's own reference and requested delivery date", () => {
  it('checked with the shared rules, sent with the order, kept across a reload', async () => {
    const date = nextWorkingDay(addDays(chileTodayIso(), 3));
    const fetchMock = mockApi({ 'POST /api/orders': () => json(201, orderOf(webpayRequest, 44)) });
    const first = renderSummary();
    const reference = screen.getByRole('textbox', { name: 'Su orden de compra' });
    expect(reference).toHaveAccessibleDescription('Opcional: el número de su propia orden de compra');
    await first.user.type(reference, 'OC<77>');
    await first.user.tab();
    expect(await screen.findByText('La orden de compra solo puede tener letras, números, espacios y . - _ / #')).toBeInTheDocument();
    await first.user.clear(reference);
    await first.user.type(reference, 'OC-77/2026');
    const dateField = screen.getByLabelText('Fecha de entrega solicitada');
    fireEvent.change(dateField, { target: { value: '2020-01-06' } });
    expect(await screen.findByText('La fecha de entrega no puede ser anterior a hoy')).toBeInTheDocument();
    fireEvent.change(dateField, { target: { value: date } });
    await waitFor(() => expect(sessionStorage.getItem('requestedDeliveryDate')).toBe(date));
    expect(sessionStorage.getItem('buyerReference')).toBe('OC-77/2026');
    cleanup(); // a reload: session storage stays

    const { user } = renderSummary();
    expect(screen.getByRole('textbox', { name: 'Su orden de compra' })).toHaveValue('OC-77/2026');
    expect(screen.getByLabelText('Fecha de entrega solicitada')).toHaveValue(date);
    await user.click(screen.getByRole('radio', { name: 'Retiro en tienda' }));
    await user.click(screen.getByRole('radio', { name: 'WebPay Plus' }));
    await user.click(await readyToSubmit());
    await waitFor(() =>
      expect(orderBodies(fetchMock)).toEqual([
        {
          orderType: 'ONLINE',
          tipoEntrega: 'retiro',
          deliveryAddress: '',
          deliveryTransport: '',
          invoiceAddress: 'CASA MATRIZ',
          paymentMethod: 'WEBPAY',
          buyerReference: 'OC-77/2026',
          requestedDeliveryDate: date,
        },
      ]),
    );
  });
});

describe('Order summary: validation (R-CHK-2)', () => {
  it('an invalid submit shows every message and sends nothing', async () => {
    const fetchMock = mockApi();
    const { user } = renderSummary();
    await user.click(await readyToSubmit());
    expect(await screen.findByText('Debe seleccionar una dirección o retiro en tienda')).toBeInTheDocument();
    expect(screen.getByText('Debe seleccionar un transporte')).toBeInTheDocument();
    expect(orderBodies(fetchMock)).toHaveLength(0);
  });

  it('a refused Ir a Pagar takes the focus (and the scroll) to the first field in error, which says its error', async () => {
    const scrolled = jest.fn();
    Element.prototype.scrollIntoView = scrolled;
    mockApi();
    const { user } = renderSummary();
    (await readyToSubmit()).focus();
    await user.keyboard('{Enter}');
    const address = screen.getByRole('combobox', { name: /Dirección de despacho/ });
    await waitFor(() => expect(document.activeElement).toBe(address));
    expect(address).toHaveAttribute('aria-invalid', 'true');
    expect(address).toHaveAccessibleDescription('Debe seleccionar una dirección o retiro en tienda');
    expect(scrolled).toHaveBeenCalledWith({ block: 'center' });
    expect(scrolled.mock.contexts.at(-1)).toBe(address);
    delete (Element.prototype as Partial<Element>).scrollIntoView; // jsdom has none
  });

  it('Reservar refused for the transport alone: the focus goes to Transporte', async () => {
    sessionStorage.setItem('reserve', 'X');
    mockApi();
    const { user } = renderSummary();
    await readyToSubmit('Reservar');
    await choose(user, /Dirección de despacho/, /Camino La Pólvora 400/);
    (await readyToSubmit('Reservar')).focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('combobox', { name: /Transporte/ })));
    expect(document.activeElement).toHaveAccessibleDescription('Debe seleccionar un transporte');
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

describe('Order summary: payment options depend on the profile (R-CHK-3)', () => {
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
    // the file input is hidden: the focus goes to its button
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Adjuntar foto del cheque' })));
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
    await waitFor(() => expect(store.getState().checkout.payment).toEqual({ order, method: 'WEBPAY', shownBySummary: true }));
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
    // one alert, with its retry, and no toast repeating it
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('El carro está vacío: agregue productos antes de continuar');
    // answered far from the button: the alert takes the focus (and is scrolled into view)
    await waitFor(() => expect(alert).toHaveFocus());
    expect(within(alert).getByRole('button', { name: 'Reintentar' })).toBeEnabled();
    expect(screen.getAllByText('El carro está vacío: agregue productos antes de continuar')).toHaveLength(1);
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
    await waitFor(() => expect(store.getState().checkout.payment).toEqual({ order, method: 'WEBPAY', shownBySummary: true }));
    expect(orderBodies(fetchMock)).toHaveLength(1);
  });

  it('no answer (status 0): the next press sends the same key and gets the order; a refusal (409) ends the key', async () => {
    const order = orderOf(webpayRequest, 44);
    // no answer to the first press, nor to the client's own resends of its key
    const answers = [...noAnswers(), () => json(201, order)];
    const fetchMock = mockApi({ 'POST /api/orders': () => answers.shift()!() });
    const { user, store } = renderSummary();
    await user.click(screen.getByRole('radio', { name: 'Retiro en tienda' }));
    await user.click(screen.getByRole('radio', { name: 'WebPay Plus' }));
    await user.click(await readyToSubmit());
    // no answer: the order may exist, and the retry (same key) cannot make a second one
    expect(await screen.findByRole('alert')).toHaveTextContent(
      "No recibimos respuesta, así que no sabemos si tu pedido alcanzó a crearse. Presiona 'Reintentar': si ya se creó, se usa ese mismo pedido y no se crea otro.",
    );
    await user.click(await readyToSubmit());
    await waitFor(() => expect(store.getState().checkout.payment).toEqual({ order, method: 'WEBPAY', shownBySummary: true }));
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
    const tbk = [...noAnswers(), () => json(200, created)];
    const fetchMock = mockApi({
      'POST /api/orders': () => json(201, order),
      'POST /api/user/tbk/create': () => tbk.shift()!(),
    });
    const { user, router } = renderWithProviders({ route: '/user/sumary-order', preloadedState: { session: sessionOf('USER', pacifico) } });
    await user.click(await screen.findByRole('radio', { name: 'Retiro en tienda' }));
    await user.click(screen.getByRole('radio', { name: 'WebPay Plus' }));
    await user.click(await readyToSubmit());
    // the order exists, unpaid: the summary says so in its one alert, and its Reintentar pays that same order
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(
      "Tu pedido OC000044 quedó creado y pendiente de pago, pero no pudimos iniciar el pago con WebPay Plus: Failed to fetch. Presiona 'Ir a Pagar' para intentarlo de nuevo; se paga ese mismo pedido y no se crea otro.",
    );
    expect(screen.queryByText(/No se pudo iniciar el pago/)).not.toBeInTheDocument();
    await user.click(within(alert).getByRole('button', { name: 'Reintentar' }));
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

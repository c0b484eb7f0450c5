import { screen, waitFor, within } from '@testing-library/react';
import { renderWithProviders, sessionOf } from '../renderWithProviders';
import { cartOf, callsTo, chaqueta, fakeCartApi, json, line, pending, polera } from './fixtures';

const route = '/user/cart-detail';
const renderCart = () => renderWithProviders({ route, preloadedState: { session: sessionOf('USER') } });

beforeEach(() => {
  document.cookie = 'XSRF-TOKEN=test-xsrf; path=/';
});

const lines = () => screen.getByRole('list', { name: 'Productos del carro' });
const lineOf = (name: string) => within(lines()).getByRole('listitem', { name });
/** The value next to a label in a description list (prices of a line, rows of the summary). */
/** The amount next to a label: a line's dt/dd pair or a summary row's th/td. */
const valueOf = (scope: HTMLElement, label: string) => within(scope).getByText(label, { selector: 'dt, th' }).nextElementSibling;
const summary = () => screen.getByRole('region', { name: 'Resumen de la compra' });
const badge = () => within(screen.getByRole('banner')).getByRole('button', { name: /^Carro de compras/ });

describe('Cart detail (/user/cart-detail)', () => {
  it('shows the title with the product count, each line with its prices, and the server summary', async () => {
    fakeCartApi();
    renderCart();
    expect(await screen.findByRole('heading', { level: 1, name: 'Carro' })).toBeInTheDocument();
    expect(await screen.findByText('2 Productos')).toBeInTheDocument();

    const poleraLine = lineOf('Polera Dry Fit Deportiva talla M');
    expect(within(poleraLine).getByRole('link', { name: 'Polera Dry Fit Deportiva' })).toHaveAttribute('href', '/user/product-detail/POL-1003');
    expect(within(poleraLine).getByText('Talla M · POL-1003-M')).toBeInTheDocument();
    expect(within(poleraLine).getByRole('presentation')).toHaveAttribute('src', '/files/products/POL-1003-1.jpg');
    expect(valueOf(poleraLine, 'P. Lista')).toHaveTextContent(/^\$9\.990$/);
    expect(valueOf(poleraLine, 'P. Oferta')).toHaveTextContent(/^-$/);
    // 9990 less 4 % loyalty = 9590.4 → $9.590; 2 units → $19.180
    expect(valueOf(poleraLine, 'P. Distrib.')).toHaveTextContent(/^\$9\.590$/);
    expect(valueOf(poleraLine, 'Total')).toHaveTextContent(/^\$19\.180$/);
    expect(within(poleraLine).getByRole('spinbutton', { name: 'Cantidad Polera Dry Fit Deportiva talla M' })).toHaveValue(2);

    const chaquetaLine = lineOf('Chaqueta Cortaviento talla L');
    expect(valueOf(chaquetaLine, 'P. Lista')).toHaveTextContent(/^\$24\.990$/);
    expect(valueOf(chaquetaLine, 'P. Oferta')).toHaveTextContent(/^\$19\.992$/);
    // 24990 × 0.96 × 0.80 = 19192.32 → $19.192
    expect(valueOf(chaquetaLine, 'P. Distrib.')).toHaveTextContent(/^\$19\.192$/);
    expect(valueOf(chaquetaLine, 'Total')).toHaveTextContent(/^\$19\.192$/);
    // the lines' prices are plus VAT (spec: every price)
    expect(screen.getByText('Todos los precios son más I. V. A.')).toBeInTheDocument();

    const resumen = summary();
    expect(valueOf(resumen, 'Productos (2)')).toHaveTextContent(/^\$44\.970$/);
    expect(valueOf(resumen, 'Descuento oferta')).toHaveTextContent(/^-\$4\.998$/);
    expect(valueOf(resumen, 'Descuento fidelización (4%)')).toHaveTextContent(/^-\$1\.600$/);
    expect(valueOf(resumen, 'Subtotal')).toHaveTextContent(/^\$38\.372$/);
    // 38372 × 19 % = 7290.68 → $7.291
    expect(valueOf(resumen, 'IVA (19%)')).toHaveTextContent(/^\$7\.291$/);
    expect(valueOf(resumen, 'Total')).toHaveTextContent(/^\$45\.663$/);
    expect(within(resumen).getByRole('button', { name: 'Continuar la compra' })).toBeEnabled();
    expect(within(resumen).getByRole('button', { name: 'Realizar Reserva' })).toBeEnabled();
  });

  it("one line: '1 Producto'", async () => {
    fakeCartApi([chaqueta]);
    renderCart();
    expect(await screen.findByText('1 Producto')).toBeInTheDocument();
    expect(valueOf(summary(), 'Productos (1)')).toHaveTextContent(/^\$24\.990$/);
  });

  it('shows a loading indicator while the cart is read', async () => {
    fakeCartApi([polera], { 'GET /api/user/cart/find-by-userid/12': pending });
    renderCart();
    expect(await screen.findByRole('progressbar', { name: 'Cargando carro' })).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Productos del carro' })).not.toBeInTheDocument();
  });

  it('an empty cart says so and both buttons are disabled', async () => {
    fakeCartApi([]);
    renderCart();
    expect(await screen.findByText('El carro está vacío')).toBeInTheDocument();
    expect(screen.getByText('0 Productos')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Continuar la compra' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Realizar Reserva' })).toBeDisabled();
  });

  it('a failed read shows the server message and can be retried', async () => {
    let fail = true;
    fakeCartApi([polera], {
      'GET /api/user/cart/find-by-userid/12': () => (fail ? json(503, { status: 503, message: 'Servicio no disponible' }) : json(200, { items: [polera], totals: null })),
    });
    const { user } = renderCart();
    expect(await screen.findByRole('alert')).toHaveTextContent('Servicio no disponible');
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByText('1 Producto')).toBeInTheDocument();
    // without the server totals the summary is worked out from the lines: 2 × $9.590
    expect(valueOf(summary(), 'Subtotal')).toHaveTextContent(/^\$19\.180$/);
  });

  it('the ERP down: one alert in plain Spanish with its retry, and no $0 summary that would say the cart is empty', async () => {
    let down = true;
    fakeCartApi([polera], {
      'GET /api/user/cart/find-by-userid/12': () =>
        down ? json(503, { status: 503, message: 'El ERP no está disponible', code: 'ERP_UNAVAILABLE' }) : json(200, cartOf([polera])),
    });
    const { user } = renderCart();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(
      'No pudimos mostrar tu carro: el ERP, nuestro sistema de stock y precios, no responde en este momento. No se perdió nada: tus productos siguen guardados en el carro. Reintenta en unos minutos.',
    );
    expect(screen.getAllByRole('alert')).toHaveLength(1);
    expect(screen.queryByRole('region', { name: 'Resumen de la compra' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Continuar la compra' })).not.toBeInTheDocument();
    down = false;
    await user.click(within(alert).getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByText('1 Producto')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Continuar la compra' })).toBeEnabled();
  });

  it('plus sends the new quantity; line and summary follow the server', async () => {
    const fetchMock = fakeCartApi();
    const { user } = renderCart();
    await screen.findByText('2 Productos');
    await user.click(screen.getByRole('button', { name: 'Sumar una unidad de Polera Dry Fit Deportiva talla M' }));
    await waitFor(() => expect(valueOf(lineOf('Polera Dry Fit Deportiva talla M'), 'Total')).toHaveTextContent(/^\$28\.770$/));
    const [[, init]] = callsTo(fetchMock, 'PUT', '/api/user/cart');
    expect(JSON.parse(String(init?.body))).toEqual({ id: 101, quantity: 3 });
    await waitFor(() => expect(valueOf(summary(), 'Subtotal')).toHaveTextContent(/^\$47\.962$/));
    expect(valueOf(summary(), 'Total')).toHaveTextContent(/^\$57\.075$/);
  });

  it('minus never goes below 1, plus never above the stock (held there: still a Tab stop, unavailable, does nothing)', async () => {
    const fetchMock = fakeCartApi([chaqueta, { ...polera, quantity: 12 }]);
    const { user } = renderCart();
    await screen.findByText('2 Productos');
    const minusAtOne = screen.getByRole('button', { name: 'Restar una unidad de Chaqueta Cortaviento talla L' });
    const plusAtStock = screen.getByRole('button', { name: 'Sumar una unidad de Polera Dry Fit Deportiva talla M' });
    for (const held of [minusAtOne, plusAtStock]) {
      expect(held).toHaveAttribute('aria-disabled', 'true');
      expect(held).toHaveClass('Mui-disabled'); // MUI's disabled look
      expect(held).toBeEnabled(); // not `disabled`: it keeps the focus
    }
    expect(screen.getByRole('button', { name: 'Sumar una unidad de Chaqueta Cortaviento talla L' })).not.toHaveAttribute('aria-disabled');
    expect(screen.getByRole('button', { name: 'Restar una unidad de Polera Dry Fit Deportiva talla M' })).not.toHaveAttribute('aria-disabled');
    minusAtOne.focus();
    await user.keyboard('{Enter}');
    plusAtStock.focus();
    await user.keyboard('{Enter}');
    expect(callsTo(fetchMock, 'PUT', '/api/user/cart')).toHaveLength(0);
  });

  it('Enter on plus keeps the focus on it while the change saves (held, ignored), so Enter again steps once more', async () => {
    let answer: (() => void) | null = null;
    const fetchMock = fakeCartApi([chaqueta, polera]);
    const putCart = fetchMock.getMockImplementation()!;
    // the first PUT waits until the test lets it through
    fetchMock.mockImplementation((url, init) =>
      init?.method === 'PUT' && callsTo(fetchMock, 'PUT', '/api/user/cart').length === 1
        ? new Promise((resolve) => (answer = () => resolve(putCart(url, init))))
        : putCart(url, init),
    );
    const { user } = renderCart();
    await screen.findByText('2 Productos');
    const plus = screen.getByRole('button', { name: 'Sumar una unidad de Chaqueta Cortaviento talla L' });
    plus.focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(plus).toHaveAttribute('aria-disabled', 'true'));
    expect(document.activeElement).toBe(plus);
    await user.keyboard('{Enter}'); // while saving: ignored
    expect(callsTo(fetchMock, 'PUT', '/api/user/cart')).toHaveLength(1);
    answer!();
    await waitFor(() => expect(screen.getByRole('spinbutton', { name: 'Cantidad Chaqueta Cortaviento talla L' })).toHaveValue(2));
    await waitFor(() => expect(plus).not.toHaveAttribute('aria-disabled'));
    expect(document.activeElement).toBe(plus);
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.getByRole('spinbutton', { name: 'Cantidad Chaqueta Cortaviento talla L' })).toHaveValue(3));
    expect(JSON.parse(String(callsTo(fetchMock, 'PUT', '/api/user/cart')[1][1]?.body))).toEqual({ id: 102, quantity: 3 });
    // at the stock (3) it is held, and still has the focus
    await waitFor(() => expect(plus).toHaveAttribute('aria-disabled', 'true'));
    expect(document.activeElement).toBe(plus);
  });

  it("deleting a line hands the focus to the next line's trash button, else the previous one's, else the heading", async () => {
    const third = line({ ...polera, id: 103, sku: 'POL-1003-S', size: 'S', quantity: 1 });
    fakeCartApi([polera, chaqueta, third]);
    const { user } = renderCart();
    await screen.findByText('3 Productos');
    const trash = (name: string) => screen.getByRole('button', { name: `Eliminar ${name}` });
    trash('Polera Dry Fit Deportiva talla M').focus();
    await user.keyboard('{Enter}');
    await screen.findByText('2 Productos');
    await waitFor(() => expect(document.activeElement).toBe(trash('Chaqueta Cortaviento talla L'))); // the next line
    trash('Polera Dry Fit Deportiva talla S').focus();
    await user.keyboard('{Enter}');
    await screen.findByText('1 Producto');
    await waitFor(() => expect(document.activeElement).toBe(trash('Chaqueta Cortaviento talla L'))); // the last went: the one before
    await user.keyboard('{Enter}');
    await screen.findByText('0 Productos');
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('heading', { level: 1, name: 'Carro' })));
  });

  it('the quantity input clamps to 1..stock (above it, saying so as the product page does) and is sent when left', async () => {
    const fetchMock = fakeCartApi();
    const { user } = renderCart();
    await screen.findByText('2 Productos');
    const input = screen.getByRole('spinbutton', { name: 'Cantidad Chaqueta Cortaviento talla L' });
    expect(input).toHaveAttribute('min', '1');
    expect(input).toHaveAttribute('max', '3');
    await user.clear(input);
    await user.type(input, '9');
    expect(input).toHaveValue(3);
    expect(await screen.findByText('Un producto excede es mayor al stock')).toBeInTheDocument();
    await user.tab();
    await waitFor(() => expect(callsTo(fetchMock, 'PUT', '/api/user/cart')).toHaveLength(1));
    expect(JSON.parse(String(callsTo(fetchMock, 'PUT', '/api/user/cart')[0][1]?.body))).toEqual({ id: 102, quantity: 3 });

    const polerasInput = screen.getByRole('spinbutton', { name: 'Cantidad Polera Dry Fit Deportiva talla M' });
    await user.clear(polerasInput);
    await user.type(polerasInput, '0{Enter}');
    await waitFor(() => expect(callsTo(fetchMock, 'PUT', '/api/user/cart')).toHaveLength(2));
    expect(JSON.parse(String(callsTo(fetchMock, 'PUT', '/api/user/cart')[1][1]?.body))).toEqual({ id: 101, quantity: 1 });
  });

  it('a refused quantity shows the server message and the line keeps what the server holds', async () => {
    fakeCartApi([polera, chaqueta], {
      'PUT /api/user/cart': () => json(400, { status: 400, message: 'No hay stock suficiente de Chaqueta Cortaviento talla L: disponible 3' }),
    });
    const { user } = renderCart();
    await screen.findByText('2 Productos');
    await user.click(screen.getByRole('button', { name: 'Sumar una unidad de Chaqueta Cortaviento talla L' }));
    expect(await screen.findByText('No hay stock suficiente de Chaqueta Cortaviento talla L: disponible 3')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('spinbutton', { name: 'Cantidad Chaqueta Cortaviento talla L' })).toHaveValue(1));
  });

  it('the delete icon removes the line, the badge goes down by one and the summary is read again', async () => {
    const fetchMock = fakeCartApi();
    const { user, store } = renderCart();
    await screen.findByText('2 Productos');
    await waitFor(() => expect(badge()).toHaveTextContent('2'));
    await user.click(screen.getByRole('button', { name: 'Eliminar Polera Dry Fit Deportiva talla M' }));
    expect(await screen.findByText('1 Producto')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'DELETE', '/api/user/cart/101')).toHaveLength(1);
    expect(store.getState().cart.count).toBe(1);
    expect(badge()).toHaveTextContent('1');
    expect(screen.queryByRole('listitem', { name: 'Polera Dry Fit Deportiva talla M' })).not.toBeInTheDocument();
    await waitFor(() => expect(valueOf(summary(), 'Subtotal')).toHaveTextContent(/^\$19\.192$/));
    // the badge was read once, when the icon appeared; the deletion only counts down
    expect(callsTo(fetchMock, 'GET', '/api/user/cart/count-cart/12')).toHaveLength(1);
  });

  it('a size the ERP no longer sells says so, can only be removed, and holds back both buttons', async () => {
    const gone = { ...line({ ...chaqueta, price: 0 }), stock: 0, unavailable: true };
    const fetchMock = fakeCartApi([polera, gone], {
      'GET /api/user/cart/find-by-userid/12': () => json(200, { items: [polera, gone], totals: cartOf([polera]).totals }),
    });
    const { user } = renderCart();
    await screen.findByText('2 Productos');
    const goneLine = lineOf('Chaqueta Cortaviento talla L');
    expect(goneLine).toHaveTextContent('El producto CHA-2001-L ya no está disponible');
    expect(within(goneLine).getByRole('spinbutton')).toBeDisabled();
    // no Tab stops: the line can only be removed
    expect(within(goneLine).getByRole('button', { name: 'Sumar una unidad de Chaqueta Cortaviento talla L' })).toBeDisabled();
    expect(within(goneLine).getByRole('button', { name: 'Restar una unidad de Chaqueta Cortaviento talla L' })).toBeDisabled();
    expect(valueOf(summary(), 'Subtotal')).toHaveTextContent(/^\$19\.180$/);
    expect(screen.getByRole('button', { name: 'Continuar la compra' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Realizar Reserva' })).toBeDisabled();

    await user.click(within(goneLine).getByRole('button', { name: 'Eliminar Chaqueta Cortaviento talla L' }));
    await waitFor(() => expect(callsTo(fetchMock, 'DELETE', '/api/user/cart/102')).toHaveLength(1));
  });

  it("'Realizar Reserva' sets the reserve marker X and goes to the order summary", async () => {
    fakeCartApi();
    const { user, router } = renderCart();
    await screen.findByText('2 Productos');
    await user.click(screen.getByRole('button', { name: 'Realizar Reserva' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/user/sumary-order'));
    expect(sessionStorage.getItem('reserve')).toBe('X');
  });

  it("'Continuar la compra' clears the reserve marker and goes to the order summary", async () => {
    sessionStorage.setItem('reserve', 'X');
    fakeCartApi();
    const { user, router } = renderCart();
    await screen.findByText('2 Productos');
    await user.click(screen.getByRole('button', { name: 'Continuar la compra' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/user/sumary-order'));
    expect(sessionStorage.getItem('reserve')).toBeNull();
  });
});

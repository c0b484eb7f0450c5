import { screen, waitFor, within } from '@testing-library/react';
// the whole store: every feature's slice (and saga) joins the root reducer, as the scenario runner does
import '@client/app/allFeatures';
import type { StockAlert } from '@shared/api/stockAlerts';
import { STOCK_ALERT_MSG } from '@shared/schemas/stockAlerts';
import { callsTo, mockFetch } from '../fetchMock';
import { detail, content } from '../product/fixtures';
import { pacifico, countries, regions } from '../profile/fixtures';
import { renderWithProviders, sessionOf } from '../renderWithProviders';
import { asPhone } from '../viewport';

// 'Avísame cuando llegue' (docs/stock-alerts.md) as the buyer uses it: a size at 0 of the product detail, and the
// profile's 'Avisos de stock' with a confirmed 'Quitar'; at 375 px as on a phone.

beforeEach(() => {
  document.cookie = 'XSRF-TOKEN=test-xsrf; path=/';
});

const alert: StockAlert = {
  id: 7, sku: 'POL-1003-L', style: 'POL-1003', name: 'Polera Dry Fit Deportiva Azul Marino', colour: 'Azul Marino', size: 'L', price: 9590,
  state: 'WAITING', createdAt: '2026-11-29T12:00:00.000Z', expiresAt: '2027-02-27T12:00:00.000Z', notifiedAt: null,
};

let restore: () => void;
beforeEach(() => {
  restore = asPhone();
});
afterEach(() => restore());

describe('the product detail', () => {
  it('a size at 0 offers Avísame cuando llegue; pressed, it subscribes and says Te avisaremos', async () => {
    const fetchMock = mockFetch({
      'GET /user/b1/products-detail/POL-1003': detail,
      'GET /user/cart/count-cart/12': 0,
      'GET /user/products/POL-1003': content,
      'GET /user/stock-alerts': { alerts: [] },
      'POST /user/stock-alerts': { alert, message: 'Te avisaremos por correo cuando la talla L vuelva a tener stock' },
    });
    const { user } = renderWithProviders({ route: '/user/product-detail/POL-1003', preloadedState: { session: sessionOf('USER') } });
    const table = await screen.findByRole('table', { name: 'Tallas disponibles' });
    const rows = within(table).getAllByRole('row');
    // S has stock: no alert; L has none
    expect(within(rows[1]!).queryByRole('button', { name: /Avísame/ })).not.toBeInTheDocument();
    const button = await within(rows[3]!).findByRole('button', { name: 'Avísame cuando llegue la talla L de Polera Dry Fit Deportiva' });
    button.focus();
    await user.keyboard('{Enter}');
    expect(await within(rows[3]!).findByText(STOCK_ALERT_MSG.subscribed)).toBeInTheDocument();
    const [[, init]] = callsTo(fetchMock, 'POST /user/stock-alerts');
    expect(JSON.parse(String(init.body))).toEqual({ sku: 'POL-1003-L' });
    expect(await screen.findByText('Te avisaremos por correo cuando la talla L vuelva a tener stock')).toBeInTheDocument();
  });

  it('the colour × size grid: a cell at 0 offers it too, by keyboard', async () => {
    const rojo = { sku: 'POL-1004-S', talla: 'S', stock: 3, preciolista: 9990, precioOferta: 0, descuento: 0, descripcion: 'Polera Dry Fit S' };
    const twoColours = {
      ...detail,
      colores: [
        { sku: 'POL-1003', color: 'Azul Marino', precio: 9990, precioOferta: 0, descuento: 0, relacionados: detail.relacionados },
        { sku: 'POL-1004', color: 'Rojo', precio: 9990, precioOferta: 0, descuento: 0, relacionados: [rojo] },
      ],
    };
    const fetchMock = mockFetch({
      'GET /user/b1/products-detail/POL-1003': twoColours,
      'GET /user/cart/count-cart/12': 0,
      'GET /user/products/POL-1003': content,
      'GET /user/curves': { curves: [], defaults: [] },
      'GET /user/stock-alerts': { alerts: [] },
      'POST /user/stock-alerts': { alert, message: 'Te avisaremos por correo cuando la talla L vuelva a tener stock' },
    });
    const { user } = renderWithProviders({ route: '/user/product-detail/POL-1003', preloadedState: { session: sessionOf('USER') } });
    await user.click(await screen.findByRole('button', { name: 'Por color y talla' }));
    // on a phone one colour at a time: Azul Marino first
    const grid = await screen.findByRole('table', { name: 'Cantidades por color y talla: Azul Marino' });
    const buttons = await within(grid).findAllByRole('button', { name: /^Avísame cuando llegue la talla / });
    expect(buttons).toHaveLength(1); // only L of Azul Marino is at 0
    expect(buttons[0]).toHaveAccessibleName(/^Avísame cuando llegue la talla L de .*Azul Marino/);
    buttons[0]!.focus();
    await user.keyboard(' ');
    expect(await within(grid).findByText(STOCK_ALERT_MSG.subscribed)).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST /user/stock-alerts')).toHaveLength(1);
  });

  it.each([
    ['waits for', alert],
    // mailed once and sold out again before the watcher's next pass: it still watches
    ['was mailed about (the alert keeps watching)', { ...alert, state: 'NOTIFIED' as const, notifiedAt: '2026-12-03T13:00:00.000Z' }],
  ])('a size the buyer %s already says Te avisaremos from the start', async (_, watching) => {
    mockFetch({
      'GET /user/b1/products-detail/POL-1003': detail,
      'GET /user/cart/count-cart/12': 0,
      'GET /user/products/POL-1003': content,
      'GET /user/stock-alerts': { alerts: [watching] },
    });
    renderWithProviders({ route: '/user/product-detail/POL-1003', preloadedState: { session: sessionOf('USER') } });
    const table = await screen.findByRole('table', { name: 'Tallas disponibles' });
    expect(await within(within(table).getAllByRole('row')[3]!).findByText(STOCK_ALERT_MSG.subscribed)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Avísame/ })).not.toBeInTheDocument();
  });
});

describe("the profile's Avisos de stock", () => {
  it('lists the alerts with price and expiry; Quitar asks first, then removes it', async () => {
    const fetchMock = mockFetch({
      'GET /user/b1/region': regions,
      'GET /user/cart/count-cart/12': 0,
      'GET /user/b1/pais': countries,
      'GET /user/b1/profile/12': pacifico,
      'GET /user/stock-alerts': { alerts: [alert] },
      'DELETE /user/stock-alerts/7': { message: STOCK_ALERT_MSG.removed },
    });
    const { user } = renderWithProviders({ route: '/profile', preloadedState: { session: sessionOf('USER', pacifico, 'COMPRADOR') } });
    const section = await screen.findByRole('region', { name: STOCK_ALERT_MSG.sectionTitle });
    const item = await within(section).findByText(/Polera Dry Fit Deportiva Azul Marino · Talla L/);
    expect(item.parentElement).toHaveTextContent('Tu precio: $9.590 · Esperando stock · Vence 27-02-2027');
    await user.click(within(section).getByRole('button', { name: 'Quitar el aviso de Polera Dry Fit Deportiva Azul Marino talla L' }));
    const dialog = await screen.findByRole('dialog', { name: '¿Quitar el aviso de Polera Dry Fit Deportiva Azul Marino talla L?' });
    await user.click(within(dialog).getByRole('button', { name: 'Quitar' }));
    expect(await within(section).findByText(STOCK_ALERT_MSG.empty)).toBeInTheDocument();
    await waitFor(() => expect(callsTo(fetchMock, 'DELETE /user/stock-alerts/7')).toHaveLength(1));
  });

  it('says each state in Spanish: waiting, mailed and still watching, waiting again after a mail, expired', async () => {
    const notifiedAt = '2026-12-03T13:00:00.000Z';
    const alerts: StockAlert[] = [
      { ...alert, id: 1, sku: 'A-1', name: 'Esperando', size: 'S' },
      { ...alert, id: 2, sku: 'A-2', name: 'Avisado', size: 'M', state: 'NOTIFIED', notifiedAt },
      { ...alert, id: 3, sku: 'A-3', name: 'Otra vez', size: 'L', state: 'WAITING', notifiedAt },
      { ...alert, id: 4, sku: 'A-4', name: 'Vencido', size: 'XL', state: 'EXPIRED' },
    ];
    mockFetch({ 'GET /user/b1/region': regions, 'GET /user/cart/count-cart/12': 0, 'GET /user/b1/pais': countries, 'GET /user/b1/profile/12': pacifico, 'GET /user/stock-alerts': { alerts } });
    renderWithProviders({ route: '/profile', preloadedState: { session: sessionOf('USER', pacifico, 'COMPRADOR') } });
    const section = await screen.findByRole('region', { name: STOCK_ALERT_MSG.sectionTitle });
    const line = async (name: string) => (await within(section).findByText(new RegExp(`^${name} · Talla`))).parentElement!;
    expect(await line('Esperando')).toHaveTextContent('· Esperando stock ·');
    expect(await line('Avisado')).toHaveTextContent('· Avisado el 03-12-2026 (seguimos atentos si se agota) ·');
    expect(await line('Otra vez')).toHaveTextContent('· Esperando stock (te avisamos el 03-12-2026; se volvió a agotar) ·');
    expect(await line('Vencido')).toHaveTextContent('· Vencido ·');
  });

  it('a person whose role does not buy has no such section', async () => {
    mockFetch({ 'GET /user/b1/region': regions, 'GET /user/b1/pais': countries, 'GET /user/stock-alerts': { alerts: [alert] } });
    renderWithProviders({ route: '/profile', preloadedState: { session: sessionOf('USER', pacifico, 'FINANZAS') } });
    expect(await screen.findByRole('heading', { level: 1, name: 'Información Usuario' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: STOCK_ALERT_MSG.sectionTitle })).not.toBeInTheDocument();
  });
});

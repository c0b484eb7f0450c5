import { screen, waitFor, within } from '@testing-library/react';
import type { CartBulkResponse } from '@shared/api/cart';
import type { ProductDetail } from '@shared/api/erp';
// the whole store: every feature's slice (and saga) joins the root reducer, as the scenario runner does
import '@client/app/allFeatures';
import type { ProductViewer } from '@client/features/product/ProductDetailScreen';
import { PRODUCT_TEXT } from '@client/features/product/texts';
import { mockApi } from '../home/mockApi';
import { ARRIVES, eachTestOnToday, LATER } from '../incomingFixtures';
import { content, detail } from './fixtures';
import { buyer, renderDetail } from './renderDetail';

// Stock por llegar on the product detail (docs/incoming.md): what arrives per size, and 'Pedir por llegar' on a size
// without stock, added once through the cart saga's keyed bulk add.

const route = '/user/product-detail/POL-1003';
const arriving = { ...detail.relacionados[2]!, porLlegar: [{ fecha: ARRIVES, cantidad: 40 }, { fecha: LATER, cantidad: 20 }] };
const withIncoming: ProductDetail = {
  ...detail,
  estilo: 'POL-1003',
  color: 'Azul Marino',
  relacionados: [{ ...detail.relacionados[0]!, porLlegar: [{ fecha: LATER, cantidad: 120 }] }, detail.relacionados[1]!, arriving],
};
withIncoming.colores = [{ sku: 'POL-1003', color: 'Azul Marino', precio: 9990, precioOferta: 0, descuento: 0, relacionados: withIncoming.relacionados }];
const added: CartBulkResponse = {
  lines: [
    {
      sku: 'POL-1003-L',
      requested: 25,
      quantity: 25,
      status: 'added',
      item: {
        id: 7, sku: 'POL-1003-L', style: 'POL-1003', name: 'Polera Dry Fit Deportiva', size: 'L', quantity: 25, price: 9990, stock: 60, urlImageMain: '', offer: false,
        percentageOffer: 0, percentageLoyalty: 0, userId: 1, priceList: 9990, priceOffer: 9990, priceFinalUnit: 9990, priceFinal: 249750, priceDiscount: 0, descLinea: 0,
        porLlegar: true, llegada: LATER,
      },
    },
  ],
  added: 1,
  clamped: 0,
  rejected: 0,
  count: 1,
  message: '1 de 1 productos agregados al carro',
};
const api = () =>
  mockApi({
    '/user/b1/products-detail/POL-1003': withIncoming,
    '/user/products/POL-1003': content,
    '/user/curves': { curves: [], defaults: [] },
    '/user/cart/bulk': added,
    '/user/cart/count-cart/1': 1,
    '/user/cart/find-by-userid/1': { items: [], totals: {} },
  });
const renderScreen = (viewer: ProductViewer = buyer) => renderDetail(route, viewer);

eachTestOnToday();

describe('stock por llegar on the product detail', () => {
  it('each size says what arrives, one line per date; a size without stock offers pre-order instead of its quantity', async () => {
    api();
    renderScreen();
    const table = await screen.findByRole('table', { name: 'Tallas disponibles' });
    const rows = within(table).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('Llegan 120 el 3-feb');
    expect(rows[3]).toHaveTextContent('Llegan 40 el 15-ene');
    expect(rows[3]).toHaveTextContent('Llegan 20 el 3-feb');
    // S has stock: its quantity stays; L has none: 'Pedir por llegar'
    expect(within(rows[1]!).getByRole('spinbutton', { name: 'Cantidad talla S' })).toBeEnabled();
    expect(within(rows[1]!).queryByRole('button', { name: /Pedir por llegar/ })).not.toBeInTheDocument();
    expect(within(rows[3]!).getByRole('button', { name: 'Pedir por llegar Polera Dry Fit Deportiva talla L' })).toBeInTheDocument();
    expect(within(rows[3]!).queryByRole('spinbutton')).not.toBeInTheDocument();
  });

  it("'Pedir por llegar' caps the quantity at what arrives and adds it once as a pre-order (porLlegar, Idempotency-Key)", async () => {
    const fetchMock = api();
    const { user, store } = renderScreen();
    await user.click(await screen.findByRole('button', { name: 'Pedir por llegar Polera Dry Fit Deportiva talla L' }));
    const dialog = screen.getByRole('dialog', { name: 'Pedir por llegar: Polera Dry Fit Deportiva talla L' });
    expect(within(dialog).getByText('Llegan 40 el 15-ene')).toBeInTheDocument();
    expect(within(dialog).getByText('Hasta 60 unidades')).toBeInTheDocument();
    const input = within(dialog).getByRole('textbox', { name: 'Cantidad por llegar' });
    expect(input).toHaveFocus();
    await user.type(input, '75');
    expect(input).toHaveValue('60');
    expect(within(dialog).getByText('Solo llegan 60 unidades de esta talla')).toBeInTheDocument();
    await user.clear(input);
    await user.type(input, '25{Enter}');

    expect(await screen.findByText('Se agregaron 25 por llegar de Polera Dry Fit Deportiva talla L (llegan el 3-feb)')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: /Pedir por llegar/ })).not.toBeInTheDocument());
    const posts = fetchMock.mock.calls.filter(([url]) => String(url).endsWith('/user/cart/bulk'));
    expect(posts).toHaveLength(1);
    const init = (posts[0] as unknown[])[1] as RequestInit;
    expect(JSON.parse(String(init.body))).toEqual({ items: [{ sku: 'POL-1003-L', quantity: 25, porLlegar: true }], clampToStock: true });
    expect(new Headers(init.headers).get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);
    expect(store.getState().cart.preorderAttempt).toBeNull();
  });

  it("'Cancelar' closes the dialog without adding", async () => {
    const fetchMock = api();
    const { user } = renderScreen();
    await user.click(await screen.findByRole('button', { name: 'Pedir por llegar Polera Dry Fit Deportiva talla L' }));
    await user.click(screen.getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(fetchMock.mock.calls.some(([url]) => String(url).endsWith('/user/cart/bulk'))).toBe(false);
  });

  it('a visitor is asked to log in before a pre-order', async () => {
    api();
    const { user } = renderScreen({ ...buyer, loggedIn: false });
    await user.click(await screen.findByRole('button', { name: 'Pedir por llegar Polera Dry Fit Deportiva talla L' }));
    expect(screen.getByRole('dialog', { name: PRODUCT_TEXT.loginRequiredTitle })).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: /^Pedir por llegar/ })).not.toBeInTheDocument();
  });

  it('the grid: a second line per cell with the first arrival; a cell without stock offers pre-order, its quantity stays on hand only', async () => {
    api();
    const { user } = renderScreen();
    await screen.findByRole('heading', { level: 1, name: 'Polera Dry Fit Deportiva' });
    await user.click(screen.getByRole('button', { name: 'Por color y talla' }));
    const grid = await screen.findByRole('table', { name: 'Cantidades por color y talla' });
    expect(grid.querySelector('[data-incoming-cell="POL-1003-S"]')).toHaveTextContent('llegan 120 · 3-feb');
    expect(grid.querySelector('[data-incoming-cell="POL-1003-L"]')).toHaveTextContent('llegan 40 · 15-ene');
    expect(grid.querySelector('[data-incoming-cell="POL-1003-M"]')).toBeNull();
    expect(screen.getByRole('textbox', { name: /^Azul Marino, talla L, stock 0/ })).toBeDisabled();
    // keyboard: the action is a button, reached with Tab and pressed with Enter
    const action = within(grid).getByRole('button', { name: 'Pedir por llegar Azul Marino talla L' });
    action.focus();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('dialog', { name: 'Pedir por llegar: Azul Marino talla L' })).toBeInTheDocument();
  });
});

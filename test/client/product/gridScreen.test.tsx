import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type userEvent from '@testing-library/user-event';
import type { CartBulkResponse } from '@shared/api/cart';
import type { SizeCurveList } from '@shared/api/curves';
import type { ProductDetail } from '@shared/api/erp';
import { DEFAULT_CURVES } from '@shared/curves';
// the whole store: every feature's slice (and saga) joins the root reducer, as the scenario runner does
import '@client/app/allFeatures';
import type { ProductViewer } from '@client/features/product/ProductDetailScreen';
import { gridAddRequested } from '@client/features/product/productSlice';
import { asPhone } from '../adminCatalog/fixtures';
import { mockApi } from '../home/mockApi';
import { content, detail } from './fixtures';
import { buyer, renderDetail } from './renderDetail';

// The colour × size grid of the product detail (docs/size-grid.md).

const route = '/user/product-detail/POL-1003';
const v = (sku: string, talla: string, stock: number, preciolista = 9990) => ({ sku, talla, stock, preciolista, precioOferta: 0, descuento: 0, descripcion: sku });
/** POL-1003 Azul Marino (S 5, M 12, L 0) and POL-1004 Rojo (S 10, M 2, L 8, XL 6), one model. */
const twoColours: ProductDetail = {
  ...detail,
  estilo: 'POL-1003',
  color: 'Azul Marino',
  colores: [
    { sku: 'POL-1003', color: 'Azul Marino', precio: 9990, precioOferta: 0, descuento: 0, relacionados: detail.relacionados },
    {
      sku: 'POL-1004',
      color: 'Rojo',
      precio: 10990,
      precioOferta: 8792,
      descuento: 20,
      relacionados: [v('POL-1004-S', 'S', 10, 10990), v('POL-1004-M', 'M', 2, 10990), v('POL-1004-L', 'L', 8, 10990), v('POL-1004-XL', 'XL', 6, 10990)].map((x) => ({ ...x, precioOferta: 8792, descuento: 20 })),
    },
  ],
};
const curves: SizeCurveList = { curves: [{ id: 4, name: 'Mi curva', sizes: [{ talla: 'S', ratio: 1 }, { talla: 'M', ratio: 1 }], updatedAt: '2026-11-01T00:00:00.000Z' }], defaults: [...DEFAULT_CURVES] };
const bulkOk: CartBulkResponse = {
  lines: [
    { sku: 'POL-1003-S', requested: 1, quantity: 1, status: 'added' },
    { sku: 'POL-1004-M', requested: 2, quantity: 2, status: 'added' },
  ],
  added: 2,
  clamped: 0,
  rejected: 0,
  count: 2,
  message: '2 de 2 productos agregados al carro',
};
const api = (product: ProductDetail = twoColours) =>
  mockApi({
    '/user/b1/products-detail/POL-1003': product,
    '/user/products/POL-1003': content,
    '/user/curves': curves,
    '/user/cart/bulk': bulkOk,
    '/user/cart/count-cart/1': 2,
    '/user/cart/find-by-userid/1': { items: [], totals: {} },
  });
const renderScreen = (viewer: ProductViewer = buyer) => renderDetail(route, viewer);

const cell = (color: string, talla: string) => screen.getByRole('textbox', { name: new RegExp(`^${color}, talla ${talla}, stock`) });
const openGrid = async (user: ReturnType<typeof userEvent.setup>) => {
  await screen.findByRole('heading', { level: 1, name: 'Polera Dry Fit Deportiva' });
  await user.click(screen.getByRole('button', { name: 'Por color y talla' }));
  return screen.findByRole('table', { name: 'Cantidades por color y talla' });
};

describe('the colour × size grid', () => {
  it('keeps the spec sizes table first, and shows colours as rows and sizes as columns with stock, price and totals', async () => {
    const fetchMock = api();
    const { user } = renderScreen();
    await screen.findByRole('heading', { level: 1, name: 'Polera Dry Fit Deportiva' });
    expect(screen.getByRole('table', { name: 'Tallas disponibles' })).toBeInTheDocument();
    const table = await openGrid(user);
    expect(screen.queryByRole('table', { name: 'Tallas disponibles' })).not.toBeInTheDocument();
    const headers = within(table).getAllByRole('columnheader').map((h) => h.textContent);
    expect(headers).toEqual(['Color', 'Tu precio', 'Curvas', 'S', 'M', 'L', 'XL', 'Total', 'Monto']);
    const rows = within(table).getAllByRole('row');
    expect(within(rows[1]!).getByRole('rowheader')).toHaveTextContent('Azul MarinoPOL-1003');
    expect(rows[1]).toHaveTextContent('$9.990');
    // Rojo: 10990 less the 20 % offer
    expect(rows[2]).toHaveTextContent('$8.792');
    // Azul Marino has no XL; L without stock cannot be typed in
    expect(within(rows[1]!).getByLabelText('No se fabrica en esta talla')).toBeInTheDocument();
    expect(cell('Azul Marino', 'L')).toBeDisabled();

    await user.type(cell('Azul Marino', 'S'), '2');
    await user.type(cell('Rojo', 'S'), '3');
    await user.type(cell('Rojo', 'M'), '1');
    expect(table.querySelector('[data-row-total="POL-1004"]')).toHaveTextContent('4');
    expect(table.querySelector('[data-col-total="S"]')).toHaveTextContent('5');
    expect(table.querySelector('[data-grid-total]')).toHaveTextContent('6');
    expect(screen.getByText('Total: 6 · $55.148')).toBeInTheDocument(); // 2 × 9990 + 4 × 8792
    // the buyer's curves were read once, for the picker
    expect(fetchMock.mock.calls.filter(([url]) => String(url).endsWith('/user/curves'))).toHaveLength(1);
  });

  it("clamps a cell to its stock with the spec's message, and below zero to 0", async () => {
    api();
    const { user } = renderScreen();
    await openGrid(user);
    await user.type(cell('Rojo', 'M'), '7');
    expect(cell('Rojo', 'M')).toHaveValue('2');
    expect(await screen.findByText('Un producto excede es mayor al stock')).toBeInTheDocument();
    fireEvent.change(cell('Rojo', 'S'), { target: { value: '-3' } });
    expect(cell('Rojo', 'S')).toHaveValue('0');
    expect(await screen.findByText('Un producto es menor a cero')).toBeInTheDocument();
  });

  it('arrows move between cells (skipping sizes a colour lacks) and typing replaces the number', async () => {
    api();
    const { user } = renderScreen();
    await openGrid(user);
    await user.click(cell('Azul Marino', 'S'));
    await user.keyboard('4');
    await user.keyboard('{ArrowRight}');
    expect(cell('Azul Marino', 'M')).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(cell('Rojo', 'M')).toHaveFocus();
    await user.keyboard('{ArrowRight}{ArrowRight}');
    expect(cell('Rojo', 'XL')).toHaveFocus();
    await user.keyboard('{ArrowUp}'); // Azul Marino has no XL: the focus stays
    expect(cell('Rojo', 'XL')).toHaveFocus();
    await user.keyboard('{ArrowLeft}{ArrowLeft}{ArrowLeft}{ArrowUp}');
    expect(cell('Azul Marino', 'S')).toHaveFocus();
    await user.keyboard('3'); // the 4 is selected on focus: typing replaces it
    expect(cell('Azul Marino', 'S')).toHaveValue('3');
  });

  // Before, a size without stock (its input disabled) stopped the arrows: focus() on it did nothing, so on a phone
  // Azul Marino's ArrowDown never got past an empty size to the ones below it.
  const rojoMSoldOut: ProductDetail = {
    ...twoColours,
    colores: twoColours.colores!.map((c) => (c.sku === 'POL-1004' ? { ...c, relacionados: c.relacionados.map((x) => (x.talla === 'M' ? { ...x, stock: 0 } : x)) } : c)),
  };

  it('arrows step over a size without stock (disabled) to the next cell that takes a number', async () => {
    api(rojoMSoldOut);
    const { user } = renderScreen();
    await openGrid(user);
    expect(cell('Rojo', 'M')).toBeDisabled();
    await user.click(cell('Rojo', 'S'));
    await user.keyboard('{ArrowRight}');
    expect(cell('Rojo', 'L')).toHaveFocus();
    await user.keyboard('{ArrowLeft}');
    expect(cell('Rojo', 'S')).toHaveFocus();
    await user.keyboard('{ArrowUp}');
    expect(cell('Azul Marino', 'S')).toHaveFocus();
    await user.keyboard('{ArrowRight}{ArrowRight}'); // L has no stock and there is no XL: the focus stays on M
    expect(cell('Azul Marino', 'M')).toHaveFocus();
  });

  it('on a phone too: ArrowDown steps over a size without stock', async () => {
    const restore = asPhone();
    try {
      api(rojoMSoldOut);
      const { user } = renderScreen();
      await screen.findByRole('heading', { level: 1, name: 'Polera Dry Fit Deportiva' });
      await user.click(screen.getByRole('button', { name: 'Por color y talla' }));
      const switcher = await screen.findByRole('group', { name: 'Color a mostrar' });
      await user.click(within(switcher).getByRole('button', { name: 'Rojo' }));
      await user.click(cell('Rojo', 'S'));
      await user.keyboard('{ArrowDown}');
      expect(cell('Rojo', 'L')).toHaveFocus();
      await user.keyboard('{ArrowDown}{ArrowUp}{ArrowUp}');
      expect(cell('Rojo', 'S')).toHaveFocus();
    } finally {
      restore();
    }
  });

  it('a curve and packs per colour fill the grid; cells short of stock are marked and summed up', async () => {
    api();
    const { user } = renderScreen();
    await openGrid(user);
    await user.click(screen.getByRole('combobox', { name: 'Curva' }));
    await user.click(await screen.findByRole('option', { name: /^Básica S a XL/ }));
    expect(screen.getByText('S:1 M:2 L:2 XL:1 · 6 unidades por curva')).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Curvas de Azul Marino' }), '2');
    await user.type(screen.getByRole('textbox', { name: 'Curvas de Rojo' }), '3');
    await user.click(screen.getByRole('button', { name: 'Aplicar curva' }));
    // Azul Marino: S 2, M 4, L 0 of 4 (no stock), no XL; Rojo: S 3, M 2 of 6, L 6, XL 3
    expect([cell('Azul Marino', 'S'), cell('Azul Marino', 'M'), cell('Rojo', 'S'), cell('Rojo', 'M'), cell('Rojo', 'L'), cell('Rojo', 'XL')].map((c) => (c as HTMLInputElement).value)).toEqual(['2', '4', '3', '2', '6', '3']);
    expect(cell('Rojo', 'M')).toHaveAttribute('aria-invalid', 'true');
    expect(cell('Rojo', 'S')).not.toHaveAttribute('aria-invalid');
    const summary = screen.getByText('No alcanzó el stock para toda la curva').closest('[role="status"]') as HTMLElement;
    expect(within(summary).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'Azul Marino talla L: 0 de 4 (stock 0)',
      'Azul Marino talla XL: no se fabrica en esta talla (faltan 2)',
      'Rojo talla M: 2 de 6 (stock 2)',
    ]);
    expect(await screen.findByText('Curva aplicada: 20 de 30 unidades; lo que falta no tiene stock')).toBeInTheDocument();
  });

  /** Básica S a XL, 2 packs of Azul Marino and 3 of Rojo: short of stock on three sizes (the test above). */
  const fillShort = async (user: ReturnType<typeof userEvent.setup>) => {
    await user.click(screen.getByRole('combobox', { name: 'Curva' }));
    await user.click(await screen.findByRole('option', { name: /^Básica S a XL/ }));
    await user.type(screen.getByRole('textbox', { name: 'Curvas de Azul Marino' }), '2');
    await user.type(screen.getByRole('textbox', { name: 'Curvas de Rojo' }), '3');
    await user.click(screen.getByRole('button', { name: 'Aplicar curva' }));
    expect(screen.getByText('No alcanzó el stock para toda la curva')).toBeInTheDocument();
    expect(cell('Rojo', 'M')).toHaveAttribute('aria-invalid', 'true');
  };

  it("after an add the cart took, the curve's shortfall notice and marks are gone", async () => {
    api();
    const { user } = renderScreen();
    await openGrid(user);
    await fillShort(user);
    await user.click(screen.getByRole('button', { name: 'Agregar al Carro' }));
    expect(await screen.findByText('2 de 2 productos agregados al carro')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('No alcanzó el stock para toda la curva')).not.toBeInTheDocument());
    expect(cell('Rojo', 'M')).not.toHaveAttribute('aria-invalid');
    expect(cell('Azul Marino', 'S')).toHaveValue('');
    expect(screen.queryByText('Falta stock')).not.toBeInTheDocument();
  });

  it('a refused add (the ERP down) keeps the shortfall notice, its marks and every quantity', async () => {
    mockApi({
      '/user/b1/products-detail/POL-1003': twoColours,
      '/user/products/POL-1003': content,
      '/user/curves': curves,
      '/user/cart/bulk': { status: 503, body: { status: 503, message: 'El ERP no está disponible', code: 'ERP_UNAVAILABLE' } },
      '/user/cart/count-cart/1': 2,
      '/user/cart/find-by-userid/1': { items: [], totals: {} },
    });
    const { user, store } = renderScreen();
    await openGrid(user);
    await fillShort(user);
    const before = store.getState().product.grid;
    await user.click(screen.getByRole('button', { name: 'Agregar al Carro' }));
    expect(await screen.findByText(/^No pudimos agregar los productos al carro/)).toBeInTheDocument();
    await waitFor(() => expect(store.getState().product.gridAdding).toBe(false));
    expect(screen.getByText('No alcanzó el stock para toda la curva')).toBeInTheDocument();
    expect(cell('Rojo', 'M')).toHaveAttribute('aria-invalid', 'true');
    expect(store.getState().product.grid).toEqual(before);
    expect(cell('Rojo', 'L')).toHaveValue('6');
  });

  it('Vaciar grilla clears the quantities and the shortfall notice', async () => {
    api();
    const { user } = renderScreen();
    await openGrid(user);
    await fillShort(user);
    await user.click(screen.getByRole('button', { name: 'Vaciar grilla' }));
    expect(screen.queryByText('No alcanzó el stock para toda la curva')).not.toBeInTheDocument();
    expect(cell('Rojo', 'L')).toHaveValue('');
  });

  it("one 'Agregar al Carro' sends the whole grid in ONE bulk request", async () => {
    const fetchMock = api();
    const { user, dispatch } = renderScreen();
    await openGrid(user);
    await user.click(screen.getByRole('button', { name: 'Agregar al Carro' }));
    expect(await screen.findByText('No hay productos seleccionado')).toBeInTheDocument();
    await user.type(cell('Azul Marino', 'S'), '1');
    await user.type(cell('Rojo', 'M'), '2');
    await user.click(screen.getByRole('button', { name: 'Agregar al Carro' }));
    expect(dispatch).toHaveBeenCalledWith(gridAddRequested({ items: [{ sku: 'POL-1003-S', quantity: 1 }, { sku: 'POL-1004-M', quantity: 2 }] }));
    expect(await screen.findByText('2 de 2 productos agregados al carro')).toBeInTheDocument();
    const bulk = fetchMock.mock.calls.filter(([url]) => String(url).includes('/user/cart'));
    expect(bulk.filter(([url]) => String(url).endsWith('/user/cart/bulk'))).toHaveLength(1);
    expect(bulk.filter(([url]) => String(url).endsWith('/user/cart'))).toHaveLength(0);
    await waitFor(() => expect(cell('Azul Marino', 'S')).toHaveValue(''));
  });

  it('saves a curve of the sizes typed, and chooses it', async () => {
    const fetchMock = api();
    const saved = { id: 11, name: 'Invierno', sizes: [{ talla: 'M', ratio: 2 }, { talla: 'L', ratio: 1 }], updatedAt: '2026-11-27T10:00:00.000Z' };
    fetchMock.mockImplementation(((input: string) => {
      const path = String(input).replace(/^\/api/, '');
      const answers: Record<string, unknown> = { '/user/b1/products-detail/POL-1003': twoColours, '/user/products/POL-1003': content, '/user/curves': curves };
      if (path === '/user/curves' && fetchMock.mock.calls.length > 3) return Promise.resolve(new Response(JSON.stringify(saved), { status: 201, headers: { 'content-type': 'application/json' } }));
      return Promise.resolve(new Response(JSON.stringify(answers[path] ?? {}), { status: 200, headers: { 'content-type': 'application/json' } }));
    }) as never);
    const { user } = renderScreen();
    await openGrid(user);
    await user.click(screen.getByRole('button', { name: 'Guardar curva' }));
    const dialog = await screen.findByRole('dialog', { name: 'Guardar una curva' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Proporción talla M' }), '2');
    await user.type(within(dialog).getByRole('textbox', { name: 'Proporción talla L' }), '1');
    await user.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('El nombre de la curva es requerido');
    await user.type(within(dialog).getByRole('textbox', { name: 'Nombre de la curva' }), 'Invierno');
    await user.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const calls = fetchMock.mock.calls as unknown as [string, RequestInit | undefined][];
    const post = calls.find(([url, init]) => url.endsWith('/user/curves') && init?.method === 'POST');
    expect(JSON.parse(String(post![1]!.body))).toEqual({ name: 'Invierno', sizes: [{ talla: 'M', ratio: 2 }, { talla: 'L', ratio: 1 }] });
    expect(screen.getByText('M:2 L:1 · 3 unidades por curva')).toBeInTheDocument();
  });

  it('on a phone shows one colour at a time with a colour switcher', async () => {
    const restore = asPhone();
    try {
      api();
      const { user } = renderScreen();
      await screen.findByRole('heading', { level: 1, name: 'Polera Dry Fit Deportiva' });
      await user.click(screen.getByRole('button', { name: 'Por color y talla' }));
      const switcher = await screen.findByRole('group', { name: 'Color a mostrar' });
      expect(screen.getByRole('table', { name: 'Cantidades por color y talla: Azul Marino' })).toBeInTheDocument();
      expect(screen.queryByRole('textbox', { name: /^Rojo/ })).not.toBeInTheDocument();
      await user.type(cell('Azul Marino', 'S'), '2');
      await user.keyboard('{ArrowDown}');
      expect(cell('Azul Marino', 'M')).toHaveFocus();
      await user.click(within(switcher).getByRole('button', { name: 'Rojo' }));
      expect(screen.getByRole('table', { name: 'Cantidades por color y talla: Rojo' })).toBeInTheDocument();
      expect(cell('Rojo', 'XL')).toBeInTheDocument();
      // what was typed in the other colour stays
      expect(within(switcher).getByRole('button', { name: 'Azul Marino (2)' })).toBeInTheDocument();
    } finally {
      restore();
    }
  });

  describe('a colour whose sizes differ in price (an XXL surcharge)', () => {
    /** POL-1003 Azul Marino: S, M, L at 4 990 and XXL at 5 990, with the 6 % of a Gold buyer. */
    const surcharge: ProductDetail = {
      ...twoColours,
      relacionados: [v('POL-1003-S', 'S', 5, 4990), v('POL-1003-M', 'M', 12, 4990), v('POL-1003-XXL', 'XXL', 4, 5990)],
      precio: 4990,
      colores: [
        { sku: 'POL-1003', color: 'Azul Marino', precio: 4990, precioOferta: 0, descuento: 0, relacionados: [v('POL-1003-S', 'S', 5, 4990), v('POL-1003-M', 'M', 12, 4990), v('POL-1003-XXL', 'XXL', 4, 5990)] },
        twoColours.colores![1]!,
      ],
    };
    const gold: ProductViewer = { ...buyer, descFidel: 6 };

    it('says "desde" for the colour and each size its own price, in the cell and in its accessible name', async () => {
      api(surcharge);
      const { user } = renderScreen(gold);
      // the headline is the cheapest size's, with 'desde' and why
      await screen.findByRole('heading', { level: 1, name: 'Polera Dry Fit Deportiva' });
      expect(screen.getByText('desde $4.691')).toBeInTheDocument();
      expect(screen.getByText(/Las tallas no cuestan lo mismo: cada una muestra su precio por unidad\./)).toBeInTheDocument();
      const sizes = screen.getByRole('table', { name: 'Tallas disponibles' });
      expect(within(sizes).getByRole('row', { name: /XXL/ })).toHaveTextContent('$5.631');
      const table = await openGrid(user);
      const rows = within(table).getAllByRole('row');
      expect(rows[1]).toHaveTextContent('desde $4.691');
      // Rojo's sizes cost the same: one price, no 'desde', no price per cell
      expect(rows[2]).not.toHaveTextContent('desde');
      expect(table.querySelector('[data-size-price="POL-1004-S"]')).toBeNull();
      // 5990 × 0.94 = 5630.6 → $5.631, what the cart charges for the XXL
      expect(table.querySelector('[data-size-price="POL-1003-XXL"]')).toHaveTextContent('$5.631 c/u');
      expect(table.querySelector('[data-size-price="POL-1003-S"]')).toHaveTextContent('$4.691 c/u');
      expect(cell('Azul Marino', 'XXL')).toHaveAccessibleName('Azul Marino, talla XXL, stock 4, $5.631 por unidad');
      expect(cell('Rojo', 'S')).toHaveAccessibleName('Rojo, talla S, stock 10, $8.264 por unidad');
      expect(screen.getByText(/cada celda muestra el precio por unidad de su talla/)).toBeInTheDocument();
      await user.type(cell('Azul Marino', 'XXL'), '1');
      await user.type(cell('Azul Marino', 'S'), '2');
      expect(screen.getByText('Total: 3 · $15.013')).toBeInTheDocument(); // 5631 + 2 × 4691
    });

    it('on a phone the size rows say each size its price', async () => {
      const restore = asPhone();
      try {
        api(surcharge);
        const { user } = renderScreen(gold);
        await screen.findByRole('heading', { level: 1, name: 'Polera Dry Fit Deportiva' });
        await user.click(screen.getByRole('button', { name: 'Por color y talla' }));
        const table = await screen.findByRole('table', { name: 'Cantidades por color y talla: Azul Marino' });
        expect(screen.getByText('Tu precio: desde $4.691')).toBeInTheDocument();
        expect(within(table).getByRole('rowheader', { name: /^XXL/ })).toHaveTextContent('XXL$5.631 c/u');
        expect(within(table).getByRole('rowheader', { name: /^S/ })).toHaveTextContent('S$4.691 c/u');
        expect(cell('Azul Marino', 'XXL')).toHaveAccessibleName('Azul Marino, talla XXL, stock 4, $5.631 por unidad');
      } finally {
        restore();
      }
    });
  });

  it('admins and blocked buyers get no grid (they cannot add to the cart)', async () => {
    api();
    renderScreen({ loggedIn: true, isAdmin: true, blocked: false, mayBuy: true, descFidel: 0 });
    await screen.findByRole('heading', { level: 1, name: 'Polera Dry Fit Deportiva' });
    expect(screen.queryByRole('button', { name: 'Por color y talla' })).not.toBeInTheDocument();
    expect(screen.getByRole('table', { name: 'Tallas disponibles' })).toBeInTheDocument();
  });

  it("the buyer's own curves are offered first; one can be chosen and deleted after a confirmation", async () => {
    const fetchMock = api();
    const { user } = renderScreen();
    await openGrid(user);
    await user.click(screen.getByRole('combobox', { name: 'Curva' }));
    const listbox = await screen.findByRole('listbox');
    const texts = within(listbox).getAllByRole('option').map((o) => o.textContent);
    expect(texts.indexOf('Mi curva (S:1 M:1)')).toBeLessThan(texts.findIndex((t) => t?.startsWith('Básica S a XL')));
    await user.click(within(listbox).getByRole('option', { name: 'Mi curva (S:1 M:1)' }));
    await user.click(screen.getByRole('button', { name: 'Eliminar curva' }));
    const dialog = await screen.findByRole('dialog', { name: '¿Eliminar la curva Mi curva?' });
    await user.click(within(dialog).getByRole('button', { name: 'Eliminar' }));
    const calls = fetchMock.mock.calls as unknown as [string, RequestInit | undefined][];
    await waitFor(() => expect(calls.some(([url, init]) => url.endsWith('/user/curves/4') && init?.method === 'DELETE')).toBe(true));
  });
});

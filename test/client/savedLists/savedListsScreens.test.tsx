import { screen, waitFor, within } from '@testing-library/react';
import type { SavedList, SavedListDetail } from '@shared/api/savedLists';
import { bodiesTo, callsTo, mockFetch, reply } from '../fetchMock';
import { renderWithProviders, sessionOf } from '../renderWithProviders';

// 'Listas guardadas' and a list's page (docs/saved-lists.md), with the API answered by a stand-in.

beforeEach(() => {
  document.cookie = 'XSRF-TOKEN=test-xsrf; path=/';
});

const list = (id: number, name: string, extra: Partial<SavedList> = {}): SavedList => ({
  id,
  name,
  shared: false,
  owner: 'Rodrigo Fuentes Alarcón (13.456.789-9)',
  mine: true,
  styles: 1,
  updatedAt: '2026-11-29T12:00:00.000Z',
  ...extra,
});
const price = (priceList: number, priceFinalUnit: number) => ({ priceList, priceOffer: priceList, priceFinalUnit, priceFinal: 0, priceDiscount: 0, descLinea: 6 });
const detail = (extra: Partial<SavedListDetail> = {}): SavedListDetail => ({
  ...list(3, 'Invierno'),
  percentageLoyalty: 6,
  items: [
    {
      style: 'POL-1001',
      name: 'Polera Básica Algodón Blanco',
      urlImageMain: '',
      percentageOffer: 0,
      sizes: [
        { sku: 'POL-1001-S', size: 'S', stock: 10, quantity: 0, ...price(10000, 9400) },
        { sku: 'POL-1001-M', size: 'M', stock: 0, quantity: 0, ...price(10000, 9400) },
      ],
    },
    { style: 'PAN-2001', name: 'PAN-2001', urlImageMain: '', percentageOffer: 0, unavailable: true, sizes: [] },
  ],
  ...extra,
});

describe('Listas guardadas (/user/listas)', () => {
  it('shows my lists and the shared ones with their owner; creates one with the shared schema', async () => {
    const shared = list(5, 'De Camila', { mine: false, shared: true, owner: 'Camila Rojas Pizarro (18.901.234-9)' });
    const fetchMock = mockFetch({ 'GET /user/saved-lists': { lists: [shared, list(3, 'Invierno')] }, 'POST /user/saved-lists': reply(201, list(8, 'Verano', { styles: 0 })) });
    const { user } = renderWithProviders({ route: '/user/listas', preloadedState: { session: sessionOf('USER') } });
    expect(await screen.findByRole('heading', { level: 1, name: 'Listas guardadas' })).toBeInTheDocument();
    const lists = await screen.findByRole('list', { name: 'Listas guardadas' });
    expect(within(lists).getByRole('link', { name: 'Abrir la lista De Camila' })).toHaveAttribute('href', '/user/listas/5');
    expect(within(lists).getByText('Creada por: Camila Rojas Pizarro (18.901.234-9)')).toBeInTheDocument();
    // only my own list may be changed
    expect(within(lists).queryByRole('button', { name: 'Eliminar la lista De Camila' })).not.toBeInTheDocument();
    expect(within(lists).getByRole('button', { name: 'Eliminar la lista Invierno' })).toBeInTheDocument();
    expect(within(lists).getByRole('switch', { name: 'Compartir la lista Invierno con mi empresa' })).not.toBeChecked();

    // an empty name is refused here, with the server's words
    await user.click(screen.getByRole('button', { name: 'Crear lista' }));
    expect(await screen.findByText('El nombre de la lista es requerido')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST /user/saved-lists')).toHaveLength(0);
    await user.type(screen.getByRole('textbox', { name: 'Nombre de la lista' }), '  Verano ');
    await user.click(screen.getByRole('button', { name: 'Crear lista' }));
    await waitFor(() => expect(bodiesTo(fetchMock, 'POST /user/saved-lists')).toEqual([{ name: 'Verano' }]));
    expect(await within(lists).findByRole('link', { name: 'Abrir la lista Verano' })).toBeInTheDocument();
  });
});

describe('a saved list (/user/listas/:id)', () => {
  it('sizes with stock and the buyer price; a quantity typed is saved, then one bulk add with an Idempotency-Key and its lines shown', async () => {
    const toCart = {
      lines: [{ sku: 'POL-1001-S', requested: 12, quantity: 10, status: 'clamped', reason: 'overStock', message: 'Solo se agregaron 10 de 12' }],
      added: 0,
      clamped: 1,
      rejected: 0,
      count: 1,
      message: '1 de 1 productos agregados al carro',
    };
    const fetchMock = mockFetch({
      'GET /user/saved-lists/3': detail(),
      'PUT /user/saved-lists/3/styles/POL-1001': { message: 'Cantidades guardadas' },
      'POST /user/saved-lists/3/to-cart': toCart,
    });
    const { user } = renderWithProviders({ route: '/user/listas/3', preloadedState: { session: sessionOf('USER') } });
    expect(await screen.findByRole('heading', { level: 1, name: 'Invierno' })).toBeInTheDocument();
    const sizes = screen.getByRole('table', { name: 'Tallas: Polera Básica Algodón Blanco' });
    expect(within(sizes).getAllByRole('row')[1]).toHaveTextContent(/S\s*10\s*\$9\.400/);
    expect(screen.getByText('Ya no está disponible')).toBeInTheDocument();
    expect(within(screen.getByRole('main')).getByRole('link', { name: 'Lista de precios' })).toHaveAttribute('href', '/user/linesheet?alcance=LISTA&lista=3');

    await user.type(screen.getByRole('textbox', { name: 'Cantidad de Polera Básica Algodón Blanco talla S' }), '12');
    await user.click(screen.getByRole('button', { name: 'Agregar al carro' }));
    await waitFor(() => expect(callsTo(fetchMock, 'POST /user/saved-lists/3/to-cart')).toHaveLength(1));
    expect(bodiesTo(fetchMock, 'PUT /user/saved-lists/3/styles/POL-1001')).toEqual([{ quantities: [{ sku: 'POL-1001-S', quantity: 12 }] }]);
    const [, init] = callsTo(fetchMock, 'POST /user/saved-lists/3/to-cart')[0]!;
    expect(new Headers(init.headers).get('Idempotency-Key')).toMatch(/.+/);
    const result = await screen.findByRole('status');
    expect(result).toHaveTextContent('1 de 1 productos agregados al carro');
    expect(within(result).getByText('POL-1001-S: Solo se agregaron 10 de 12')).toBeInTheDocument();
    expect(within(result).getByRole('link', { name: 'Ver carro' })).toHaveAttribute('href', '/user/cart-detail');
  });

  it("a colleague's shared list: read-only quantities, no remove, but 'Agregar al carro'", async () => {
    const sizes = detail().items[0]!.sizes.map((s) => ({ ...s, quantity: 2 }));
    mockFetch({ 'GET /user/saved-lists/3': detail({ mine: false, shared: true, owner: 'Camila Rojas Pizarro (18.901.234-9)', items: [{ ...detail().items[0]!, sizes }] }) });
    renderWithProviders({ route: '/user/listas/3', preloadedState: { session: sessionOf('USER') } });
    expect(await screen.findByText(/solo quien la creó puede modificarla/)).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Cantidad de Polera Básica Algodón Blanco talla S' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: /^Quitar/ })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Agregar al carro' })).not.toHaveAttribute('aria-disabled');
  });
});

import { screen, within } from '@testing-library/react';
import type { CatalogueItem } from '@shared/api/erp';
import { renderWithProviders, sessionOf } from '../renderWithProviders';
import { mockApi } from '../home/mockApi';
import { asPhone } from '../viewport';
import { ARRIVES, fixToday, LATER } from '../incomingFixtures';
import { catalogueItems } from './fixtures';

// Stock por llegar in the lists (docs/incoming.md): the chip and the filter of the catalogue and search lists, and
// 'Próxima temporada' (the styles whose stock is only on its way), from the catalogue list already read.

const buyer = { session: sessionOf('USER') };
/** POL-1003 has stock and more arriving; POL-1008 and PAN-2001 have none on hand, only what arrives (POL-1008's sizes on two dates). */
const items: CatalogueItem[] = catalogueItems.map((item) =>
  item.sku === 'POL-1003'
    ? { ...item, porLlegar: 200, llegada: LATER }
    : item.sku === 'POL-1008'
      ? { ...item, stock: 0, porLlegar: 60, llegada: ARRIVES, llegadaHasta: LATER }
      : item.sku === 'PAN-2001'
        ? { ...item, stock: 0, porLlegar: 30, llegada: LATER }
        : item,
);

beforeEach(() => fixToday());
afterEach(() => {
  jest.useRealTimers();
  sessionStorage.clear();
});

describe("'Por llegar' in the catalogue and search lists", () => {
  it("the catalogue list: a 'Por llegar · date' chip on styles with incoming stock, and a filter for them only", async () => {
    mockApi({ '/user/b1/catalog/products': items });
    const { user } = renderWithProviders({ route: '/user/catalog-detail', preloadedState: buyer });
    const grid = await screen.findByRole('grid', { name: 'Productos del catálogo' });
    await within(grid).findByText('Polera Básica Algodón');
    expect(within(grid).getAllByText('Por llegar · 3-feb')).toHaveLength(2);
    expect(within(grid).getByText('Por llegar · 15-ene')).toBeInTheDocument();
    const filter = screen.getByRole('checkbox', { name: 'Por llegar' });
    expect(filter).not.toBeChecked();
    await user.click(filter);
    expect(within(grid).queryByText('Polera Básica Algodón')).not.toBeInTheDocument();
    expect(within(grid).getByText('Polera Dry Fit Deportiva')).toBeInTheDocument();
    expect(within(grid).getByText('Polera Térmica Primera Capa')).toBeInTheDocument();
    expect(within(grid).getByText('Jeans Slim Azul')).toBeInTheDocument();
    await user.click(filter);
    expect(within(grid).getByText('Polera Básica Algodón')).toBeInTheDocument();
  });

  it("the search results: the same chip and 'Por llegar' filter", async () => {
    mockApi({ '/user/b1/catalog/products': items, '/user/home': [], '/user/home/men': [] });
    const { user } = renderWithProviders({ route: '/', preloadedState: buyer });
    await screen.findByRole('heading', { name: 'OFERTAS' });
    await user.type(within(screen.getByRole('banner')).getByRole('searchbox', { name: 'Buscar productos' }), 'polera{Enter}');
    const grid = await screen.findByRole('grid', { name: 'Resultado de Busqueda' });
    await within(grid).findByText('Polera Básica Algodón');
    expect(within(grid).getByText('Por llegar · 15-ene')).toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: 'Por llegar' }));
    expect(within(grid).queryByText('Polera Básica Algodón')).not.toBeInTheDocument();
    expect(within(grid).getByRole('link', { name: 'Polera Térmica Primera Capa' })).toBeInTheDocument();
    expect(within(grid).getByRole('link', { name: 'Polera Dry Fit Deportiva' })).toBeInTheDocument();
  });
});

describe("'Próxima temporada'", () => {
  it('lists the styles with nothing on hand and units arriving, in the catalogue order, each with its arrival window', async () => {
    const fetchMock = mockApi({ '/user/b1/catalog/products': items });
    const { user, router } = renderWithProviders({ route: '/', preloadedState: buyer });
    await user.click(await screen.findByRole('link', { name: 'Próxima temporada' }));
    expect(router.state.location.pathname).toBe('/user/proxima-temporada');
    expect(await screen.findByRole('heading', { level: 1, name: 'Próxima temporada' })).toBeInTheDocument();
    expect(screen.getByText('Estilos que aún no llegan: resérvalos ahora y se despachan al llegar.')).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'Próxima temporada' });
    const cards = within(list).getAllByRole('listitem');
    // POL-1003 has stock on hand: not here
    expect(cards.map((c) => within(c).getByRole('link').textContent)).toEqual(['Polera Térmica Primera Capa', 'Jeans Slim Azul']);
    expect(cards[0]).toHaveTextContent('Llega entre el 15-ene y el 3-feb');
    expect(cards[1]).toHaveTextContent('Llega el 3-feb');
    expect(within(cards[0]!).getByRole('link')).toHaveAttribute('href', '/user/product-detail/POL-1008');
    // the catalogue list read once: no request of its own
    expect(fetchMock.mock.calls.filter(([url]) => String(url).endsWith('/user/b1/catalog/products'))).toHaveLength(1);
  });

  it('says so when no style is only on its way; fits a phone', async () => {
    const restore = asPhone();
    try {
      mockApi({ '/user/b1/catalog/products': catalogueItems });
      renderWithProviders({ route: '/user/proxima-temporada', preloadedState: buyer });
      expect(await screen.findByText('No hay estilos por llegar en este momento.')).toBeInTheDocument();
      expect(screen.queryByRole('list', { name: 'Próxima temporada' })).not.toBeInTheDocument();
    } finally {
      restore();
    }
  });
});

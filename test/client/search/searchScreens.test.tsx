import { screen, within } from '@testing-library/react';
import type { CatalogueItem } from '@shared/api/erp';
import { renderWithProviders, sessionOf } from '../renderWithProviders';
import { mockApi, offline } from '../home/mockApi';
import { catalogueItems } from '../catalog/fixtures';
import { keepEveryStyleRule } from '../styleRules';

// asserts on computed styles: every emotion rule reaches jsdom
keepEveryStyleRule();

const buyer = { session: sessionOf('USER') };
const searchBox = () => within(screen.getByRole('banner')).getByRole('searchbox', { name: 'Buscar productos' });

describe('search box (top bar)', () => {
  it('has the placeholder and shows matches in a dropdown; choosing one opens its detail', async () => {
    const api = mockApi({ '/user/b1/catalog/products': catalogueItems, '/user/home': [], '/user/home/men': [] });
    const { user, router } = renderWithProviders({ route: '/', preloadedState: buyer });
    const box = await screen.findByRole('searchbox', { name: 'Buscar productos' });
    expect(box).toHaveAttribute('placeholder', 'Buscar por nombre o sku');
    await user.type(box, 'DRY');
    const list = await screen.findByRole('listbox', { name: 'Productos encontrados' });
    expect(within(list).getAllByRole('option').map((o) => o.textContent)).toEqual(['Polera Dry Fit DeportivaPOL-1003', 'Polera Dry Fit MujerPOL-1004']);
    expect(list).toHaveStyle({ maxHeight: '400px', width: '400px' });

    await user.click(within(list).getByRole('option', { name: /POL-1004/ }));
    expect(router.state.location.pathname).toBe('/user/product-detail/POL-1004');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    await user.type(searchBox(), 'básica');
    expect(within(await screen.findByRole('listbox')).getByRole('img', { name: 'Polera Básica Algodón' })).toHaveAttribute('loading', 'lazy');
    // the list was loaded once
    expect(api.mock.calls.filter(([url]) => String(url).endsWith('/user/b1/catalog/products'))).toHaveLength(1);
  });

  it('no dropdown without matches; keyboard: arrows choose, Enter opens', async () => {
    mockApi({ '/user/b1/catalog/products': catalogueItems, '/user/home': [], '/user/home/men': [] });
    const { user, router } = renderWithProviders({ route: '/', preloadedState: buyer });
    await screen.findByRole('heading', { name: 'OFERTAS' });
    await user.type(searchBox(), 'zzz');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    await user.clear(searchBox());
    await user.type(searchBox(), 'jeans');
    await screen.findByRole('listbox');
    await user.keyboard('{ArrowDown}');
    expect(searchBox()).toHaveAttribute('aria-activedescendant', screen.getByRole('option', { name: /PAN-2001/ }).id);
    await user.keyboard('{Enter}');
    expect(router.state.location.pathname).toBe('/user/product-detail/PAN-2001');
  });

  it('renders only the visible rows of a long list', async () => {
    const many: CatalogueItem[] = Array.from({ length: 2000 }, (_, i) => ({ ...catalogueItems[0]!, sku: `POL-${i}`, descripcion: `Polera ${i}` }));
    mockApi({ '/user/b1/catalog/products': many, '/user/home': [], '/user/home/men': [] });
    const { user } = renderWithProviders({ route: '/', preloadedState: buyer });
    await screen.findByRole('heading', { name: 'OFERTAS' });
    await user.type(searchBox(), 'polera');
    const options = within(await screen.findByRole('listbox')).getAllByRole('option');
    expect(options.length).toBeLessThan(20);
    expect(options[0]).toHaveAttribute('aria-setsize', '2000');
  });

  it('Enter stores the matches and opens Resultado de Busqueda, with a gender filter', async () => {
    mockApi({ '/user/b1/catalog/products': catalogueItems, '/user/home': [], '/user/home/men': [] });
    const { user, router, store } = renderWithProviders({ route: '/', preloadedState: buyer });
    await screen.findByRole('heading', { name: 'OFERTAS' });
    await user.type(searchBox(), 'polera{Enter}');
    expect(await screen.findByRole('heading', { name: 'Resultado de Busqueda' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/user/search-product');
    const grid = await screen.findByRole('grid', { name: 'Resultado de Busqueda' });
    await within(grid).findByText('Polera Básica Algodón');
    expect(store.getState().search.results.items).toHaveLength(5);
    expect(within(grid).getByRole('link', { name: 'Polera Dry Fit Mujer' })).toHaveAttribute('href', '/user/product-detail/POL-1004');
    expect(within(grid).getAllByText('$9.990 + I. V. A.').length).toBeGreaterThan(0);
    expect(within(grid).getByText('120')).toBeInTheDocument();

    await user.click(screen.getByRole('combobox', { name: 'Género' }));
    await user.click(screen.getByRole('option', { name: 'Masculino' }));
    expect(within(grid).queryByText('Polera Básica Algodón')).not.toBeInTheDocument();
    expect(within(grid).getByText('Polera Dry Fit Deportiva')).toBeInTheDocument();
    expect(within(grid).getByText('Polera Piqué Polo Clásica')).toBeInTheDocument();
    expect(within(grid).queryByText('Polera Dry Fit Mujer')).not.toBeInTheDocument();
  });

  it('the search button does the same as Enter', async () => {
    mockApi({ '/user/b1/catalog/products': catalogueItems, '/user/home': [], '/user/home/men': [] });
    const { user, router } = renderWithProviders({ route: '/', preloadedState: buyer });
    await screen.findByRole('heading', { name: 'OFERTAS' });
    await user.type(searchBox(), 'jeans');
    await user.click(screen.getByRole('button', { name: 'Buscar' }));
    expect(await screen.findByRole('heading', { name: 'Resultado de Busqueda' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/user/search-product');
    expect(await screen.findByText('Jeans Slim Azul')).toBeInTheDocument();
  });

  it('a connection failure says Problema de conexión, intentarlo mas tarde', async () => {
    mockApi({ '/user/b1/catalog/products': offline, '/user/home': [], '/user/home/men': [] });
    const { user } = renderWithProviders({ route: '/', preloadedState: buyer });
    await screen.findByRole('heading', { name: 'OFERTAS' });
    await user.type(searchBox(), 'polera');
    expect(await screen.findByText('Problema de conexión, intentarlo mas tarde')).toBeInTheDocument();
    await user.keyboard('{Enter}');
    await screen.findByRole('heading', { name: 'Resultado de Busqueda' });
    expect(await screen.findAllByText('Problema de conexión, intentarlo mas tarde')).not.toHaveLength(0);
  });
});

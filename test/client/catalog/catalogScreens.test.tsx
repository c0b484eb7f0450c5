import { screen, within } from '@testing-library/react';
import { renderWithProviders, sessionOf } from '../renderWithProviders';
import { mockApi, offline } from '../home/mockApi';
import { catalogueItems, catalogueTree } from './fixtures';

const buyer = { session: sessionOf('USER') };

describe('Catalogue (/user/catalog)', () => {
  it('shows the categories with their lower-case images; one open at a time', async () => {
    mockApi({ '/user/b1/catalog': catalogueTree });
    const { user } = renderWithProviders({ route: '/user/catalog', preloadedState: buyer });
    expect(await screen.findByRole('heading', { name: 'Catalogo' })).toBeInTheDocument();
    const poleras = await screen.findByRole('button', { name: 'POLERAS' });
    const pantalones = screen.getByRole('button', { name: 'PANTALONES' });
    const trabajo = screen.getByRole('button', { name: 'ROPA DE TRABAJO' });
    expect(trabajo.querySelector('img')).toHaveAttribute('src', '/categorias/ropa%20de%20trabajo.svg');
    expect(poleras.querySelector('img')).toHaveAttribute('src', '/categorias/poleras.svg');

    await user.click(poleras);
    expect(poleras).toHaveAttribute('aria-expanded', 'true');
    const panel = screen.getByRole('region', { name: 'Subcategorías de POLERAS' });
    expect(within(panel).getByRole('button', { name: 'MANGA CORTA' })).toBeInTheDocument();
    expect(within(panel).getByRole('button', { name: 'CUELLO REDONDO' })).toBeInTheDocument();
    expect(within(panel).getByRole('button', { name: 'TÉRMICA' })).toBeInTheDocument();

    await user.click(pantalones);
    expect(poleras).toHaveAttribute('aria-expanded', 'false');
    expect(pantalones).toHaveAttribute('aria-expanded', 'true');
    expect(screen.queryByRole('region', { name: 'Subcategorías de POLERAS' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'JEANS' })).toBeInTheDocument();

    await user.click(pantalones);
    expect(pantalones).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('region', { name: /^Subcategorías/ })).not.toBeInTheDocument();
  });

  it('choosing a third level stores category, scategory and sscategory and opens the list', async () => {
    mockApi({ '/user/b1/catalog': catalogueTree, '/user/b1/catalog/products': catalogueItems });
    const { user, router } = renderWithProviders({ route: '/user/catalog', preloadedState: buyer });
    await user.click(await screen.findByRole('button', { name: 'POLERAS' }));
    await user.click(screen.getByRole('button', { name: 'POLO' }));
    expect(await screen.findByRole('heading', { name: 'Catalogo - Lista Productos' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/user/catalog-detail');
    expect(sessionStorage.getItem('category')).toBe('POLERAS');
    expect(sessionStorage.getItem('scategory')).toBe('MANGA CORTA');
    expect(sessionStorage.getItem('sscategory')).toBe('POLO');
    expect(await screen.findByText('Polera Piqué Polo Clásica')).toBeInTheDocument();
    expect(screen.queryByText('Polera Básica Algodón')).not.toBeInTheDocument();
  });

  it('choosing the whole category clears the lower levels', async () => {
    sessionStorage.setItem('scategory', 'OLD');
    mockApi({ '/user/b1/catalog': catalogueTree, '/user/b1/catalog/products': catalogueItems });
    const { user } = renderWithProviders({ route: '/user/catalog', preloadedState: buyer });
    await user.click(await screen.findByRole('button', { name: 'PANTALONES' }));
    await user.click(screen.getByRole('button', { name: 'Ver todo PANTALONES' }));
    await screen.findByRole('heading', { name: 'Catalogo - Lista Productos' });
    expect(sessionStorage.getItem('category')).toBe('PANTALONES');
    expect(sessionStorage.getItem('scategory')).toBe('');
    expect(await screen.findByText('Jeans Slim Azul')).toBeInTheDocument();
  });
});

describe('Catalogue product list (/user/catalog-detail)', () => {
  it('filters by the stored category and type, then by gender; shows prices + I. V. A. and links', async () => {
    sessionStorage.setItem('category', 'POLERAS');
    sessionStorage.setItem('scategory', 'MANGA CORTA');
    sessionStorage.setItem('sscategory', '');
    mockApi({ '/user/b1/catalog/products': catalogueItems });
    const { user } = renderWithProviders({ route: '/user/catalog-detail', preloadedState: buyer });
    expect(await screen.findByRole('heading', { name: 'Catalogo - Lista Productos' })).toBeInTheDocument();
    expect(screen.getByText('Todos los precios son más I. V. A.')).toBeInTheDocument();
    const grid = await screen.findByRole('grid', { name: 'Productos del catálogo' });
    await within(grid).findByText('Polera Básica Algodón');
    const names = () => ['Polera Básica Algodón', 'Polera Dry Fit Deportiva', 'Polera Dry Fit Mujer', 'Polera Piqué Polo Clásica', 'Polera Térmica Primera Capa', 'Jeans Slim Azul'].filter((n) => within(grid).queryByText(n));
    expect(names()).toEqual(['Polera Básica Algodón', 'Polera Dry Fit Deportiva', 'Polera Dry Fit Mujer', 'Polera Piqué Polo Clásica']);
    expect(within(grid).getByText('$5.990 + I. V. A.')).toBeInTheDocument();
    // a style whose sizes differ in price (its XXL costs more) is listed from its cheapest size
    expect(within(grid).getByText('desde $11.990 + I. V. A.')).toBeInTheDocument();
    expect(within(grid).getByRole('img', { name: 'Polera Básica Algodón' })).toHaveAttribute('loading', 'lazy');
    expect(within(grid).getByRole('link', { name: 'Ver producto Polera Básica Algodón (POL-1001)' })).toHaveAttribute('href', '/user/product-detail/POL-1001');

    await user.click(screen.getByRole('combobox', { name: 'Género' }));
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['Seleccionar', 'Masculino', 'Femenino']);
    await user.click(screen.getByRole('option', { name: 'Femenino' }));
    expect(names()).toEqual(['Polera Dry Fit Mujer']);
  });

  it('a connection failure says Problema de conexión, intentarlo mas tarde', async () => {
    mockApi({ '/user/b1/catalog/products': offline });
    renderWithProviders({ route: '/user/catalog-detail', preloadedState: buyer });
    expect(await screen.findByText('Problema de conexión, intentarlo mas tarde')).toBeInTheDocument();
  });
});

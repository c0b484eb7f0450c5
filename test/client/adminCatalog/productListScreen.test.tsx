import { screen, waitFor, within } from '@testing-library/react';
import { asPhone, callsTo, erpProducts, firstPageSkus, json, mockApi, recordWithOffer, renderAdmin, statusSkus } from './fixtures';

// /admin/product 'Administración Productos' (R-ADM-PROD-1).

const listApi = (overrides: Parameters<typeof mockApi>[0] = {}) =>
  mockApi({
    'GET /api/user/b1/products': () => json(200, erpProducts),
    'GET /api/admin/products/status': (_init, url) => {
      const skus = statusSkus(url ?? '');
      return json(200, { updated: skus.filter((sku) => sku === 'POL-1001' || sku === 'POL-1004' || sku === 'JEA-2001'), avisos: skus.includes('POL-1002') ? { 'POL-1002': 4 } : {} });
    },
    'GET /api/admin/products/find/by/sku/POL-1001': () => json(200, recordWithOffer),
    ...overrides,
  });

const grid = () => screen.findByRole('grid', { name: 'Productos' });
const dataRows = (table: HTMLElement) => within(table).getAllByRole('row').slice(1);
const rowOf = async (sku: string) => {
  const table = await grid();
  const cell = await within(table).findByText(sku);
  return cell.closest('[role="row"]') as HTMLElement;
};

describe('Product list (/admin/product)', () => {
  it('the title, the search box, the columns and the first 10 styles', async () => {
    listApi();
    renderAdmin('/admin/product');
    expect(await screen.findByRole('heading', { level: 1, name: 'Administración Productos' })).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Buscar por Sku' })).toBeInTheDocument();
    const table = await grid();
    await within(table).findByText('POL-1001');
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Sku', 'Descripción', 'Estado', 'Avisos', 'Editar']);
    expect(dataRows(table)).toHaveLength(10);
    expect(within(table).getByText('Polera Modelo 1')).toBeInTheDocument();
    expect(within(table).queryByText('POL-1011')).not.toBeInTheDocument();
    expect(within(table).getByRole('button', { name: 'Editar POL-1001' })).toBeInTheDocument();
  });

  it('Estado of the whole page comes from ONE request, never one lookup per row', async () => {
    const fetchMock = listApi();
    const { user } = renderAdmin('/admin/product');
    expect(within(await rowOf('POL-1001')).getByText('Actualizado')).toBeInTheDocument();
    await waitFor(() => expect(within(screen.getByRole('grid', { name: 'Productos' })).getAllByText('No Actualizado')).toHaveLength(8));
    expect(within(await rowOf('POL-1002')).getByText('No Actualizado')).toBeInTheDocument();
    // buyers waiting for a size of the style to come back (docs/stock-alerts.md), read with the Estado
    expect(within(await rowOf('POL-1002')).getByLabelText('Avisos esperando stock: 4')).toHaveTextContent('4');
    expect(within(await rowOf('POL-1001')).getByLabelText('Avisos esperando stock: 0')).toBeInTheDocument();
    expect(within(await rowOf('POL-1004')).getByText('Actualizado')).toBeInTheDocument();

    const statusCalls = callsTo(fetchMock, 'GET', '/api/admin/products/status');
    expect(statusCalls).toHaveLength(1);
    expect(statusSkus(statusCalls[0][0])).toEqual(firstPageSkus);
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('/find/by/sku/'))).toBe(false);

    // the second page: one more request, for its 3 skus only
    await user.click(screen.getByRole('button', { name: /siguiente/i }));
    expect(within(await rowOf('JEA-2001')).getByText('Actualizado')).toBeInTheDocument();
    const after = callsTo(fetchMock, 'GET', '/api/admin/products/status');
    expect(after).toHaveLength(2);
    expect(statusSkus(after[1][0])).toEqual(['POL-1011', 'POL-1012', 'JEA-2001']);

    // back to the first page: already known, nothing asked again
    await user.click(screen.getByRole('button', { name: /anterior/i }));
    await rowOf('POL-1001');
    expect(callsTo(fetchMock, 'GET', '/api/admin/products/status')).toHaveLength(2);
  });

  it('65 styles: "1–10 de 65" and 7 page links (R-GEN-6), each going to its page', async () => {
    const many = Array.from({ length: 65 }, (_, i) => ({ sku: `SKU-${1001 + i}`, descripcion: `Modelo ${i + 1}`, mainUrlImage: '' }));
    listApi({ 'GET /api/user/b1/products': () => json(200, many) });
    const { user } = renderAdmin('/admin/product');
    const table = await grid();
    await within(table).findByText('SKU-1001');
    expect(screen.getByText('1–10 de 65')).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Paginación' });
    const pages = within(nav)
      .getAllByRole('button')
      .map((button) => button.getAttribute('aria-label'))
      .filter((label) => /p[aá]gina \d/i.test(label ?? ''));
    expect(pages).toEqual(['Página 1, actual', ...[2, 3, 4, 5, 6, 7].map((n) => `Ir a la página ${n}`)]);
    await user.click(within(nav).getByRole('button', { name: 'Ir a la página 4' }));
    expect(await within(table).findByText('SKU-1031')).toBeInTheDocument();
    expect(screen.getByText('31–40 de 65')).toBeInTheDocument();
  });

  it('Buscar por Sku: a case-insensitive substring of the sku', async () => {
    listApi();
    const { user } = renderAdmin('/admin/product');
    const table = await grid();
    await within(table).findByText('POL-1001');
    const search = screen.getByRole('searchbox', { name: 'Buscar por Sku' });

    await user.type(search, 'jea');
    await waitFor(() => expect(dataRows(table)).toHaveLength(1));
    expect(within(table).getByText('JEA-2001')).toBeInTheDocument();

    await user.clear(search);
    await user.type(search, 'pol-101');
    await waitFor(() => expect(dataRows(table)).toHaveLength(3));
    expect(dataRows(table).map((row) => within(row).getAllByRole('gridcell')[0].textContent)).toEqual(['POL-1010', 'POL-1011', 'POL-1012']);
  });

  it('no search match: "Sku no existe o no esta creado", and no grid', async () => {
    listApi();
    const { user } = renderAdmin('/admin/product');
    await within(await grid()).findByText('POL-1001');
    await user.type(screen.getByRole('searchbox', { name: 'Buscar por Sku' }), 'ZZZ');
    expect(await screen.findByText('Sku no existe o no esta creado')).toBeInTheDocument();
    expect(screen.queryByRole('grid', { name: 'Productos' })).not.toBeInTheDocument();
  });

  it('no styles in the ERP: "Productos no estan creados en SAP B1"', async () => {
    const fetchMock = listApi({ 'GET /api/user/b1/products': () => json(200, []) });
    renderAdmin('/admin/product');
    expect(await screen.findByText('Productos no estan creados en SAP B1')).toBeInTheDocument();
    expect(screen.queryByRole('grid', { name: 'Productos' })).not.toBeInTheDocument();
    expect(callsTo(fetchMock, 'GET', '/api/admin/products/status')).toHaveLength(0);
  });

  it('no connection: "Problema de conexión, intentarlo mas tarde", no grid nor pagination; Reintentar loads again', async () => {
    let offline = true;
    listApi({
      'GET /api/user/b1/products': () => (offline ? Promise.reject(new TypeError('Failed to fetch')) : json(200, erpProducts)),
    });
    const { user } = renderAdmin('/admin/product');
    const alert = await screen.findByText('Problema de conexión, intentarlo mas tarde');
    expect(screen.queryByRole('grid', { name: 'Productos' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /siguiente/i })).not.toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Paginación' })).not.toBeInTheDocument();
    offline = false;
    await user.click(within(alert.closest('[role="alert"]') as HTMLElement).getByRole('button', { name: 'Reintentar' }));
    expect(await within(await grid()).findByText('POL-1001')).toBeInTheDocument();
  });

  it('a loading indicator while the ERP answers', async () => {
    let answer: (value: Response) => void = () => undefined;
    listApi({ 'GET /api/user/b1/products': () => new Promise<Response>((resolve) => (answer = resolve)) });
    renderAdmin('/admin/product');
    const table = await grid();
    expect(within(table).getByRole('progressbar')).toBeInTheDocument();
    answer(json(200, erpProducts));
    await within(table).findByText('POL-1001');
    // only the small Estado spinners may remain while their request runs
    const gridProgress = () => within(table).queryAllByRole('progressbar').filter((bar) => bar.getAttribute('aria-label') !== 'Cargando estado');
    await waitFor(() => expect(gridProgress()).toHaveLength(0));
  });

  it('the Estado request fails: a warning with Reintentar, the list still works', async () => {
    let fail = true;
    listApi({
      'GET /api/admin/products/status': () => (fail ? json(500, { status: 500, message: 'Internal server error' }) : json(200, { updated: ['POL-1001'] })),
    });
    const { user } = renderAdmin('/admin/product');
    expect(await screen.findByText('No se pudo leer el Estado de los productos: Internal server error')).toBeInTheDocument();
    expect(within(await grid()).getByText('POL-1001')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(within(await rowOf('POL-1001')).getByText('Actualizado')).toBeInTheDocument();
    expect(screen.queryByText(/No se pudo leer el Estado/)).not.toBeInTheDocument();
  });

  it('Editar opens the update screen with the sku and description in its address', async () => {
    listApi();
    const { user, router } = renderAdmin('/admin/product');
    await user.click(within(await rowOf('POL-1001')).getByRole('button', { name: 'Editar POL-1001' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/product/update/POL-1001'));
    expect(new URLSearchParams(router.state.location.search).get('descripcion')).toBe('Polera Modelo 1');
    expect(sessionStorage.getItem('sku')).toBeNull();
    expect(await screen.findByRole('heading', { level: 1, name: 'Actualizar Producto' })).toBeInTheDocument();
    expect(await screen.findByRole('textbox', { name: 'Sku' })).toHaveValue('POL-1001');
  });

  it('on a phone (375 px) each product is a card: sku, description, Estado and Editar, no grid', async () => {
    const restore = asPhone();
    try {
      listApi();
      const { user, router } = renderAdmin('/admin/product');
      const list = await screen.findByRole('list', { name: 'Productos' });
      expect(screen.queryByRole('grid')).not.toBeInTheDocument();
      const card = await within(list).findByRole('listitem', { name: 'POL-1001' });
      expect(within(card).getByText('Descripción')).toBeInTheDocument();
      expect(within(card).getByText('Polera Modelo 1')).toBeInTheDocument();
      expect(await within(card).findByText('Actualizado')).toBeInTheDocument();
      // the same page links below the cards
      expect(screen.getByText('1–10 de 13')).toBeInTheDocument();
      expect(within(screen.getByRole('navigation', { name: 'Paginación' })).getByRole('button', { name: 'Ir a la página 2' })).toBeInTheDocument();
      await user.click(within(card).getByRole('button', { name: 'Editar POL-1001' }));
      await waitFor(() => expect(router.state.location.pathname).toBe('/admin/product/update/POL-1001'));
    } finally {
      restore();
    }
  });
});

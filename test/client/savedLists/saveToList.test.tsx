import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import type { ProductDetail } from '@shared/api/erp';
import type { SavedList } from '@shared/api/savedLists';
import { AppProviders } from '@client/app/providers';
import { makeStore } from '@client/app/store';
import ProductDetailScreen from '@client/features/product/ProductDetailScreen';
import SaveToListButton from '@client/features/savedLists/SaveToListButton';
import { bodiesTo, callsTo, mockFetch, reply } from '../fetchMock';
import { content, detail } from '../product/fixtures';
import { buyer } from '../product/renderDetail';

// 'Guardar en lista' (docs/saved-lists.md) as the app puts it on the product detail and each colour of the size grid.

beforeEach(() => {
  document.cookie = 'XSRF-TOKEN=test-xsrf; path=/';
});

const list = (id: number, name: string, mine = true): SavedList => ({ id, name, shared: !mine, owner: 'Rodrigo Fuentes Alarcón (13.456.789-9)', mine, styles: 0, updatedAt: '2026-11-29T12:00:00.000Z' });
const twoColours: ProductDetail = {
  ...detail,
  estilo: 'POL-1003',
  color: 'Azul Marino',
  colores: [
    { sku: 'POL-1003', color: 'Azul Marino', precio: 9990, precioOferta: 0, descuento: 0, relacionados: detail.relacionados },
    { sku: 'POL-1004', color: 'Rojo', precio: 9990, precioOferta: 0, descuento: 0, relacionados: detail.relacionados.map((v) => ({ ...v, sku: v.sku.replace('1003', '1004') })) },
  ],
};

function renderProduct() {
  const router = createMemoryRouter(
    [{ path: '/user/product-detail/:sku', element: <ProductDetailScreen viewer={buyer} saveToList={(style, name, variant) => <SaveToListButton style={style} name={name} variant={variant} />} /> }],
    { initialEntries: ['/user/product-detail/POL-1003'] },
  );
  const user = userEvent.setup();
  render(
    <AppProviders store={makeStore()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return user;
}

describe("'Guardar en lista'", () => {
  it('on the product detail: offers my own lists only, and saves the style into the one chosen', async () => {
    const fetchMock = mockFetch({
      'GET /user/b1/products-detail/POL-1003': twoColours,
      'GET /user/products/POL-1003': content,
      'GET /user/saved-lists': { lists: [list(2, 'Básicos'), list(5, 'De Camila', false), list(3, 'Invierno')] },
      'POST /user/saved-lists/3/styles': { list: { ...list(3, 'Invierno'), styles: 1 }, added: true, message: 'Guardado en la lista Invierno' },
    });
    const user = renderProduct();
    await screen.findByRole('heading', { level: 1, name: 'Polera Dry Fit Deportiva' });
    await user.click(screen.getByRole('button', { name: 'Guardar en lista Polera Dry Fit Deportiva' }));
    const dialog = await screen.findByRole('dialog', { name: 'Guardar Polera Dry Fit Deportiva en una lista' });
    await within(dialog).findByRole('radio', { name: 'Invierno' });
    expect(within(dialog).getAllByRole('radio').map((r) => r.closest('label')?.textContent)).toEqual(['Básicos', 'Invierno', 'O crea una nueva']);
    await user.click(within(dialog).getByRole('radio', { name: 'Invierno' }));
    await user.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(bodiesTo(fetchMock, 'POST /user/saved-lists/3/styles')).toEqual([{ style: 'POL-1003' }]));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it("on a colour of the grid: a new list named with the shared schema, then that colour's style saved in it", async () => {
    const fetchMock = mockFetch({
      'GET /user/b1/products-detail/POL-1003': twoColours,
      'GET /user/products/POL-1003': content,
      'GET /user/curves': { curves: [], defaults: [] },
      'GET /user/saved-lists': { lists: [] },
      'POST /user/saved-lists': reply(201, list(9, 'Rojos')),
      'POST /user/saved-lists/9/styles': { list: { ...list(9, 'Rojos'), styles: 1 }, added: true, message: 'Guardado en la lista Rojos' },
    });
    const user = renderProduct();
    await screen.findByRole('heading', { level: 1, name: 'Polera Dry Fit Deportiva' });
    await user.click(screen.getByRole('button', { name: 'Por color y talla' }));
    await screen.findByRole('table', { name: 'Cantidades por color y talla' });
    await user.click(screen.getByRole('button', { name: 'Guardar en lista Polera Dry Fit Deportiva Rojo' }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('Aún no tienes listas: escribe el nombre de la primera.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    expect(within(dialog).getByText('El nombre de la lista es requerido')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST /user/saved-lists')).toHaveLength(0);
    await user.type(within(dialog).getByRole('textbox', { name: 'Nombre de la nueva lista' }), 'Rojos');
    await user.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(bodiesTo(fetchMock, 'POST /user/saved-lists/9/styles')).toEqual([{ style: 'POL-1004' }]));
    expect(bodiesTo(fetchMock, 'POST /user/saved-lists')).toEqual([{ name: 'Rojos' }]);
  });
});

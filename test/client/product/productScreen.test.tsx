import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { cartItemsAddRequested } from '@client/app/events';
import { AppProviders } from '@client/app/providers';
import { makeStore } from '@client/app/store';
// the whole store: every feature's slice (and saga) joins the root reducer, as the scenario runner does
import '@client/app/allFeatures';
import ProductDetailScreen, { type ProductViewer } from '@client/features/product/ProductDetailScreen';
import { buyerProfile, renderWithProviders, sessionOf } from '../renderWithProviders';
import { mockApi } from '../home/mockApi';
import { content, detail, offerDetail } from './fixtures';

const route = '/user/product-detail/POL-1003';
const api = (d = detail, c: unknown = content) => mockApi({ '/user/b1/products-detail/POL-1003': d, '/user/products/POL-1003': c });
const buyerViewer: ProductViewer = { loggedIn: true, isAdmin: false, blocked: false, descFidel: 4 };

/** The screen alone, at its route, with a spy on the store's dispatch (the route itself is guarded). */
function renderScreen(viewer: ProductViewer) {
  const store = makeStore();
  const dispatch = jest.spyOn(store, 'dispatch');
  const router = createMemoryRouter(
    [
      { path: '/user/product-detail/:sku', element: <ProductDetailScreen viewer={viewer} /> },
      { path: '/login', element: <h1>Login</h1> },
    ],
    { initialEntries: [route] },
  );
  const user = userEvent.setup();
  render(
    <AppProviders store={store}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { store, dispatch, router, user };
}

const quantity = (talla: string) => screen.getByRole('spinbutton', { name: `Cantidad talla ${talla}` });

describe('Product detail (/user/product-detail/:sku)', () => {
  it('shows images, name, sku, description lines, prices, technologies, sheet, size guide, sizes and specifications', async () => {
    api();
    const { user } = renderWithProviders({ route, preloadedState: { session: sessionOf('USER') } });
    expect(await screen.findByRole('heading', { level: 1, name: 'Polera Dry Fit Deportiva' })).toBeInTheDocument();
    expect(screen.getByText('SKU: POL-1003')).toBeInTheDocument();
    expect(screen.getByText('Polera Dry Fit Deportiva color azul marino.')).toBeInTheDocument();
    expect(screen.getByText('Corte regular y costuras reforzadas para uso diario.')).toBeInTheDocument();

    const gallery = screen.getByRole('region', { name: 'Imágenes de Polera Dry Fit Deportiva' });
    expect(within(gallery).getByRole('img', { name: 'Polera Dry Fit Deportiva - imagen 1 de 3' })).toHaveAttribute('src', '/files/products/POL-1003-1.jpg');
    await user.click(within(gallery).getByRole('button', { name: 'Imagen siguiente' }));
    expect(within(gallery).getByRole('img', { name: 'Polera Dry Fit Deportiva - imagen 2 de 3' })).toBeInTheDocument();

    // distributor price: 9990 less 4 % loyalty = 9590.4 → $9.590
    expect(screen.getByText('Precio distribuidor').parentElement).toHaveTextContent('$9.590');
    expect(screen.getByLabelText('Descuento fidelización 4%')).toHaveTextContent('-4%');
    expect(screen.getByText('Precio lista', { selector: 'span' }).parentElement).toHaveTextContent('$9.990');
    expect(screen.queryByText('Precio oferta')).not.toBeInTheDocument();

    expect(screen.getByRole('img', { name: 'Tecnología 1' })).toHaveAttribute('src', '/files/tecnologias/1.png');
    expect(screen.getByRole('img', { name: 'Tecnología 7' })).toHaveAttribute('src', '/files/tecnologias/7.png');
    expect(screen.getByRole('link', { name: 'Ficha técnica' })).toHaveAttribute('href', '/files/fichas/POL-1003.pdf');

    await user.click(screen.getByRole('button', { name: 'Guía de tallas' }));
    const guide = await screen.findByRole('dialog', { name: 'Guía de tallas' });
    expect(within(guide).getByRole('img', { name: 'Guía de tallas de Polera Dry Fit Deportiva' })).toHaveAttribute('src', '/files/guias/POL-1003.png');
    await user.click(within(guide).getByRole('button', { name: 'Cerrar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    const table = screen.getByRole('table', { name: 'Tallas disponibles' });
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Sku', 'Talla', 'Stock', 'Precio lista', 'P. Distrib.', 'Cantidad']);
    const rowM = within(table).getByRole('row', { name: /POL-1003-M/ });
    expect(within(rowM).getAllByRole('cell').map((c) => c.textContent).slice(0, 5)).toEqual(['POL-1003-M', 'M', '12', '$9.990', '$9.590']);
    expect(quantity('M')).toHaveAttribute('min', '0');
    expect(quantity('M')).toHaveAttribute('max', '12');

    expect(screen.getByRole('button', { name: 'Agregar al Carro' })).toBeEnabled();
    const specs = screen.getByRole('region', { name: 'Especificaciones y Composición' });
    expect(within(specs).getByText('Composición: 100% poliéster microperforado')).toBeInTheDocument();
    expect(within(specs).getByText('Tallas: S, M, L, XL')).toBeInTheDocument();
  });

  it('shows the offer price, its badge and the Precio Oferta column only when a size has an offer', async () => {
    api(offerDetail);
    renderWithProviders({ route, preloadedState: { session: sessionOf('USER') } });
    await screen.findByRole('heading', { level: 1, name: 'Polera Dry Fit Deportiva' });
    expect(screen.getByText('Precio oferta').parentElement).toHaveTextContent('$7.992');
    expect(screen.getByLabelText('Oferta 20%')).toHaveTextContent('-20%');
    const table = screen.getByRole('table', { name: 'Tallas disponibles' });
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Sku', 'Talla', 'Stock', 'Precio lista', 'Precio Oferta', 'P. Distrib.', 'Cantidad']);
  });

  it('without content: no images, no sheet, no size guide', async () => {
    api(detail, { ...content, id: 0, mainUrlImage: '', secondUrlImage: '', thirdUrlImage: '', urlTechnicalSheet: '', urlSizeGuideImage: '' });
    renderWithProviders({ route, preloadedState: { session: sessionOf('USER') } });
    await screen.findByRole('heading', { level: 1, name: 'Polera Dry Fit Deportiva' });
    expect(screen.getByRole('img', { name: 'Polera Dry Fit Deportiva: sin imagen' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Ficha técnica' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Guía de tallas' })).not.toBeInTheDocument();
  });

  it('clamps quantities to the stock and to zero with the spec messages', async () => {
    api();
    const { user } = renderWithProviders({ route, preloadedState: { session: sessionOf('USER') } });
    await screen.findByRole('heading', { level: 1, name: 'Polera Dry Fit Deportiva' });
    await user.type(quantity('S'), '9');
    expect(quantity('S')).toHaveValue(5);
    expect(await screen.findByText('Un producto excede es mayor al stock')).toBeInTheDocument();
    await user.clear(quantity('M'));
    await user.type(quantity('M'), '-3');
    expect(quantity('M')).toHaveValue(0);
    expect(await screen.findByText('Un producto es menor a cero')).toBeInTheDocument();
    expect(quantity('L')).toBeDisabled(); // no stock
  });

  it('Agregar al Carro with nothing chosen says No hay productos seleccionado; with quantities it asks the cart', async () => {
    api();
    const { dispatch, user } = renderScreen(buyerViewer);
    await screen.findByRole('heading', { level: 1, name: 'Polera Dry Fit Deportiva' });
    await user.click(screen.getByRole('button', { name: 'Agregar al Carro' }));
    expect(await screen.findByText('No hay productos seleccionado')).toBeInTheDocument();
    expect(dispatch).not.toHaveBeenCalledWith(expect.objectContaining({ type: 'cart/itemsAddRequested' }));

    await user.type(quantity('S'), '2');
    await user.type(quantity('M'), '3');
    await user.click(screen.getByRole('button', { name: 'Agregar al Carro' }));
    expect(dispatch).toHaveBeenCalledWith(cartItemsAddRequested({ items: [{ sku: 'POL-1003-S', quantity: 2 }, { sku: 'POL-1003-M', quantity: 3 }] }));
  });

  it('a visitor gets Se necesita hacer Login and Realizar Login goes to /login', async () => {
    api();
    const { router, user } = renderScreen({ loggedIn: false, isAdmin: false, blocked: false, descFidel: 0 });
    await screen.findByRole('heading', { level: 1, name: 'Polera Dry Fit Deportiva' });
    await user.click(screen.getByRole('button', { name: 'Agregar al Carro' }));
    const dialog = await screen.findByRole('dialog', { name: 'Se necesita hacer Login' });
    await user.click(within(dialog).getByRole('button', { name: 'Realizar Login' }));
    expect(router.state.location.pathname).toBe('/login');
  });

  it.each([
    ['a blocked buyer', sessionOf('USER', { ...buyerProfile, morosidad: 'Bloqueado por morosidad' })],
    ['an admin', sessionOf('ADMIN')],
  ])('Agregar al Carro is disabled for %s', async (_who, session) => {
    api();
    renderWithProviders({ route, preloadedState: { session } });
    await screen.findByRole('heading', { level: 1, name: 'Polera Dry Fit Deportiva' });
    expect(screen.getByRole('button', { name: 'Agregar al Carro' })).toBeDisabled();
  });

  it('a product the ERP does not know shows the server message', async () => {
    mockApi({ '/user/b1/products-detail/POL-1003': { status: 404, body: { status: 404, message: 'Producto no encontrado' } } });
    renderWithProviders({ route, preloadedState: { session: sessionOf('USER') } });
    expect(await screen.findByText('Producto no encontrado')).toBeInTheDocument();
  });
});

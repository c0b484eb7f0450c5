import { screen, waitFor, waitForElementToBeRemoved, within } from '@testing-library/react';
import { cartItemsAddRequested } from '@client/app/events';
// the whole store: every feature's slice (and saga) joins the root reducer, as the scenario runner does
import '@client/app/allFeatures';
import type { ProductViewer } from '@client/features/product/ProductDetailScreen';
import { buyerProfile, renderWithProviders, sessionOf } from '../renderWithProviders';
import { json, mockApi } from '../home/mockApi';
import type { ProductDetail } from '@shared/api/erp';
import { content, detail, offerDetail } from './fixtures';
import { renderDetail } from './renderDetail';

const route = '/user/product-detail/POL-1003';
const api = (d = detail, c: unknown = content) => mockApi({ '/user/b1/products-detail/POL-1003': d, '/user/products/POL-1003': c });
const buyerViewer: ProductViewer = { loggedIn: true, isAdmin: false, blocked: false, mayBuy: true, descFidel: 4 };

/** The screen alone, at its route, with a spy on the store's dispatch (the route itself is guarded). */
const renderScreen = (viewer: ProductViewer) => renderDetail(route, viewer);

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

    // the price the buyer pays: 9990 less 4 % loyalty = 9590.4 → $9.590 (no offer)
    expect(screen.getByText('Tu precio distribuidor').parentElement).toHaveTextContent('$9.590');
    expect(screen.getByText('Es lo que pagas por unidad en el carro: precio lista y tu descuento de fidelización -4%.')).toBeInTheDocument();
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
    // P. Distrib. is what the cart charges: 9990 less 20 % and then 4 % = 7672.32 → $7.672
    expect(screen.getByText('Tu precio distribuidor').parentElement).toHaveTextContent('$7.672');
    const rowM = within(table).getByRole('row', { name: /POL-1003-M/ });
    expect(within(rowM).getAllByRole('cell').map((c) => c.textContent).slice(3, 6)).toEqual(['$9.990', '$7.992', '$7.672']);
  });

  it("shows the price the buyer will pay, labelled so: CAL-7002 for a Gold buyer is the cart's $9.016, not the loyalty-only $11.271", async () => {
    const cal: ProductDetail = {
      ...offerDetail,
      nombre: 'Calza Deportiva Tiro Alto',
      precio: 11990,
      precioOferta: 9592,
      descuento: 20,
      relacionados: [{ sku: 'CAL-7002-S', talla: 'S', stock: 223, preciolista: 11990, precioOferta: 9592, descuento: 20, descripcion: 'Calza S' }],
    };
    mockApi({ '/user/b1/products-detail/CAL-7002': cal, '/user/products/CAL-7002': { ...content, sku: 'CAL-7002' } });
    const gold = sessionOf('USER', { ...buyerProfile, descFidel: 6, fidelizacion: 'Gold' });
    renderWithProviders({ route: '/user/product-detail/CAL-7002', preloadedState: { session: gold } });
    await screen.findByRole('heading', { level: 1, name: 'Calza Deportiva Tiro Alto' });
    expect(screen.getByText('Tu precio distribuidor').parentElement).toHaveTextContent('$9.016');
    expect(screen.getByText('Es lo que pagas por unidad en el carro: precio lista, oferta -20% y tu descuento de fidelización -6%.')).toBeInTheDocument();
    expect(screen.queryByText('$11.271')).not.toBeInTheDocument();
    const row = within(screen.getByRole('table', { name: 'Tallas disponibles' })).getByRole('row', { name: /CAL-7002-S/ });
    expect(within(row).getAllByRole('cell')[5]).toHaveTextContent('$9.016');
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
    const { router, user } = renderScreen({ loggedIn: false, isAdmin: false, blocked: false, mayBuy: true, descFidel: 0 });
    await screen.findByRole('heading', { level: 1, name: 'Polera Dry Fit Deportiva' });
    await user.click(screen.getByRole('button', { name: 'Agregar al Carro' }));
    const dialog = await screen.findByRole('dialog', { name: 'Se necesita hacer Login' });
    await user.click(within(dialog).getByRole('button', { name: 'Realizar Login' }));
    expect(router.state.location.pathname).toBe('/login');
  });

  it.each([
    ['a blocked buyer', sessionOf('USER', { ...buyerProfile, morosidad: 'Bloqueado por morosidad' })],
    ['an admin', sessionOf('ADMIN')],
    ["a company's Finanzas person (the role buys nothing)", sessionOf('USER', buyerProfile, 'FINANZAS')],
    ["a company's Aprobador", sessionOf('USER', buyerProfile, 'APROBADOR')],
  ])('Agregar al Carro is disabled for %s', async (_who, session) => {
    api();
    renderWithProviders({ route, preloadedState: { session } });
    await screen.findByRole('heading', { level: 1, name: 'Polera Dry Fit Deportiva' });
    expect(screen.getByRole('button', { name: 'Agregar al Carro' })).toBeDisabled();
  });

  it("after 'Agregar al Carro' the quantities are cleared (a second click adds nothing) and the old error toast gives way to the success", async () => {
    const posted: unknown[] = [];
    mockApi({
      '/user/b1/products-detail/POL-1003': detail,
      '/user/products/POL-1003': content,
      '/user/cart': () => Promise.resolve(json(201, { id: posted.push(1) })),
      '/user/cart/count-cart/12': 2,
    });
    const { user } = renderWithProviders({ route, preloadedState: { session: sessionOf('USER') } });
    await screen.findByRole('heading', { level: 1, name: 'Polera Dry Fit Deportiva' });
    await user.type(quantity('S'), '9'); // above the stock: clamped to 5, with the error toast
    const excess = await screen.findByText('Un producto excede es mayor al stock');
    await user.type(quantity('M'), '3');
    await user.click(screen.getByRole('button', { name: 'Agregar al Carro' }));
    expect(await screen.findByText('Producto(s) agregados!!')).toBeInTheDocument();
    await waitForElementToBeRemoved(excess);
    expect(posted).toHaveLength(2);
    expect(quantity('S')).toHaveValue(null);
    expect(quantity('M')).toHaveValue(null);

    await user.click(screen.getByRole('button', { name: 'Agregar al Carro' }));
    expect(await screen.findByText('No hay productos seleccionado')).toBeInTheDocument();
    expect(posted).toHaveLength(2);
  });

  it('the ERP down: one alert in plain Spanish and a retry that loads the product again', async () => {
    let erpUp = false;
    mockApi({
      '/user/b1/products-detail/POL-1003': () =>
        Promise.resolve(erpUp ? json(200, detail) : json(503, { status: 503, message: 'El ERP no está disponible', code: 'ERP_UNAVAILABLE' })),
      '/user/products/POL-1003': content,
    });
    const { user } = renderWithProviders({ route, preloadedState: { session: sessionOf('USER') } });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(
      'No pudimos mostrar el stock y los precios de este producto: el ERP, nuestro sistema de stock y precios, no responde en este momento. No se perdió nada: tu carro sigue guardado. Reintenta en unos minutos.',
    );
    expect(screen.queryByText('El ERP no está disponible')).not.toBeInTheDocument();
    expect(screen.getAllByRole('alert')).toHaveLength(1);
    erpUp = true;
    await user.click(within(alert).getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Polera Dry Fit Deportiva' })).toBeInTheDocument();
  });

  it('a product the ERP does not know shows the server message', async () => {
    mockApi({ '/user/b1/products-detail/POL-1003': { status: 404, body: { status: 404, message: 'Producto no encontrado' } } });
    renderWithProviders({ route, preloadedState: { session: sessionOf('USER') } });
    expect(await screen.findByText('Producto no encontrado')).toBeInTheDocument();
  });
});

import { act, screen, waitFor, within } from '@testing-library/react';
import { cartEmptied, cartItemsAddRequested } from '@client/app/events';
import { buyerProfile, renderWithProviders, sessionOf } from '../renderWithProviders';
import { callsTo, chaqueta, fakeCartApi, json, polera } from './fixtures';

beforeEach(() => {
  document.cookie = 'XSRF-TOKEN=test-xsrf; path=/';
});

const renderAt = (route = '/user/catalog') => renderWithProviders({ route, preloadedState: { session: sessionOf('USER') } });
const cartButton = () => within(screen.getByRole('banner')).getByRole('button', { name: /^Carro de compras/ });
/** The badge shows what count-cart answered once the icon appears. */
const badgeShows = (n: number) => waitFor(() => expect(cartButton()).toHaveTextContent(String(n)));

describe('cart icon and drawer', () => {
  it('the badge is read from the server when the icon appears', async () => {
    const fetchMock = fakeCartApi();
    renderAt();
    await badgeShows(2);
    expect(callsTo(fetchMock, 'GET', '/api/user/cart/count-cart/12')).toHaveLength(1);
  });

  it("opens 'Carro (n)' with image, name, discounted price, read-only quantity and the Subtotal", async () => {
    fakeCartApi();
    const { user } = renderAt();
    await badgeShows(2);
    expect(cartButton()).toHaveAttribute('aria-expanded', 'false');
    await user.click(cartButton());
    const drawer = await screen.findByRole('dialog', { name: 'Carro (2)' });
    // the open panel is modal: the top bar is hidden from assistive technology meanwhile
    expect(screen.getByRole('button', { name: /^Carro de compras/, hidden: true })).toHaveAttribute('aria-expanded', 'true');

    const items = await within(drawer).findAllByRole('listitem');
    expect(items).toHaveLength(2);
    const first = within(drawer).getByRole('listitem', { name: 'Polera Dry Fit Deportiva talla M' });
    expect(within(first).getByRole('presentation')).toHaveAttribute('src', '/files/products/POL-1003-1.jpg');
    expect(first).toHaveTextContent('$9.590');
    expect(first).toHaveTextContent('Cantidad: 2');
    expect(within(first).queryByRole('spinbutton')).not.toBeInTheDocument();
    const second = within(drawer).getByRole('listitem', { name: 'Chaqueta Cortaviento talla L' });
    expect(second).toHaveTextContent('$19.192');
    expect(second).toHaveTextContent('Cantidad: 1');
    expect(within(drawer).getByText('Subtotal').parentElement).toHaveTextContent('Subtotal$38.372');
    expect(within(drawer).getByText('Todos los precios son más I. V. A.')).toBeInTheDocument();
  });

  it('opens from the keyboard and closes with Escape', async () => {
    fakeCartApi();
    const { user } = renderAt();
    await badgeShows(2);
    act(() => cartButton().focus());
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('dialog', { name: 'Carro (2)' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it("'Ver Carro' closes the drawer and opens /user/cart-detail", async () => {
    fakeCartApi();
    const { user, router } = renderAt();
    await badgeShows(2);
    await user.click(cartButton());
    const drawer = await screen.findByRole('dialog', { name: 'Carro (2)' });
    await user.click(within(drawer).getByRole('link', { name: 'Ver Carro' }));
    expect(router.state.location.pathname).toBe('/user/cart-detail');
    expect(await screen.findByRole('heading', { level: 1, name: 'Carro' })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it("the remove button deletes the line: 'Carro (1)' and the badge goes down by one", async () => {
    const fetchMock = fakeCartApi();
    const { user } = renderAt();
    await badgeShows(2);
    await user.click(cartButton());
    const drawer = await screen.findByRole('dialog', { name: 'Carro (2)' });
    await user.click(await within(drawer).findByRole('button', { name: 'Eliminar Chaqueta Cortaviento talla L' }));
    expect(await screen.findByRole('dialog', { name: 'Carro (1)' })).toBeInTheDocument();
    expect(callsTo(fetchMock, 'DELETE', '/api/user/cart/102')).toHaveLength(1);
    await waitFor(() => expect(within(drawer).getAllByRole('listitem')).toHaveLength(1));
    expect(within(drawer).getByText('Subtotal').parentElement).toHaveTextContent('$19.180');
  });

  it("a removed line hands the focus to the other line's remove button, the last one to the panel's title", async () => {
    fakeCartApi();
    const { user } = renderAt();
    await badgeShows(2);
    await user.click(cartButton());
    const drawer = await screen.findByRole('dialog', { name: 'Carro (2)' });
    (await within(drawer).findByRole('button', { name: 'Eliminar Chaqueta Cortaviento talla L' })).focus();
    await user.keyboard('{Enter}');
    await screen.findByRole('dialog', { name: 'Carro (1)' });
    await waitFor(() => expect(document.activeElement).toBe(within(drawer).getByRole('button', { name: 'Eliminar Polera Dry Fit Deportiva talla M' })));
    await user.keyboard('{Enter}');
    await screen.findByRole('dialog', { name: 'Carro (0)' });
    await waitFor(() => expect(document.activeElement).toBe(within(drawer).getByRole('heading', { name: 'Carro (0)' })));
  });

  it('an empty cart says so', async () => {
    fakeCartApi([]);
    const { user } = renderAt();
    await badgeShows(0);
    await user.click(cartButton());
    const drawer = await screen.findByRole('dialog', { name: 'Carro (0)' });
    expect(await within(drawer).findByText('El carro está vacío')).toBeInTheDocument();
    expect(within(drawer).getByText('Subtotal').parentElement).toHaveTextContent('$0');
  });

  it('a blocked buyer has no cart button, and no count is read', async () => {
    const fetchMock = fakeCartApi();
    renderWithProviders({ route: '/user/catalog', preloadedState: { session: sessionOf('USER', { ...buyerProfile, protesto: 'Protestado' }) } });
    await screen.findByRole('heading', { name: 'Catalogo' });
    expect(within(screen.getByRole('banner')).queryByRole('button', { name: /^Carro de compras/ })).not.toBeInTheDocument();
    expect(callsTo(fetchMock, 'GET', '/api/user/cart/count-cart/12')).toHaveLength(0);
  });
});

describe('adding from the product detail (cart/itemsAddRequested)', () => {
  it("adds each size, shows 'Producto(s) agregados!!' and the new count", async () => {
    const fetchMock = fakeCartApi([chaqueta]);
    const { store } = renderAt();
    await badgeShows(1);
    act(() => {
      store.dispatch(cartItemsAddRequested({ items: [{ sku: 'POL-1003-M', quantity: 2 }, { sku: 'POL-1003-L', quantity: 1 }] }));
    });
    expect(await screen.findByText('Producto(s) agregados!!')).toBeInTheDocument();
    await badgeShows(3);
    expect(callsTo(fetchMock, 'POST', '/api/user/cart').map(([, init]) => JSON.parse(String(init?.body)))).toEqual([
      { sku: 'POL-1003-M', quantity: 2 },
      { sku: 'POL-1003-L', quantity: 1 },
    ]);
  });

  it('a refused size shows the server message; the sizes added before stay and the count is refreshed', async () => {
    let posts = 0;
    const fetchMock = fakeCartApi([chaqueta], {
      'POST /api/user/cart': () => {
        posts += 1;
        return posts === 1
          ? json(201, polera)
          : json(400, { status: 400, message: 'No hay stock suficiente de Chaqueta Cortaviento talla L: disponible 3' });
      },
      'GET /api/user/cart/count-cart/12': () => json(200, posts > 0 ? 2 : 1),
    });
    const { store } = renderAt();
    await badgeShows(1);
    act(() => {
      store.dispatch(cartItemsAddRequested({ items: [{ sku: 'POL-1003-M', quantity: 2 }, { sku: 'CHA-2001-L', quantity: 9 }] }));
    });
    expect(await screen.findByText('No hay stock suficiente de Chaqueta Cortaviento talla L: disponible 3')).toBeInTheDocument();
    expect(screen.queryByText('Producto(s) agregados!!')).not.toBeInTheDocument();
    await badgeShows(2);
    expect(callsTo(fetchMock, 'GET', '/api/user/cart/count-cart/12')).toHaveLength(2);
  });

  it('after an order the cart is emptied: badge 0', async () => {
    fakeCartApi();
    const { store } = renderAt();
    await badgeShows(2);
    act(() => {
      store.dispatch(cartEmptied());
    });
    await badgeShows(0);
    expect(store.getState().cart.items).toEqual([]);
  });
});
